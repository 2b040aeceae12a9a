/**
 * `realize` of a wide CSV while it is read (SPEC §2, §10): a wide CSV row is one whole task, so as
 * soon as a block of rows is parsed its realization rows can be drawn and written by a worker
 * thread while this thread parses on. Every row is drawn from its task's own stream, so the `.npy`
 * is byte for byte the one the read-then-realize path writes, whatever the number of workers.
 *
 * Only plain wide CSV files take this path. The other formats can list a task's samples anywhere
 * in a file (a long CSV's or a trace's rows of one task need not be adjacent, and their tasks are
 * ordered and filtered when the load finishes), so no task is final before the end: they, archives,
 * Prometheus, `--instance` and `--out-avg` go the read-then-realize way.
 * The matrix is written to `OUT.partial-PID` beside the output and renamed over it when complete,
 * so a trace that turns out bad leaves an existing file at the output path as it was.
 */
import { closeSync, ftruncateSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename } from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  DataError,
  formatOf,
  isCoded,
  type WideLoader,
  type LoadSpec,
  type SeriesSet,
  type StreamPurpose,
  type TaskSamples,
} from '../../engine/index.ts';
import { isArchiveName } from '../../engine/data/index.ts';
import { npyHeader } from '../../engine/data/index.ts';
import { estimateWithin, resolveRequest } from '../../ingest/load.ts';
import { describeEstimate } from '../../ingest/sizes.ts';
import { pump, type InputFile } from '../../ingest/stream.ts';
import { UsageError, type Options } from '../args.ts';
import { inputsFrom, requestFrom } from '../io.ts';
import { IO_BLOCK } from '../matrixFiles.ts';
import { tsxBootstrap } from '../pool/nodePool.ts';
import { sourceFromOptions } from '../promOptions.ts';
import type { RealizeRequest, RealizeWorkerData } from '../realizeWorker.ts';

/** Below this many draws one thread finishes before worker threads have started. */
export const PARALLEL_DRAWS = 1 << 26;

/** Rows realized (and written) as one block: about 4 MiB of float32 values. */
export function rowsPerBlock(realizations: number): number {
  return Math.max(1, Math.floor(IO_BLOCK / 16 / realizations));
}

interface StreamSettings {
  readonly path: string;
  /** `--tasks`: realize the first N tasks (checked against the file's count at the end). */
  readonly tasks: number | undefined;
  readonly realizations: number;
  readonly seed: number;
  readonly workers: number;
  /** Worker threads start once this many draws are parsed; a smaller file is left to the caller. */
  readonly parallelFrom: number;
}

/**
 * What became of a realization while reading: `written` with the task count when the matrix is at
 * `path`; otherwise the samples read (too few draws to be worth threads) for the caller to realize.
 */
type Streamed =
  | { readonly written: true; readonly tasks: number; readonly ids: readonly string[] }
  | { readonly written: false; readonly samples: TaskSamples };

/** Realizes while reading where the input allows it (see the file's comment), else null. */
export async function realizeWhileReading(
  o: Options,
  settings: StreamSettings,
): Promise<Streamed | null> {
  if (o.instance !== undefined || o['out-avg'] !== undefined) return null;
  if (sourceFromOptions(o)) return null;
  if (!(settings.realizations >= 1 && settings.workers >= 1)) return null;
  const inputs = await inputsFrom(o);
  if (inputs.some((i) => isArchiveName(i.name) || (i.role ?? 'inst') !== 'inst')) return null;
  try {
    const spec = await resolveRequest(inputs, requestFrom(o));
    const taskRows = formatOf(spec).taskRows;
    if (!taskRows) return null;
    await checkBudget(o, inputs, spec);
    return await readAndRealize(inputs, taskRows(spec), settings);
  } catch (e) {
    if (e instanceof RangeError) throw new UsageError(e.message);
    throw e;
  }
}

async function readAndRealize(
  inputs: readonly InputFile[],
  loader: WideLoader,
  settings: StreamSettings,
): Promise<Streamed> {
  const realizing = new BlockRealizer(loader, settings);
  loader.reserve(inputs.reduce((sum, i) => sum + (i.size ?? 0), 0));
  try {
    for (let i = 0; i < inputs.length; i++) {
      const sink = loader.file(inputs[i].name);
      const tapped = {
        push(chunk: Uint8Array) {
          sink.push(chunk);
          realizing.parsed();
        },
        end() {
          sink.end();
          realizing.parsed();
        },
        get line() {
          return (sink as { readonly line?: number }).line;
        },
      };
      await pump(inputs[i], tapped, {}, { fileIndex: i, files: inputs.length });
    }
    loader.checkComplete();
    const count = loader.tasksKept;
    const n = settings.tasks ?? count;
    if (n < 1 || n > count)
      throw new UsageError(`invalid --tasks ${n}: the file has ${count} tasks`);
    if (realizing.started && (await realizing.complete(n)))
      return { written: true, tasks: n, ids: loader.taskIds.slice(0, n) };
    // Built only when used: their final copy is fresh memory (0.3 GB at 10⁶ PlanetLab tasks).
    return { written: false, samples: loader.finish().samples };
  } finally {
    await realizing.close();
  }
}

/** As `loadFromOptions`: a load estimated over `--memory-budget` is refused before it is read. */
async function checkBudget(
  o: Options,
  inputs: readonly InputFile[],
  spec: LoadSpec,
): Promise<void> {
  const bytes = ((o['memory-budget'] as number | undefined) ?? 0) * 2 ** 30;
  if (!(bytes > 0)) return;
  const realizations = o.realizations as number;
  const estimate = await estimateWithin(inputs, spec, { bytes, realizations });
  if (estimate && estimate.bytes > 64 * 2 ** 20)
    process.stderr.write(`estimate: ${describeEstimate(estimate)}\n`);
}

/** Blocks of parsed rows handed to worker threads, each writing its rows in place. */
class BlockRealizer {
  private readonly temp: string;
  private readonly block: number;
  private readonly headerBytes: number;
  private workers: { worker: Worker; busy: boolean }[] = [];
  /** Rows handed out so far (rows `0 … dispatched − 1`). */
  private dispatched = 0;
  private inFlight = 0;
  private failure: Error | null = null;
  /** Set once the file is read: the last block may be a part block. */
  private ending = false;
  private wake: (() => void) | null = null;
  private renamed = false;

  constructor(
    private readonly loader: WideLoader,
    private readonly settings: StreamSettings,
  ) {
    this.temp = `${settings.path}.partial-${process.pid}`;
    this.block = rowsPerBlock(settings.realizations);
    this.headerBytes = npyHeader('<f4', [1, settings.realizations]).length;
  }

  get started(): boolean {
    return this.workers.length > 0;
  }

  private get limit(): number {
    return Math.min(this.loader.tasksKept, this.settings.tasks ?? Infinity);
  }

  /** After each chunk parsed: hands out every whole block of rows now complete. */
  parsed(): void {
    if (this.failure) throw this.failure;
    const ready = this.limit;
    if (!this.started && ready * this.settings.realizations < this.settings.parallelFrom) return;
    if (ready - this.dispatched < this.block) return;
    if (!this.started) this.start();
    this.dispatch(false);
  }

  private start(): void {
    const { realizations, seed } = this.settings;
    const fd = openSync(this.temp, 'w');
    try {
      writeSync(fd, new Uint8Array(this.headerBytes));
    } finally {
      closeSync(fd);
    }
    const workerData: RealizeWorkerData = {
      series: null,
      realizations,
      seed,
      purpose: 'inst' satisfies StreamPurpose,
      blockValues: this.block * realizations,
      path: this.temp,
      dataOffset: this.headerBytes,
    };
    const source = tsxBootstrap(new URL('../realizeWorker.ts', import.meta.url).href);
    for (let k = 0; k < this.settings.workers; k++) {
      const worker = new Worker(source, { eval: true, workerData });
      const slot = { worker, busy: false };
      worker.on('message', (m: { error?: string }) => {
        slot.busy = false;
        this.inFlight--;
        if (m.error) this.fail(new DataError(basename(this.settings.path), null, m.error));
        else this.dispatch(this.ending);
        this.wake?.();
      });
      worker.on('error', (e) => {
        this.fail(e);
        this.wake?.();
      });
      this.workers.push(slot);
    }
  }

  private fail(e: Error): void {
    this.failure ??= e;
  }

  /** Gives idle workers the next rows: whole blocks, and with `all` the last part block too. */
  private dispatch(all: boolean): void {
    for (const slot of this.workers) {
      if (slot.busy || this.failure) continue;
      const rows = Math.min(this.block, this.limit - this.dispatched);
      if (rows < 1 || (rows < this.block && !all)) return;
      const first = this.dispatched;
      const tasks: SeriesSet = this.loader.takeTasks(first, first + rows);
      const transfer = isCoded(tasks)
        ? [tasks.codes.buffer, tasks.offsets.buffer, tasks.dictionary.buffer]
        : [];
      const request: RealizeRequest = { first, rows, tasks };
      slot.busy = true;
      this.inFlight++;
      this.dispatched += rows;
      slot.worker.postMessage(request, transfer as ArrayBuffer[]);
    }
  }

  /**
   * Realizes the rows left up to `tasks`, then writes the header and moves the file into place;
   * false when the header for `tasks` rows is not as long as the one reserved (never at sizes
   * that fit memory, but then the caller writes the matrix the other way).
   */
  async complete(tasks: number): Promise<boolean> {
    this.ending = true;
    this.dispatch(true);
    while (!this.failure && (this.inFlight > 0 || this.dispatched < tasks)) {
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.dispatch(true);
    }
    if (this.failure) throw this.failure;
    const header = npyHeader('<f4', [tasks, this.settings.realizations]);
    if (header.length !== this.headerBytes) return false;
    const fd = openSync(this.temp, 'r+');
    try {
      writeSync(fd, header, 0, header.length, 0);
      ftruncateSync(fd, this.headerBytes + 4 * tasks * this.settings.realizations);
    } finally {
      closeSync(fd);
    }
    renameSync(this.temp, this.settings.path);
    this.renamed = true;
    return true;
  }

  /** Stops the workers; the partial file goes unless it became the output. */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.worker.terminate()));
    this.workers = [];
    if (!this.renamed) rmSync(this.temp, { force: true });
  }
}
