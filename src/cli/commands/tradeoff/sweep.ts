/** The command line's commands over the engine (SPEC §11). */
import {
  DEFAULT_SWEEP,
  PAPER_FITS,
  checkPackParams,
  checkPacker,
  formatFit,
  parseFit,
  sweepRuns,
  type RealizationMatrix,
  type Source,
  type SweepSpec,
  type TaskSamples,
  taskCount,
} from '../../../engine/index.ts';
import { createInlineRunner } from '../../../runtime/inlineRunner.ts';
import type { Runner } from '../../../runtime/runner.ts';
import { UsageError, rangeOption } from '../../args.ts';
import { INSTANCES, TASK_COUNT } from '../../../engine/ranges.ts';
import { WORKERS } from '../../ranges.ts';
import { createNodeRunner, defaultWorkers } from '../../pool/nodePool.ts';
import { asUsage, packOptions, type Command } from '../command.ts';
import { coresOfSpec, nodesJson, type CoreOptions } from '../../../present/cores.ts';
import { hasData, loadFromOptions, poolOptions, readMatrix } from '../../io.ts';

export const sweep: Command = {
  usage: 'npm run cli -- sweep (--inst X.npy [--avg Y.npy] | --data FILE) [options]',
  summary:
    'Runs a grid of fit tests × packers × instances (default: SPEC §8 fit tests, Best Fit, 50 instances) and prints one JSON line per run.',
  options: {
    ...poolOptions,
    instances: rangeOption(INSTANCES, 'instances K', DEFAULT_SWEEP.instances),
    tasks: rangeOption(
      TASK_COUNT,
      "tasks per instance N' (default 1000, or every task when the pool has fewer)",
    ),
    fits: {
      kind: 'string',
      help: 'comma-separated fit tests',
      default: PAPER_FITS.map(formatFit).join(','),
    },
    algos: { kind: 'string', help: 'comma-separated packers', default: 'bf' },
    capacity: packOptions.capacity,
    clairvoyance: packOptions.clairvoyance,
    source: packOptions.source,
    rebalance: packOptions.rebalance,
    workers: rangeOption(WORKERS, 'worker threads (0: on the main thread)', defaultWorkers()),
  },
  async run(o, out) {
    if (!o.inst === !hasData(o))
      throw new UsageError('give exactly one of --inst, --data or --prometheus');
    const seed = o.seed as number;
    const workers = o.workers as number;
    let source:
      | { kind: 'matrices'; inst: RealizationMatrix; avg: RealizationMatrix | null }
      | { kind: 'samples'; samples: TaskSamples };
    let cores: number | null = null;
    if (o.inst) {
      source = {
        kind: 'matrices',
        inst: readMatrix(o.inst as string),
        avg: o.avg ? readMatrix(o.avg as string) : null,
      };
    } else {
      const loaded = await loadFromOptions(o);
      cores = coresOfSpec(loaded.spec as CoreOptions);
      source =
        loaded.kind === 'matrix'
          ? { kind: 'matrices', inst: loaded.inst, avg: loaded.avg }
          : { kind: 'samples', samples: loaded.samples };
    }
    const poolTasks =
      source.kind === 'matrices' ? source.inst.rows : taskCount(source.samples.inst);
    const spec: SweepSpec = asUsage(() => ({
      seed,
      instances: o.instances as number,
      tasks: (o.tasks as number | undefined) ?? Math.min(1000, poolTasks),
      fits: (o.fits as string).split(',').map(parseFit),
      packers: (o.algos as string).split(',').map(checkPacker),
      capacity: o.capacity as number,
      clairvoyance: o.clairvoyance as number,
      source: o.source as Source,
      rebalance: o.rebalance as number,
    }));
    if (spec.tasks > poolTasks)
      throw new UsageError(`invalid --tasks ${spec.tasks}: the pool has ${poolTasks} tasks`);
    asUsage(() => sweepRuns(spec).forEach((r) => checkPackParams(r.params)));
    const runner: Runner = workers === 0 ? createInlineRunner() : createNodeRunner({ workers });
    try {
      const rows = await usageOf(async () => {
        const pool =
          source.kind === 'matrices'
            ? await runner.loadMatrices(source.inst, source.avg)
            : await runner.createPool(source.samples, o.realizations as number, seed);
        return runner.sweep(pool, spec);
      });
      for (const row of rows)
        out(
          JSON.stringify({
            index: row.index,
            instance: row.instance,
            algo: row.params.packer,
            fit: formatFit(row.params.fit),
            m_abs: row.mAbs,
            m_norm: row.mNorm,
            m: row.m,
            q: row.q,
            moves: row.moves,
            oversized: row.oversized,
            ...nodesJson(row.mAbs, row.params.capacity, cores),
            ...(row.slo && {
              target: row.slo.target,
              q_worst: row.slo.worst,
              machines_over_target: row.slo.over,
            }),
          }),
        );
    } finally {
      runner.dispose();
    }
  },
};

/** `asUsage` for async work: a bad parameter (RangeError, also from a worker) is a usage error. */
async function usageOf<T>(f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    if (e instanceof RangeError) throw new UsageError(e.message);
    throw e;
  }
}
