/** The command line's commands over the engine (SPEC §11). */
import { basename } from 'node:path';
import {
  realizeTask,
  sliceTasks,
  taskCount,
  type SeriesSet,
  type StreamPurpose,
} from '../../engine/index.ts';
import { UsageError } from '../args.ts';
import { asUsage, type Command } from './command.ts';
import { dataOptions, loadFromOptions } from '../io.ts';
import { IO_BLOCK, MatrixWriter } from '../matrixFiles.ts';

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
    tasks: { kind: 'integer', help: 'keep the first N tasks (default: all)' },
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
    const kept = {
      ids: samples.ids.slice(0, n),
      inst: sliceTasks(samples.inst, 0, n),
      avg: samples.avg && sliceTasks(samples.avg, 0, n),
    };
    if (o['out-avg'] && !kept.avg)
      throw new UsageError(`--out-avg: ${basename(o.data as string)} has no avg series`);
    const seed = o.seed as number;
    asUsage(() => realizeTo(o['out-inst'] as string, kept.inst, n, R, seed, 'inst'));
    if (o['out-avg'] && kept.avg)
      asUsage(() => realizeTo(o['out-avg'] as string, kept.avg!, n, R, seed, 'avg'));
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

/**
 * Realizes `series` (SPEC §2) straight into a `.npy`, one block of rows at a time: memory stays at
 * one block whatever N × R is, and every row is the one `realize` draws (its own stream).
 */
function realizeTo(
  path: string,
  series: SeriesSet,
  tasks: number,
  realizations: number,
  seed: number,
  purpose: StreamPurpose,
): void {
  const rowsPerBlock = Math.max(1, Math.floor(IO_BLOCK / 4 / realizations));
  const block = new Float32Array(Math.min(tasks, rowsPerBlock) * realizations);
  const out = new MatrixWriter(path, tasks, realizations);
  try {
    for (let first = 0; first < tasks; first += rowsPerBlock) {
      const rows = Math.min(rowsPerBlock, tasks - first);
      for (let r = 0; r < rows; r++)
        realizeTask(
          series,
          first + r,
          block.subarray(r * realizations, (r + 1) * realizations),
          seed,
          purpose,
        );
      out.write(block.subarray(0, rows * realizations));
    }
  } catch (e) {
    out.abort();
    throw e;
  }
  out.close();
}
