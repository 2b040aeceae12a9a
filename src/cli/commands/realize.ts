/** The command line's commands over the engine (SPEC §11). */
import { basename } from 'node:path';
import {
  matrixFrom,
  realize,
  sampleInstance,
  sliceTasks,
  taskCount,
  type RealizationMatrix,
} from '../../engine/index.ts';
import { UsageError } from '../args.ts';
import { asUsage, type Command } from './command.ts';
import { dataOptions, loadFromOptions, writeMatrix } from '../io.ts';

export const realizeCommand: Command = {
  usage: 'npm run cli -- realize --data FILE --realizations R --seed S --out-inst X.npy [options]',
  summary:
    'Draws realization matrices from per-task samples in any format (SPEC §2, §10): R draws with replacement per task.',
  options: {
    ...dataOptions,
    data: { ...dataOptions.data, required: true },
    fraction: {
      kind: 'flag',
      help: 'values are fractions of a machine, not percent (= --unit fraction)',
    },
    tasks: {
      kind: 'integer',
      help: 'keep the first N tasks (default: all), or with --instance the N tasks drawn',
    },
    instance: {
      kind: 'integer',
      help: "draw --tasks N tasks with the seed as the page's instance K does (Pack shows instance 0)",
    },
    realizations: { kind: 'integer', help: 'realizations per task R', default: 10000 },
    seed: { kind: 'integer', help: 'random seed', default: 1 },
    'out-inst': { kind: 'string', help: 'where to write the inst matrix', required: true },
    'out-avg': { kind: 'string', help: 'where to write the avg matrix (sources with avg only)' },
  },
  async run(o, out) {
    const loaded = await loadFromOptions(o);
    if (loaded.kind !== 'samples')
      throw new UsageError(`--data ${o.data} is already a realization matrix; pack it directly`);
    const samples = loaded.samples;
    const n = (o.tasks as number | undefined) ?? taskCount(samples.inst);
    if (n < 1 || n > taskCount(samples.inst))
      throw new UsageError(`invalid --tasks ${n}: the file has ${taskCount(samples.inst)} tasks`);
    const R = o.realizations as number;
    if (R < 1) throw new UsageError(`invalid --realizations ${R}`);
    const seed = o.seed as number;
    let m: { inst: RealizationMatrix; avg: RealizationMatrix | null };
    if (o.instance !== undefined) {
      // As the page: every task realized with the seed, then the instance's rows in draw order.
      const all = asUsage(() => realize(samples, R, seed, false));
      const rows = asUsage(() => sampleInstance(all.inst.rows, n, seed, o.instance as number));
      m = { inst: pickRows(all.inst, rows), avg: all.avg && pickRows(all.avg, rows) };
    } else {
      const kept = {
        ids: samples.ids.slice(0, n),
        inst: sliceTasks(samples.inst, 0, n),
        avg: samples.avg && sliceTasks(samples.avg, 0, n),
      };
      m = asUsage(() => realize(kept, R, seed, false));
    }
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

/** The rows of `m` in the order given. */
function pickRows(m: RealizationMatrix, rows: Int32Array): RealizationMatrix {
  const data = new Float32Array(rows.length * m.cols);
  rows.forEach((r, i) => data.set(m.data.subarray(r * m.cols, (r + 1) * m.cols), i * m.cols));
  return matrixFrom(rows.length, m.cols, data);
}
