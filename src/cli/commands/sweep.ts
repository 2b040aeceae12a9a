/** The command line's commands over the engine (SPEC §11). */
import {
  DEFAULT_SWEEP,
  PAPER_FITS,
  WorkloadStats,
  checkPacker,
  formatFit,
  parseFit,
  realize,
  runSweepRun,
  sweepRuns,
  type Source,
  type SweepSpec,
} from '../../engine/index.ts';
import { UsageError } from '../args.ts';
import { asUsage, packOptions, type Command } from './command.ts';
import { dataOptions, loadFromOptions, readMatrix } from '../io.ts';

export const sweep: Command = {
  usage: 'npm run cli -- sweep (--inst X.npy [--avg Y.npy] | --data FILE) [options]',
  summary:
    'Runs a grid of fit tests × packers × instances (default: SPEC §8 fit tests, Best Fit, 50 instances) and prints one JSON line per run.',
  options: {
    inst: { kind: 'string', help: 'pool inst realization matrix .npy' },
    avg: { kind: 'string', help: 'pool avg realization matrix .npy' },
    ...dataOptions,
    data: {
      ...dataOptions.data,
      help: `${dataOptions.data.help}, to realize the pool from (instead of --inst)`,
    },
    realizations: { kind: 'integer', help: 'R, with --data', default: 10000 },
    seed: { kind: 'integer', help: 'random seed (realizations and instances)', default: 1 },
    instances: { kind: 'integer', help: 'instances K', default: DEFAULT_SWEEP.instances },
    tasks: { kind: 'integer', help: "tasks per instance N'", default: 1000 },
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
  },
  async run(o, out) {
    if (!o.inst === !o.data) throw new UsageError('give exactly one of --inst or --data');
    const seed = o.seed as number;
    let workload;
    if (o.inst) {
      workload = {
        inst: readMatrix(o.inst as string),
        avg: o.avg ? readMatrix(o.avg as string) : null,
      };
    } else {
      const loaded = await loadFromOptions(o);
      workload =
        loaded.kind === 'matrix'
          ? { inst: loaded.inst, avg: loaded.avg }
          : asUsage(() => realize(loaded.samples, o.realizations as number, seed, false));
    }
    const spec: SweepSpec = asUsage(() => ({
      seed,
      instances: o.instances as number,
      tasks: o.tasks as number,
      fits: (o.fits as string).split(',').map(parseFit),
      packers: (o.algos as string).split(',').map(checkPacker),
      capacity: o.capacity as number,
      clairvoyance: o.clairvoyance as number,
      source: o.source as Source,
      rebalance: o.rebalance as number,
    }));
    if (spec.tasks > workload.inst.rows)
      throw new UsageError(
        `invalid --tasks ${spec.tasks}: the pool has ${workload.inst.rows} tasks`,
      );
    const stats = asUsage(() => new WorkloadStats(workload));
    for (const run of sweepRuns(spec)) {
      const row = asUsage(() => runSweepRun(stats, spec, run));
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
        }),
      );
    }
  },
};
