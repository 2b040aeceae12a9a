/**
 * The Resize view's shareable parameters (one `resize` field of Params, every key in the link)
 * and the engine configurations they stand for: the run shown, and the Pareto sweep's grid.
 */
import {
  FUSD_DEFAULTS,
  RESIZE_SLO,
  Z_SCORE,
  parseSlo,
  type PolicySpec,
  type PredictorSpec,
  type ResizeSlo,
  FUSD_DOWN_ALPHA,
  FUSD_PERCENTILE,
  FUSD_UP_ALPHA,
  HOT_THRESHOLD,
  RESIZE_WINDOW,
} from '../../engine/index.ts';
import type { ResizeConfig } from '../../engine/index.ts';
import {
  choiceParam,
  customParam,
  defaultsOf,
  flagParam,
  intParam,
  numberParam,
  type ParamSpecs,
} from '../common/store/paramSpec.ts';

/** Workloads the page can load (as the CLI's `--vms` presets). */
export const RESIZE_WORKLOADS = {
  'planetlab-day': 'PlanetLab, 3 March 2011 (1,052 VMs × 288 steps)',
  planetlab: 'PlanetLab, ten days stitched per VM (1,052 VMs × 2,880 steps)',
  azure: 'Azure V1, 100 VMs × 8,004 steps (28 days)',
  bitbrains: 'Bitbrains Rnd, 100 VMs, CPU + memory by max-reduction',
  'bitbrains-cpu': 'Bitbrains Rnd, 100 VMs, CPU only',
} as const;
export type ResizeWorkloadId = keyof typeof RESIZE_WORKLOADS;
export const RESIZE_WORKLOAD_IDS = Object.keys(RESIZE_WORKLOADS) as ResizeWorkloadId[];

export const RESIZE_POLICIES = ['visbp', 'ff', 'bf', 'repack', 'hotspot'] as const;
export type ResizePolicyKind = (typeof RESIZE_POLICIES)[number];
export const RESIZE_PREDICTORS = ['fusd', 'last', 'oracle', 'stochastic'] as const;
export type ResizePredictorKind = (typeof RESIZE_PREDICTORS)[number];

export interface ResizeParams {
  readonly workload: ResizeWorkloadId;
  readonly policy: ResizePolicyKind;
  /** Repack period K (steps). */
  readonly every: number;
  readonly predictor: ResizePredictorKind;
  readonly upAlpha: number;
  readonly downAlpha: number;
  readonly window: number;
  readonly percentile: number;
  /** Stochastic bridge: e = μ + z·σ. */
  readonly z: number;
  /** VISBP with the stochastic bridge: hot(b) is GPA's bin test. */
  readonly gpaHot: boolean;
  /** A machine-step is a hot spot when its actual usage exceeds this. */
  readonly hot: number;
  /** The canned scenario replayed, and the frame shown (0-based event). */
  readonly scenario: string;
  readonly replayStep: number;
}

/** The Resize view's parameters, each once: key, default, range, in link order. */
export const RESIZE_PARAMS: ParamSpecs<ResizeParams> = {
  workload: choiceParam<ResizeWorkloadId>(
    'rw',
    'planetlab-day',
    'resize workload',
    RESIZE_WORKLOAD_IDS,
  ),
  policy: choiceParam<ResizePolicyKind>('rp', 'visbp', 'resize policy', RESIZE_POLICIES),
  every: intParam('rK', 12, 'repack period K', 1, 100_000, { unit: 'steps' }),
  predictor: choiceParam<ResizePredictorKind>('rpr', 'fusd', 'predictor', RESIZE_PREDICTORS),
  upAlpha: numberParam('ua', FUSD_DEFAULTS.upAlpha, FUSD_UP_ALPHA),
  downAlpha: numberParam('da', FUSD_DEFAULTS.downAlpha, FUSD_DOWN_ALPHA),
  window: numberParam('rW', FUSD_DEFAULTS.window, RESIZE_WINDOW, { unit: 'steps' }),
  percentile: numberParam('pct', FUSD_DEFAULTS.percentile, FUSD_PERCENTILE),
  z: numberParam('z', 1, Z_SCORE),
  gpaHot: flagParam('gh', false),
  hot: numberParam('hot', 1, HOT_THRESHOLD),
  scenario: customParam<string>('sc', 'tight-3-2', {
    read: (raw) =>
      /^[a-z0-9-]{1,40}$/.test(raw) ? { value: raw } : { problem: 'not a valid scenario' },
    write: (v) => v,
  }),
  replayStep: intParam('rs', 0, 'replay step', 0, 1_000_000),
};

export const DEFAULT_RESIZE: ResizeParams = defaultsOf(RESIZE_PARAMS);

/** The stochastic bridge's z, read as the Resize SLO `additive:z` (engine/fit/slo.ts). */
function bridgeZ(z: number): number {
  return (parseSlo(`additive:${z}`, RESIZE_SLO) as Extract<ResizeSlo, { z: number }>).z;
}

export function predictorOf(r: ResizeParams): PredictorSpec {
  switch (r.predictor) {
    case 'fusd':
      return {
        kind: 'fusd',
        upAlpha: r.upAlpha,
        downAlpha: r.downAlpha,
        window: r.window,
        percentile: r.percentile,
      };
    case 'stochastic':
      return { kind: 'stochastic', window: r.window, z: bridgeZ(r.z) };
    default:
      return { kind: r.predictor };
  }
}

export function policyOf(r: ResizeParams): PolicySpec {
  if (r.policy === 'repack') return { kind: 'repack', every: r.every };
  if (r.policy === 'visbp')
    return { kind: 'visbp', gpaHot: r.gpaHot && r.predictor === 'stochastic' };
  return { kind: r.policy };
}

/** The run the view shows (with its per-step series). */
export function resizeConfig(r: ResizeParams): ResizeConfig {
  return { policy: policyOf(r), predictor: predictorOf(r), hotThreshold: r.hot, series: true };
}

/** Identifies the shown run: everything but the replay. */
export function resizeRunKey(r: ResizeParams): string {
  return JSON.stringify([r.workload, policyOf(r), predictorOf(r), r.hot]);
}

export interface SweepPoint {
  readonly policy: string;
  /** The parameter varied, as text (e.g. "K = 12", "↑α = −0.2, ↓α = 0.7", "z = 2"). */
  readonly label: string;
  readonly config: ResizeConfig;
}

const UP_ALPHAS = [-0.8, -0.5, -0.2, 0, 0.4, 0.8, 0.9];
const DOWN_ALPHAS = [0.3, 0.7, 0.9];
const REPACK_KS = [1, 3, 12, 48, 144, 288];
const ZS = [0, 0.5, 1, 2, 3];

/**
 * The Pareto sweep's grid: VISBP over the FUSD α's, over z (stochastic bridge) and with the last
 * value and the oracle; repack over K; online FF/BF and hot-spot-only on FUSD. W, the percentile
 * and the hot threshold are the view's.
 */
export function sweepGrid(r: ResizeParams): SweepPoint[] {
  const hotThreshold = r.hot;
  const fusd = (upAlpha: number, downAlpha: number): PredictorSpec => ({
    kind: 'fusd',
    upAlpha,
    downAlpha,
    window: r.window,
    percentile: r.percentile,
  });
  const base = fusd(r.upAlpha, r.downAlpha);
  const at = (policy: PolicySpec, predictor: PredictorSpec): ResizeConfig => ({
    policy,
    predictor,
    hotThreshold,
  });
  const out: SweepPoint[] = [];
  for (const up of UP_ALPHAS)
    for (const down of DOWN_ALPHAS)
      out.push({
        policy: 'visbp',
        label: `FUSD ↑α = ${up}, ↓α = ${down}`,
        config: at({ kind: 'visbp' }, fusd(up, down)),
      });
  for (const z of ZS)
    out.push({
      policy: 'visbp',
      label: `μ + z·σ, z = ${z}`,
      config: at({ kind: 'visbp' }, { kind: 'stochastic', window: r.window, z: bridgeZ(z) }),
    });
  for (const kind of ['last', 'oracle'] as const)
    out.push({ policy: 'visbp', label: kind, config: at({ kind: 'visbp' }, { kind }) });
  for (const every of REPACK_KS)
    out.push({
      policy: 'repack',
      label: `K = ${every}`,
      config: at({ kind: 'repack', every }, base),
    });
  for (const kind of ['ff', 'bf', 'hotspot'] as const)
    out.push({ policy: kind, label: 'FUSD (view’s α)', config: at({ kind }, base) });
  return out;
}

/** Identifies a sweep: the workload and what the grid depends on. */
export function resizeSweepKey(r: ResizeParams): string {
  return JSON.stringify([r.workload, r.hot, r.window, r.percentile, r.upAlpha, r.downAlpha]);
}
