/** The command line's commands over the engine (SPEC §11). */
import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import {
  DEFAULT_SWEEP,
  PAPER_FITS,
  WorkloadStats,
  checkPacker,
  formatFit,
  identityRows,
  parseFit,
  parseWideCsv,
  realize,
  runPacking,
  runSweepRun,
  sweepRuns,
  type PackResult,
  type Source,
  type SweepSpec,
} from '../engine/index.ts';
import { helpText, UsageError, type OptionSpec } from './args.ts';
import { readMatrix, readText, writeMatrix } from './io.ts';

export interface Command {
  readonly usage: string;
  readonly summary: string;
  readonly options: Record<string, OptionSpec>;
  run(
    options: Record<string, string | number | boolean | undefined>,
    out: (line: string) => void,
  ): void | Promise<void>;
}

const packOptions = {
  algo: { kind: 'string', help: 'packer', default: 'bf', choices: ['ff', 'bf', 'ffd', 'bfd'] },
  fit: {
    kind: 'string',
    help: 'fit test: gpa:ρ, cantelli:b, av:f, perc:p or max',
    default: 'gpa:0.01',
  },
  capacity: { kind: 'number', help: 'machine capacity c', default: 1 },
  clairvoyance: { kind: 'number', help: 'share κ of the columns observed (1: all)', default: 1 },
  source: {
    kind: 'string',
    help: 'estimates from inst or avg',
    default: 'inst',
    choices: ['inst', 'avg'],
  },
  rebalance: { kind: 'integer', help: 'rebalancing max_failures (0: off)', default: 5 },
} as const satisfies Record<string, OptionSpec>;

function usage<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof RangeError) throw new UsageError(e.message);
    throw e;
  }
}

/** The peer's JSON: m_abs, m_norm, m, q, moves, machines [{tasks, q}], plus extra keys. */
export function peerJson(r: PackResult, rows: Int32Array): Record<string, unknown> {
  return {
    m_abs: r.mAbs,
    m_norm: r.mNorm,
    m: r.m,
    q: r.q,
    moves: r.moves,
    machines: r.machines.map((mc) => ({ tasks: Array.from(mc.tasks, (t) => rows[t]), q: mc.q })),
    oversized: r.oversized.map((t) => rows[t]),
    evaluated_columns: r.evaluated,
  };
}

export const pack: Command = {
  usage: 'npm run cli -- pack --inst X.npy [--avg Y.npy] [options]',
  summary: 'Packs the tasks of a realization matrix (rows in order) and prints the result as JSON.',
  options: {
    inst: { kind: 'string', help: 'inst realization matrix (N, R) .npy', required: true },
    avg: { kind: 'string', help: 'avg realization matrix (N, R) .npy' },
    ...packOptions,
    out: { kind: 'string', help: 'write the JSON here instead of stdout' },
  },
  run(o, out) {
    const params = usage(() => ({
      packer: checkPacker(o.algo as string),
      fit: parseFit(o.fit as string),
      capacity: o.capacity as number,
      clairvoyance: o.clairvoyance as number,
      source: o.source as Source,
      rebalance: o.rebalance as number,
    }));
    if (params.source === 'avg' && !o.avg) throw new UsageError('--source avg needs --avg');
    const inst = readMatrix(o.inst as string);
    const avg = o.avg ? readMatrix(o.avg as string) : null;
    const stats = usage(() => new WorkloadStats({ inst, avg }));
    const rows = identityRows(inst.rows);
    const result = usage(() => runPacking(stats, rows, params));
    const text = JSON.stringify(peerJson(result, rows));
    if (o.out) writeFileSync(o.out as string, text);
    else out(text);
  },
};

export const realizeCommand: Command = {
  usage: 'npm run cli -- realize --data FILE --realizations R --seed S --out-inst X.npy [options]',
  summary:
    'Draws realization matrices from a wide CSV of per-task samples (SPEC §2): R draws with replacement per task.',
  options: {
    data: { kind: 'string', help: 'wide CSV (PlanetLab, GCD), .csv or .csv.gz', required: true },
    scale: { kind: 'number', help: 'task size in machines, for percent data', default: 0.25 },
    fraction: { kind: 'flag', help: 'values are fractions of a machine, not percent' },
    tasks: { kind: 'integer', help: 'keep the first N tasks (default: all)' },
    realizations: { kind: 'integer', help: 'realizations per task R', default: 10000 },
    seed: { kind: 'integer', help: 'random seed', default: 1 },
    'out-inst': { kind: 'string', help: 'where to write the inst matrix', required: true },
    'out-avg': { kind: 'string', help: 'where to write the avg matrix (sources with avg only)' },
  },
  run(o, out) {
    const samples = parseWideCsv(readText(o.data as string), basename(o.data as string), {
      scale: o.scale as number,
      percent: !o.fraction,
    });
    const n = (o.tasks as number | undefined) ?? samples.inst.length;
    if (n < 1 || n > samples.inst.length)
      throw new UsageError(`invalid --tasks ${n}: the file has ${samples.inst.length} tasks`);
    const R = o.realizations as number;
    if (R < 1) throw new UsageError(`invalid --realizations ${R}`);
    const kept = {
      ids: samples.ids.slice(0, n),
      inst: samples.inst.slice(0, n),
      avg: samples.avg?.slice(0, n),
    };
    const m = usage(() => realize(kept, R, o.seed as number, false));
    writeMatrix(o['out-inst'] as string, m.inst);
    if (o['out-avg']) {
      if (!m.avg)
        throw new UsageError(`--out-avg: ${basename(o.data as string)} has no avg series`);
      writeMatrix(o['out-avg'] as string, m.avg);
    }
    out(
      JSON.stringify({
        tasks: n,
        realizations: R,
        seed: o.seed,
        inst: o['out-inst'],
        avg: o['out-avg'] ?? null,
      }),
    );
  },
};

export const sweep: Command = {
  usage: 'npm run cli -- sweep (--inst X.npy [--avg Y.npy] | --data FILE) [options]',
  summary:
    'Runs a grid of fit tests × packers × instances (default: SPEC §8 fit tests, Best Fit, 50 instances) and prints one JSON line per run.',
  options: {
    inst: { kind: 'string', help: 'pool inst realization matrix .npy' },
    avg: { kind: 'string', help: 'pool avg realization matrix .npy' },
    data: { kind: 'string', help: 'wide CSV to realize the pool from (instead of --inst)' },
    scale: { kind: 'number', help: 'task size in machines, for percent data', default: 0.25 },
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
  run(o, out) {
    if (!o.inst === !o.data) throw new UsageError('give exactly one of --inst or --data');
    const seed = o.seed as number;
    let workload;
    if (o.inst) {
      workload = {
        inst: readMatrix(o.inst as string),
        avg: o.avg ? readMatrix(o.avg as string) : null,
      };
    } else {
      const samples = parseWideCsv(readText(o.data as string), basename(o.data as string), {
        scale: o.scale as number,
        percent: true,
      });
      workload = usage(() => realize(samples, o.realizations as number, seed, false));
    }
    const spec: SweepSpec = usage(() => ({
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
    const stats = usage(() => new WorkloadStats(workload));
    for (const run of sweepRuns(spec)) {
      const row = usage(() => runSweepRun(stats, spec, run));
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

export const COMMANDS: Record<string, Command> = { pack, realize: realizeCommand, sweep };

export function commandHelp(name: string): string {
  const c = COMMANDS[name];
  return helpText(c.usage, c.summary, c.options);
}
