/** `resize`: one policy over a VM trace with changing sizes (SPEC §13); totals as JSON. */
import {
  FUSD_DEFAULTS,
  RESIZE_SLO,
  checkPredictor,
  parseSlo,
  simulateResize,
  type PolicySpec,
  type PredictorSpec,
  type PlacementSink,
  type ResizeSlo,
  type ResizeTotals,
  FUSD_DOWN_ALPHA,
  FUSD_PERCENTILE,
  FUSD_UP_ALPHA,
  HOT_THRESHOLD,
  RESIZE_MAX_STEPS,
  RESIZE_MAX_VMS,
  RESIZE_WINDOW,
  TASK_SCALE,
  Z_SCORE,
} from '../../../engine/index.ts';
import { toCsv } from '../../../present/csv.ts';
import { UsageError, rangeOption, type Options } from '../../args.ts';
import { asUsage, type Command } from '../command.ts';
import { RESIZE_PRESETS, loadResizeWorkload } from './resizeData.ts';
import { writeOutput } from '../../files.ts';

/** `visbp`, `ff`, `bf`, `hotspot`, `repack:K` or `repack-gpa:K:ρ` (GPA packer on μ, σ). */
export function parsePolicy(text: string, check = false, gpaHot = false): PolicySpec {
  if (text === 'visbp') return { kind: 'visbp', check, gpaHot };
  if (gpaHot) throw new UsageError('--gpa-hot applies to --policy visbp only');
  if (text === 'ff' || text === 'bf' || text === 'hotspot') return { kind: text };
  const m = /^repack:(\d+)$/.exec(text);
  if (m && Number(m[1]) >= 1) return { kind: 'repack', every: Number(m[1]) };
  const g = /^repack-gpa:(\d+):(.*)$/.exec(text);
  const slo = g && Number(g[1]) >= 1 ? sloOrNull(`gpa:${g[2]}`) : null;
  if (g && slo && 'rho' in slo)
    return { kind: 'repack', every: Number(g[1]), gpa: { rho: slo.rho } };
  throw new UsageError(
    `invalid --policy "${text}" (expected visbp, ff, bf, hotspot, repack:K or repack-gpa:K:ρ with K ≥ 1, 0 < ρ < 1)`,
  );
}

/** The Resize SLO of `text` (engine/fit/slo.ts), or null when it is refused. */
function sloOrNull(text: string): ResizeSlo | null {
  try {
    return parseSlo(text, RESIZE_SLO);
  } catch (e) {
    if (e instanceof RangeError) return null;
    throw e;
  }
}

/** `--z` as the Resize SLO `additive:z`; a bad one is refused naming the flag and the value. */
function bridgeZ(z: number): number {
  const slo = asUsage(() => parseSlo(`additive:${z}`, { ...RESIZE_SLO, name: '--z' }));
  return (slo as Extract<ResizeSlo, { z: number }>).z;
}

export function predictorFrom(o: Options): PredictorSpec {
  const name = o.predictor as string;
  if (o.z !== undefined && (name === 'last' || name === 'oracle'))
    throw new UsageError('--z applies to --predictor stochastic or fusd only');
  let p: PredictorSpec;
  if (o.z !== undefined)
    p = {
      kind: 'stochastic',
      window: (o.window as number) ?? FUSD_DEFAULTS.window,
      z: bridgeZ(o.z as number),
    };
  else if (name === 'fusd')
    p = {
      kind: 'fusd',
      upAlpha: (o['up-alpha'] as number) ?? FUSD_DEFAULTS.upAlpha,
      downAlpha: (o['down-alpha'] as number) ?? FUSD_DEFAULTS.downAlpha,
      window: (o.window as number) ?? FUSD_DEFAULTS.window,
      percentile: (o.percentile as number) ?? FUSD_DEFAULTS.percentile,
    };
  else if (name === 'stochastic')
    p = { kind: 'stochastic', window: (o.window as number) ?? FUSD_DEFAULTS.window, z: 0 };
  else p = { kind: name as 'last' | 'oracle' };
  return asUsage(() => checkPredictor(p));
}

function totalsJson(t: ResizeTotals): Record<string, number> {
  return { ...t };
}

export const resize: Command = {
  usage:
    'npm run cli -- resize --vms PRESET|FILE --policy visbp|ff|bf|repack:K|repack-gpa:K:ρ|hotspot --predictor fusd|last|oracle|stochastic [options] --json',
  summary: 'Live resizing with bounded migrations (VISBP and baselines) over a VM trace; totals.',
  options: {
    vms: {
      kind: 'string',
      help: `a preset (${Object.keys(RESIZE_PRESETS).join(', ')}) or a data file (one VM per task)`,
      required: true,
    },
    policy: {
      kind: 'string',
      help: 'visbp, ff, bf, repack:K, repack-gpa:K:ρ (GPA packer on the window μ, σ; needs --predictor stochastic) or hotspot',
      default: 'visbp',
    },
    predictor: {
      kind: 'string',
      help: 'size source (stochastic: e = μ + z·σ over the window)',
      default: 'fusd',
      choices: ['fusd', 'last', 'oracle', 'stochastic'],
    },
    'up-alpha': rangeOption(FUSD_UP_ALPHA, `FUSD ↑α (default ${FUSD_DEFAULTS.upAlpha})`),
    'down-alpha': rangeOption(FUSD_DOWN_ALPHA, `FUSD ↓α (default ${FUSD_DEFAULTS.downAlpha})`),
    window: rangeOption(
      RESIZE_WINDOW,
      `FUSD / stochastic window W (default ${FUSD_DEFAULTS.window})`,
    ),
    percentile: rangeOption(
      FUSD_PERCENTILE,
      `FUSD observation percentile (default ${FUSD_DEFAULTS.percentile})`,
    ),
    z: rangeOption(Z_SCORE, 'stochastic bridge: e = μ + z·σ (implies --predictor stochastic)'),
    hot: rangeOption(
      HOT_THRESHOLD,
      'hot-spot threshold on actual usage (SPEC 1; the paper 0.9)',
      1,
    ),
    scale: rangeOption(TASK_SCALE, 'VM size in machines (default: the preset’s)'),
    'max-vms': rangeOption(RESIZE_MAX_VMS, 'use the first N VMs'),
    'max-steps': rangeOption(RESIZE_MAX_STEPS, 'use the first N steps'),
    'gpa-hot': {
      kind: 'flag',
      help: 'VISBP with --z: hot(b) is GPA’s bin test μ_B + z·σ_B > 1 (no proven bound)',
    },
    check: { kind: 'flag', help: 'VISBP: check every invariant after every event (slow)' },
    series: { kind: 'flag', help: 'also print the per-step series' },
    placements: {
      kind: 'string',
      help: 'write step,vm,machine,predicted_size,actual_usage here (every present VM at every step; machine: an identity never reused, so a change is a migration)',
    },
    json: { kind: 'flag', help: 'print JSON (the only output form)' },
  },
  async run(o, out) {
    const policy = parsePolicy(o.policy as string, o.check === true, o['gpa-hot'] === true);
    if (o['gpa-hot'] && o.z === undefined) throw new UsageError('--gpa-hot needs --z');
    const predictor = predictorFrom(o);
    const hot = o.hot as number;
    const maxVms = o['max-vms'] as number | undefined;
    const maxSteps = o['max-steps'] as number | undefined;
    const workload = await loadResizeWorkload(o.vms as string, {
      scale: o.scale as number | undefined,
      maxVms,
      maxSteps,
    });
    const rows: Record<string, unknown>[] = [];
    const placements: PlacementSink | undefined = o.placements
      ? (step, vm, machine, predicted, actual) =>
          rows.push({
            step,
            vm: workload.ids[vm],
            machine,
            predicted_size: predicted,
            actual_usage: actual,
          })
      : undefined;
    const r = asUsage(() =>
      simulateResize(workload, {
        policy,
        predictor,
        hotThreshold: hot,
        series: o.series === true,
        placements,
      }),
    );
    if (o.placements) writeOutput(o.placements as string, toCsv(rows));
    const body: Record<string, unknown> = {
      vms: workload.name,
      vm_count: workload.usage.length,
      steps: workload.steps,
      policy: o.policy,
      predictor,
      ...totalsJson(r.totals),
    };
    if (r.series)
      body.series = Object.fromEntries(
        Object.entries(r.series).map(([k, v]) => [k, Array.from(v as ArrayLike<number>)]),
      );
    out(JSON.stringify(body));
  },
};
