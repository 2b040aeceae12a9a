/** `tune`: the SLO auto-tuner over the engine, its ranked table as text or JSON. */
import {
  ALIGNED_FAMILIES,
  DEFAULT_TUNE,
  FAMILIES,
  TUNE_SEARCHES,
  WorkloadStats,
  checkPacker,
  checkTuneSpec,
  folds,
  realize,
  runTune,
  type Source,
  type TaskSamples,
  type TuneResult,
  type TuneSearch,
  type TuneSpec,
  type TuneTable,
} from '../../../engine/index.ts';
import { coresOfSpec, nodesJson, nodesText, type CoreOptions } from '../../../present/cores.ts';
import { UsageError, rangeOption } from '../../args.ts';
import { BIN_WIDTH } from '../../../engine/fit/index.ts';
import { INSTANCES, TASK_COUNT } from '../../../engine/ranges.ts';
import {
  REFINE_POINTS,
  REFINE_ROUNDS,
  TUNE_BATCH,
  TUNE_CONFIDENCE,
  TUNE_TARGET,
} from '../../../engine/tune/index.ts';
import { WORKERS } from '../../ranges.ts';
import { asUsage, packOptions, type Command } from '../command.ts';
import { hasData, loadFromOptions, poolOptions, readMatrix } from '../../io.ts';
import { createNodeRunner, defaultWorkers } from '../../pool/nodePool.ts';
import { runTuneOn } from '../../../runtime/jobRuns.ts';
import { replayOptions } from '../replayData.ts';
import {
  familiesOf,
  targetsOf,
  targetsProblem,
  tuneReplayed,
  tuneScopeOption,
} from './tuneReplay.ts';

export const tune: Command = {
  usage: 'npm run cli -- tune (--data FILE | --inst X.npy [--avg Y.npy]) --target 0.001 [options]',
  summary:
    'Tunes each fit family to a target SLO q* by cross-validation inside the observed columns, then ranks them by machines and held-out q (JSON: each row’s SLO per machine); --mode aligned tunes on the time-aligned instants by walk-forward folds, the target per --scope, and picks the family with the fewest machines among those that met it on every fold.',
  options: {
    ...poolOptions,
    target: {
      kind: 'string',
      help: 'target SLO q* (comma-separated for several tables)',
      required: true,
      range: TUNE_TARGET,
      check: targetsProblem,
    },
    confidence: rangeOption(
      TUNE_CONFIDENCE,
      'confidence that the CV q meets q*',
      DEFAULT_TUNE.confidence,
    ),
    instances: rangeOption(INSTANCES, 'instances K', DEFAULT_TUNE.instances),
    tasks: rangeOption(
      TASK_COUNT,
      `tasks per instance N' (default ${DEFAULT_TUNE.tasks}, or every task when the pool has fewer)`,
    ),
    families: {
      kind: 'string',
      help: `comma-separated fit families (${FAMILIES.join(', ')}; default ${DEFAULT_TUNE.families.join(',')}, with --mode aligned ${ALIGNED_FAMILIES.join(',')})`,
    },
    algo: packOptions.algo,
    capacity: packOptions.capacity,
    clairvoyance: {
      ...packOptions.clairvoyance,
      help: 'share κ of the columns observed; the rest is held out for the final q',
      default: DEFAULT_TUNE.clairvoyance,
    },
    source: packOptions.source,
    rebalance: packOptions.rebalance,
    bin: rangeOption(BIN_WIDTH, 'bin width w of the conv family', DEFAULT_TUNE.bin),
    'refine-rounds': rangeOption(
      REFINE_ROUNDS,
      'grid refinement rounds after the coarse grid',
      DEFAULT_TUNE.refineRounds,
    ),
    'refine-points': rangeOption(
      REFINE_POINTS,
      'new values per bracket and round',
      DEFAULT_TUNE.refinePoints,
    ),
    search: {
      kind: 'string',
      help: `which candidates are cross-validated (${TUNE_SEARCHES.join(', ')}: the same winners)`,
      default: DEFAULT_TUNE.search,
    },
    batch: rangeOption(
      TUNE_BATCH,
      'smart search: instances a new value runs on before early stopping (default ⌈K/4⌉ for one target, K — none — for several)',
    ),
    workers: rangeOption(
      WORKERS,
      'pool workers for per-task data (0: inline, in this thread)',
      defaultWorkers(),
    ),
    json: { kind: 'flag', help: 'print the result as one JSON object' },
    ...replayOptions,
    ...tuneScopeOption,
  },
  async run(o, out) {
    if (o.mode !== 'independent') return tuneReplayed(o, out);
    if (o.scope !== undefined && o.scope !== 'mean')
      throw new UsageError(
        '--scope is for --mode aligned (the independent tuner targets the mean)',
      );
    if (!o.inst === !hasData(o))
      throw new UsageError('give exactly one of --inst, --data or --prometheus');
    const seed = o.seed as number;
    const workers = o.workers as number;
    if (!(TUNE_SEARCHES as readonly string[]).includes(o.search as string))
      throw new UsageError(`invalid --search "${o.search}" (expected ${TUNE_SEARCHES.join(', ')})`);
    let workload;
    let samples: TaskSamples | null = null;
    let cores: number | null = null;
    if (o.inst) {
      workload = {
        inst: readMatrix(o.inst as string),
        avg: o.avg ? readMatrix(o.avg as string) : null,
      };
    } else {
      const loaded = await loadFromOptions(o);
      cores = coresOfSpec(loaded.spec as CoreOptions);
      if (loaded.kind === 'matrix') workload = { inst: loaded.inst, avg: loaded.avg };
      else {
        samples = loaded.samples;
        workload = asUsage(() => realize(loaded.samples, o.realizations as number, seed, false));
      }
    }
    const spec: TuneSpec = asUsage(() => ({
      seed,
      instances: o.instances as number,
      tasks: (o.tasks as number | undefined) ?? Math.min(DEFAULT_TUNE.tasks, workload.inst.rows),
      packer: checkPacker(o.algo as string),
      capacity: o.capacity as number,
      clairvoyance: o.clairvoyance as number,
      source: o.source as Source,
      rebalance: o.rebalance as number,
      bin: o.bin as number,
      confidence: o.confidence as number,
      families: familiesOf(o, DEFAULT_TUNE.families),
      targets: targetsOf(o),
      refineRounds: o['refine-rounds'] as number,
      refinePoints: o['refine-points'] as number,
      search: o.search as TuneSearch,
      ...(o.batch !== undefined ? { batch: o.batch as number } : {}),
    }));
    if (spec.source === 'avg' && !workload.avg)
      throw new UsageError('--source avg needs an avg series (--avg or a source with one)');
    const stats = asUsage(() => new WorkloadStats(workload));
    const progress = process.stderr.isTTY
      ? (phase: string, round: number, done: number, total: number) =>
          process.stderr.write(
            `\r${phase} ${phase === 'cv' ? `round ${round} ` : ''}${done}/${total}   `,
          )
      : undefined;
    let result: TuneResult;
    if (samples && workers > 0) {
      // Per-task data: the tuner's jobs on a pool of workers (each realizes the same matrix).
      // What the workers would reject, named here as a usage error.
      asUsage(
        () => (checkTuneSpec(spec, stats.workload.inst.rows), folds(stats, spec.clairvoyance)),
      );
      const runner = createNodeRunner({ workers });
      try {
        const pool = await runner.createPool(samples, o.realizations as number, seed);
        result = await runTuneOn(runner, pool, spec, {
          onProgress: (p) => progress?.(p.phase, p.round, p.done, p.total),
        });
      } finally {
        runner.dispose();
      }
    } else result = asUsage(() => runTune(stats, spec, progress));
    if (progress) process.stderr.write('\n');
    if (o.json) out(JSON.stringify({ spec, ...tuneJsonInCores(spec, result, cores) }));
    else for (const line of tuneText(spec, result, cores)) out(line);
  },
};

const sci = (v: number) => (v === 0 ? '0' : v.toExponential(2));

/** Each row's mean machines also as nodes and cores (`nodes`), where the data came in cores. */
function tuneJsonInCores(spec: TuneSpec, result: TuneResult, cores: number | null): TuneResult {
  if (cores === null) return result;
  return {
    ...result,
    tables: result.tables.map((t) => ({
      ...t,
      rows: t.rows.map((r) => ({ ...r, nodes: nodesJson(r.machines, spec.capacity, cores) })),
    })),
  };
}

function tableText(spec: TuneSpec, t: TuneTable, cores: number | null): string[] {
  const inNodes = (machines: number) => {
    const nodes = nodesText(machines, spec.capacity, cores);
    return nodes === null ? '' : ` (${nodes})`;
  };
  const lines = [
    `q* = ${t.target} at ${t.confidence * 100} % confidence: ${spec.instances} instances × ${spec.tasks} tasks, ${spec.packer}, c = ${spec.capacity}, κ = ${spec.clairvoyance}${t.heldOut ? '' : ' (κ = 1: E = O, nothing is held out)'}; a q of 0 is below 1/|E| = ${sci(t.floor)}`,
    [
      'rank',
      'family'.padEnd(24),
      'fit test'.padEnd(18),
      'machines',
      '     m',
      '  held-out q',
      `${t.confidence * 100} % band`.padEnd(22),
      'result'.padEnd(7),
      'CV q (upper bound)',
    ].join('  '),
  ];
  for (const r of t.rows)
    lines.push(
      [
        String(r.rank).padStart(4),
        (r.tuned ? r.label : `${r.label} (untuned)`).padEnd(24),
        r.fitText.padEnd(18),
        r.machines.toFixed(2).padStart(8),
        r.m.toFixed(3).padStart(6),
        sci(r.q).padStart(12),
        `[${sci(r.qBand.low)}, ${sci(r.qBand.high)}]`.padEnd(22),
        (r.met ? 'met' : 'missed').padEnd(7),
        r.cv
          ? `${sci(r.cv.q)} (${sci(r.cv.upper)})${r.cvMet ? '' : ' no value met q* in CV'}`
          : '—',
      ].join('  '),
    );
  if (t.best) {
    const paper = t.rows.filter((r) => r.tuned && r.paper && r.met);
    const rival = paper.length ? paper.reduce((a, b) => (b.machines < a.machines ? b : a)) : null;
    lines.push(
      `best: ${t.best.fitText} on ${t.best.machines.toFixed(2)} machines${inNodes(t.best.machines)}, held-out q ${sci(t.best.q)}` +
        (rival && rival !== t.best
          ? `; the best tuned paper family, ${rival.fitText}, needs ${rival.machines.toFixed(2)}`
          : ''),
    );
    lines.push(
      `fewer machines than every tuned paper family (GPA, av, perc, Cantelli) that met q*: ${t.beatsPaper ? 'yes' : 'no'}`,
    );
  } else lines.push('best: no tuned fit test met q* in cross-validation and held out');
  return lines;
}

export function tuneText(
  spec: TuneSpec,
  result: TuneResult,
  cores: number | null = null,
): string[] {
  return result.tables.flatMap((t, k) => [...(k ? [''] : []), ...tableText(spec, t, cores)]);
}
