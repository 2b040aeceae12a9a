/** The command line's commands over the engine (SPEC §11). */
import { basename } from 'node:path';
import {
  DataError,
  isCoded,
  matrixFrom,
  realize,
  realizeRows,
  sampleInstance,
  sliceTasks,
  type CodedSeries,
  taskCount,
  type SeriesSet,
  type TaskSamples,
  type StreamPurpose,
  type RealizationMatrix,
  type RealizationMode,
} from '../../engine/index.ts';
import { INSTANCE, REALIZATIONS, SEED } from '../../engine/ranges.ts';
import { KEPT_TASKS, THREADS } from '../ranges.ts';
import { UsageError, rangeOption, type Options } from '../args.ts';
import { asUsage, type Command } from './command.ts';
import { loadReplay, replayJson, replayOptions, type Replay } from './replayData.ts';
import { dataOptions, hasData, loadFromOptions, writeMatrix } from '../io.ts';
import { MatrixWriter } from '../matrixFiles.ts';
import { PARALLEL_DRAWS, realizeWhileReading, rowsPerBlock } from './realizeStream.ts';
import { defaultWorkers, tsxBootstrap } from '../pool/nodePool.ts';
import { writeTaskIds } from '../taskIds.ts';
import { Worker } from 'node:worker_threads';
import { writeOutput } from '../files.ts';

export const realizeCommand: Command = {
  usage:
    'npm run cli -- realize --data FILE (or --prometheus URL) --realizations R --seed S --out-inst X.npy [options]',
  summary:
    'Realization matrices from per-task samples in any format (SPEC §2, §10): R independent draws with replacement per task (the paper’s), the time-aligned instants (--mode aligned: column t is one instant for every task), or a joint block bootstrap of them (--mode blocks --block B).',
  options: {
    ...dataOptions,
    fraction: {
      kind: 'flag',
      help: 'values are fractions of a machine, not percent (= --unit fraction)',
    },
    tasks: rangeOption(
      KEPT_TASKS,
      'keep the first N tasks (default: all), or with --instance the N tasks drawn',
    ),
    instance: rangeOption(
      INSTANCE,
      "draw --tasks N tasks with the seed as the page's instance K does (Pack shows instance 0)",
    ),
    realizations: rangeOption(REALIZATIONS, 'realizations per task R', 10000),
    seed: rangeOption(SEED, 'random seed', 1),
    'out-inst': { kind: 'string', help: 'where to write the inst matrix', required: true },
    'out-avg': { kind: 'string', help: 'where to write the avg matrix (sources with avg only)' },
    workers: rangeOption(
      THREADS,
      'threads drawing the rows (default: the cores; the matrix is the same for any number)',
    ),
    ...replayOptions,
    'out-judge': { kind: 'string', help: 'with --learn: where to write the judged part (inst)' },
    'out-ids': { kind: 'string', help: 'aligned and blocks: where to write the task ids (JSON)' },
  },
  async run(o, out) {
    if (!hasData(o)) throw new UsageError('--data (or --prometheus URL) is required');
    if ((o.mode as RealizationMode) !== 'independent') return realizeAligned(o, out);
    for (const k of ['learn', 'judge', 'out-judge', 'block', 'out-ids'])
      if (o[k] !== undefined) throw new UsageError(`--${k} is for --mode aligned or blocks`);
    const R = o.realizations as number;
    const seed = o.seed as number;
    const workers = (o.workers as number | undefined) ?? defaultWorkers();
    // Without --workers, a small matrix is drawn on this thread (done before threads would start).
    const parallelFrom = o.workers === undefined ? PARALLEL_DRAWS : 0;
    const streamed = await realizeWhileReading(o, {
      path: o['out-inst'] as string,
      tasks: o.tasks as number | undefined,
      realizations: R,
      seed,
      workers,
      parallelFrom,
    });
    if (streamed?.written) {
      writeTaskIds(o['out-inst'] as string, streamed.ids);
      return out(summary(o, streamed.tasks));
    }
    const samples = streamed ? streamed.samples : await loadSamples(o);
    const n = (o.tasks as number | undefined) ?? taskCount(samples.inst);
    if (n < 1 || n > taskCount(samples.inst))
      throw new UsageError(`invalid --tasks ${n}: the file has ${taskCount(samples.inst)} tasks`);
    const kept = keptRows(o, taskCount(samples.inst));
    const keptIds = Array.from(kept, (r) => samples.ids[r]);
    writeTaskIds(o['out-inst'] as string, keptIds);
    if (o['out-avg']) writeTaskIds(o['out-avg'] as string, keptIds);
    if (o.instance !== undefined) {
      // As the page: every task realized with the seed, then the instance's rows in draw order.
      const all = asUsage(() => realize(samples, R, seed, false));
      const m = { inst: pickRows(all.inst, kept), avg: all.avg && pickRows(all.avg, kept) };
      writeMatrix(o['out-inst'] as string, m.inst);
      if (o['out-avg']) {
        if (!m.avg)
          throw new UsageError(
            `--out-avg: ${basename(String(o.data ?? o.prometheus))} has no avg series`,
          );
        writeMatrix(o['out-avg'] as string, m.avg);
      }
    } else {
      const first = {
        ids: samples.ids.slice(0, n),
        inst: sliceTasks(samples.inst, 0, n),
        avg: samples.avg && sliceTasks(samples.avg, 0, n),
      };
      if (o['out-avg'] && !first.avg)
        throw new UsageError(
          `--out-avg: ${basename(String(o.data ?? o.prometheus))} has no avg series`,
        );
      await realizeTo(
        o['out-inst'] as string,
        first.inst,
        n,
        R,
        seed,
        'inst',
        workers,
        parallelFrom,
      );
      if (o['out-avg'] && first.avg)
        await realizeTo(
          o['out-avg'] as string,
          first.avg,
          n,
          R,
          seed,
          'avg',
          workers,
          parallelFrom,
        );
    }
    out(summary(o, n));
  },
};

/**
 * The rows of a universe of `tasks` tasks that realize keeps, the same in every mode: the first
 * --tasks N, or with --instance the N drawn as the page's instance K draws them (all without either).
 */
function keptRows(o: Options, tasks: number): Int32Array {
  const n = (o.tasks as number | undefined) ?? tasks;
  if (n < 1 || n > tasks)
    throw new UsageError(`invalid --tasks ${n}: the data have ${tasks} tasks`);
  if (o.instance === undefined) return Int32Array.from({ length: n }, (_, i) => i);
  return asUsage(() => sampleInstance(tasks, n, o.seed as number, o.instance as number));
}

/**
 * The aligned rows of the tasks realize keeps in independent mode (`keptRows` over the data's
 * tasks, found by id; a dated id `YYYYMMDD:vm` is its VM's row when the VM has that one day), and
 * their ids as the independent realization names them. Where aligning joins several tasks into one
 * (a VM's days become one task in time) the rows are not the data's tasks, and `keptRows` picks
 * among the aligned rows instead. A kept task that aligning left out is refused by name.
 */
function alignedKeptRows(o: Options, r: Replay): { rows: Int32Array; ids: string[] } {
  const rowOf = new Map(r.aligned.ids.map((id, i) => [id, i]));
  const alignedId = (id: string) => (rowOf.has(id) ? id : id.replace(/^\d{8}:/, ''));
  const taskOf = new Map(r.taskIds.map((id, k) => [alignedId(id), k]));
  if (taskOf.size < r.taskIds.length || r.aligned.ids.some((id) => !taskOf.has(id))) {
    const rows = keptRows(o, r.aligned.ids.length);
    return { rows, ids: Array.from(rows, (k) => r.aligned.ids[k]) };
  }
  const kept =
    o.tasks === undefined && o.instance === undefined
      ? Int32Array.from(r.aligned.ids, (id) => taskOf.get(id)!)
      : keptRows(o, r.taskIds.length);
  const rows = Int32Array.from(kept, (k) => {
    const row = rowOf.get(alignedId(r.taskIds[k]));
    if (row !== undefined) return row;
    const left = r.aligned.report.tasksDropped.find((d) => d.id === r.taskIds[k]);
    throw new UsageError(
      `--tasks/--instance keep task "${r.taskIds[k]}", which aligning left out` +
        (left
          ? ` (samples at ${left.coverage.toFixed(3)} of the instants, under --min-coverage)`
          : '') +
        ': independent and aligned realizations must hold the same tasks',
    );
  });
  return { rows, ids: Array.from(kept, (k) => r.taskIds[k]) };
}

async function loadSamples(o: Options): Promise<TaskSamples> {
  const loaded = await loadFromOptions(o);
  if (loaded.kind !== 'samples')
    throw new UsageError(`--data ${o.data} is already a realization matrix; pack it directly`);
  return loaded.samples;
}

function summary(o: Options, tasks: number): string {
  return JSON.stringify({
    tasks,
    realizations: o.realizations,
    seed: o.seed,
    inst: o['out-inst'],
    avg: o['out-avg'] ?? null,
  });
}

/**
 * Realizes `series` (SPEC §2) straight into a `.npy`, one block of rows at a time: memory stays at
 * a block per worker whatever N × R is, and every row is the one `realize` draws (its own stream,
 * so which thread draws it does not matter). Coded samples of a large matrix are realized by worker
 * threads, each into its own shared block, written in row order as they come back.
 */
async function realizeTo(
  path: string,
  series: SeriesSet,
  tasks: number,
  realizations: number,
  seed: number,
  purpose: StreamPurpose,
  workers: number,
  parallelFrom: number,
): Promise<void> {
  const perBlock = rowsPerBlock(realizations);
  const out = new MatrixWriter(path, tasks, realizations);
  const blocks = Math.ceil(tasks / perBlock);
  const threads = isCoded(series) ? Math.min(workers, blocks) : 1;
  try {
    if (threads < 2 || tasks * realizations < parallelFrom) {
      const block = new Float32Array(Math.min(tasks, perBlock) * realizations);
      for (let first = 0; first < tasks; first += perBlock) {
        const rows = Math.min(perBlock, tasks - first);
        realizeRows(series, first, rows, block, realizations, seed, purpose);
        out.write(block.subarray(0, rows * realizations));
      }
    } else {
      await realizeInWorkers(series as CodedSeries, out, perBlock, seed, purpose, threads);
    }
  } catch (e) {
    out.abort();
    throw e;
  }
  out.close();
}

function shared<T extends Uint8Array | Uint16Array | Float64Array>(a: T): T {
  const copy = new (a.constructor as new (b: SharedArrayBuffer) => T)(
    new SharedArrayBuffer(a.byteLength),
  );
  copy.set(a);
  return copy;
}

async function realizeInWorkers(
  series: CodedSeries,
  out: MatrixWriter,
  rowsPerBlock: number,
  seed: number,
  purpose: StreamPurpose,
  threads: number,
): Promise<void> {
  const { rows: tasks, cols } = out;
  const common = {
    series: {
      codes: shared(series.codes),
      offsets: shared(series.offsets),
      dictionary: shared(series.dictionary),
    },
    realizations: cols,
    seed,
    purpose,
  };
  const source = tsxBootstrap(new URL('../realizeWorker.ts', import.meta.url).href);
  const place = { path: out.path, dataOffset: out.dataOffset };
  const workerData = { ...common, ...place, blockValues: rowsPerBlock * cols };
  const started = Array.from({ length: threads }, () => ({
    worker: new Worker(source, { eval: true, workerData }),
  }));
  try {
    const order = Array.from({ length: Math.ceil(tasks / rowsPerBlock) }, (_, b) => b);
    const answer = (k: number) =>
      new Promise<void>((resolve, reject) => {
        const w = started[k].worker;
        const fail = (e: Error) => reject(e);
        w.once('error', fail);
        w.once('message', (m: { error?: string }) => {
          w.off('error', fail);
          if (m.error) reject(new DataError(basename(out.path), null, m.error));
          else resolve();
        });
      });
    const ask = (b: number) => {
      const k = b % threads;
      const first = b * rowsPerBlock;
      const pending = answer(k);
      started[k].worker.postMessage({ first, rows: Math.min(rowsPerBlock, tasks - first) });
      return pending;
    };
    const inFlight = order.slice(0, threads).map(ask);
    for (const b of order) {
      await inFlight[b % threads];
      const first = b * rowsPerBlock;
      const rows = Math.min(rowsPerBlock, tasks - first);
      out.wroteInPlace(rows * cols);
      if (b + threads < order.length) inFlight[b % threads] = ask(b + threads);
    }
  } finally {
    await Promise.all(started.map((s) => s.worker.terminate()));
  }
}

async function realizeAligned(o: Options, out: (line: string) => void): Promise<void> {
  const R = o.realizations as number;
  const r = await loadReplay(o, R, o.seed as number);
  const { rows, ids } = alignedKeptRows(o, r);
  const n = rows.length;
  const kept = (m: RealizationMatrix) =>
    rows.every((k, i) => k === i) && n === m.rows ? m : pickRows(m, rows);
  const write = (path: string, m: RealizationMatrix) => {
    writeMatrix(path, kept(m));
    writeTaskIds(path, ids);
  };
  write(o['out-inst'] as string, r.inst);
  if (o['out-avg']) {
    if (!r.avg)
      throw new UsageError(
        `--out-avg: ${basename(String(o.data ?? o.prometheus))} has no avg series`,
      );
    write(o['out-avg'] as string, r.avg);
  }
  if (o['out-judge']) {
    if (!r.judge) throw new UsageError('--out-judge needs --learn');
    write(o['out-judge'] as string, r.judge.inst);
  }
  if (o['out-ids']) writeOutput(o['out-ids'] as string, JSON.stringify(ids));
  out(
    JSON.stringify({
      mode: o.mode,
      tasks: n,
      realizations: r.inst.cols,
      ...(o.mode === 'blocks' ? { block: o.block, seed: o.seed } : {}),
      judged_columns: r.judge ? r.judge.inst.cols : null,
      inst: o['out-inst'],
      avg: o['out-avg'] ?? null,
      judge: o['out-judge'] ?? null,
      alignment: replayJson(r),
    }),
  );
}

/** The rows of `m` in the order given. */
function pickRows(m: RealizationMatrix, rows: Int32Array): RealizationMatrix {
  const data = new Float32Array(rows.length * m.cols);
  rows.forEach((r, i) => data.set(m.data.subarray(r * m.cols, (r + 1) * m.cols), i * m.cols));
  return matrixFrom(rows.length, m.cols, data);
}
