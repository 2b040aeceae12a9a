/**
 * The worker pool behind the `Runner` interface, for browsers (Web Workers) and Node (worker_threads)
 * alike: the caller supplies how to start one worker. Realization matrices are created once in a
 * shared WebAssembly.Memory (a SharedArrayBuffer) and handed to every worker without copying; each
 * worker owns a scratch slot in it. Sweeps are split into units (an instance with all its packings),
 * queued, and run wherever a worker is free; results are keyed by grid position, so they never depend
 * on the number of workers or their timing. Progress and cancel go through Atomics control words.
 * Without shared memory (a page that is not cross-origin isolated) every worker keeps its own copy.
 */
import { wrap, type Remote } from 'comlink';
import {
  checkPackParams,
  checkSamples,
  sweepRuns,
  type RealizationMatrix,
  type SweepRow,
  type SweepSpec,
  type TaskSamples,
} from '../engine/index.ts';
import { kernelAvailable } from '../kernels/index.ts';
import { jobKind, type JobName, type JobOut, type JobSpec } from './jobs/index.ts';
import {
  BATCH,
  INTERACTIVE,
  LOADING,
  MAX_START_FAILURES,
  REALIZE_DRAWS_PER_TASK,
  checkSource,
  own,
  planUnits,
  revive,
  localPoolHandle,
  sharedPoolRecord,
  untilAborted,
  type PoolOptions,
  type PoolRecord,
  type Slot,
  type Task,
  type WorkerPort,
} from './poolParts.ts';

export { planUnits, type PoolOptions, type WorkerPort };
import type { LocalSource, WorkerApi } from '../protocol/api.ts';
import {
  CANCEL,
  CONTROL_BYTES,
  JOB_DONE,
  JOB_STATE,
  JOB_WORDS,
  MAX_JOBS,
  PROTOCOL_VERSION,
  RUN,
} from '../protocol/layout.ts';
import {
  CancelledError,
  WorkerCrashedError,
  type KernelKind,
  type PoolHandle,
  type Progress,
  type Runner,
  type RunOptions,
} from './runner.ts';

/** Starts `options.workers` workers; see the module comment. `dispose()` stops them. */
export class WorkerPool implements Runner {
  readonly mode = 'pool' as const;
  readonly workers: number;
  readonly shared: boolean;
  readonly kernel: KernelKind;
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private readonly pools = new Map<number, PoolRecord>();
  private readonly control: SharedArrayBuffer | null;
  private readonly words: Int32Array | null;
  private readonly freeJobs: number[] = [];
  private nextPool = 1;
  private disposed = false;
  private readonly crashListeners = new Set<(e: WorkerCrashedError) => void>();

  constructor(private readonly options: PoolOptions) {
    const n = options.workers;
    if (!(Number.isInteger(n) && n >= 1)) throw new RangeError(`invalid worker count: ${n}`);
    this.workers = n;
    this.shared = options.shared && typeof SharedArrayBuffer !== 'undefined';
    this.kernel = kernelAvailable(this.shared) ? ('wasm-simd' as const) : ('scalar' as const);
    this.control = this.shared ? new SharedArrayBuffer(CONTROL_BYTES) : null;
    this.words = this.control ? new Int32Array(this.control) : null;
    for (let j = MAX_JOBS - 1; j >= 0; j--) this.freeJobs.push(j);
    for (let i = 0; i < n; i++) this.slots.push(this.start(i));
  }

  // ---- workers ---------------------------------------------------------------------------------

  private start(index: number, previous?: Slot): Slot {
    const port = this.options.spawn(index);
    let kill!: (e: Error) => void;
    const dead = new Promise<never>((_, reject) => (kill = reject));
    dead.catch(() => {});
    const slot: Slot = previous ?? ({ index, busy: false, startFailures: 0, failed: null } as Slot);
    slot.port = port;
    slot.api = wrap<WorkerApi>(port.endpoint);
    slot.dead = dead;
    slot.kill = kill;
    slot.connected = false;
    port.onCrash((e) => this.crashed(slot, port, e));
    slot.ready = this.connect(slot, port);
    slot.ready.catch(() => {});
    return slot;
  }

  private async connect(slot: Slot, port: WorkerPort): Promise<void> {
    const info = await Promise.race([slot.api.hello(this.control, slot.index), slot.dead]);
    if (info.version !== PROTOCOL_VERSION)
      throw new Error(`worker speaks protocol ${info.version}, expected ${PROTOCOL_VERSION}`);
    for (const [id, p] of this.pools) {
      if (p.shared) await Promise.race([slot.api.attach(p.shared), slot.dead]);
      else if (p.local) await Promise.race([slot.api.createLocal(id, p.local), slot.dead]);
    }
    if (slot.port !== port) return;
    slot.connected = true;
    slot.startFailures = 0;
  }

  private crashed(slot: Slot, port: WorkerPort, error: Error): void {
    if (this.disposed || slot.port !== port) return;
    const e = new WorkerCrashedError(
      `worker ${slot.index + 1} stopped (${error.message}); it has been replaced`,
    );
    port.terminate();
    slot.kill(e);
    for (const l of this.crashListeners) l(e);
    // A worker that dies before it has connected counts towards giving the slot up.
    if (!slot.connected) slot.startFailures++;
    if (slot.startFailures >= MAX_START_FAILURES) {
      slot.failed = e;
      if (this.slots.every((s) => s.failed)) this.failQueue(e);
      return;
    }
    this.start(slot.index, slot);
    this.pump();
  }

  /** Calls `listener` whenever a worker dies (after its run was told); returns the unsubscriber. */
  onWorkerCrash(listener: (e: WorkerCrashedError) => void): () => void {
    this.crashListeners.add(listener);
    return () => this.crashListeners.delete(listener);
  }

  /** Test hook: makes worker `slot` die as if it had crashed. */
  simulateCrash(slot: number): void {
    this.slots[slot].port.simulateCrash();
  }

  private async call<T>(slot: Slot, f: (api: Remote<WorkerApi>) => Promise<T>): Promise<T> {
    await Promise.race([slot.ready, slot.dead]);
    try {
      return await Promise.race([f(slot.api), slot.dead]);
    } catch (e) {
      throw revive(e);
    }
  }

  private everyWorker(f: (api: Remote<WorkerApi>) => Promise<unknown>): Promise<unknown[]> {
    return Promise.all(this.slots.filter((s) => !s.failed).map((s) => this.call(s, f)));
  }

  // ---- queue -----------------------------------------------------------------------------------

  private enqueue<T>(
    start: (slot: Slot) => Promise<T>,
    priority: number,
    affinity = -1,
    job = -1,
  ): Promise<T> {
    if (this.disposed) return Promise.reject(new Error('the worker pool has been disposed'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        priority,
        affinity,
        job,
        start,
        resolve: resolve as (v: unknown) => void,
        reject,
      });
      this.pump();
    });
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (slot.busy || slot.failed || this.queue.length === 0) continue;
      let best = -1;
      for (let i = 0; i < this.queue.length; i++) {
        const t = this.queue[i];
        const b = best < 0 ? null : this.queue[best];
        if (
          !b ||
          t.priority > b.priority ||
          (t.priority === b.priority && t.affinity === slot.index && b.affinity !== slot.index)
        )
          best = i;
      }
      const [task] = this.queue.splice(best, 1);
      slot.busy = true;
      new Promise((resolve) => resolve(task.start(slot)))
        .then(task.resolve, task.reject)
        .finally(() => {
          slot.busy = false;
          this.pump();
        });
    }
  }

  private dropQueued(job: number, e: unknown): void {
    for (let i = this.queue.length - 1; i >= 0; i--)
      if (this.queue[i].job === job) this.queue.splice(i, 1)[0].reject(e);
  }

  private failQueue(e: unknown): void {
    for (const t of this.queue.splice(0)) t.reject(e);
  }

  // ---- pools -----------------------------------------------------------------------------------

  async createPool(
    samples: TaskSamples,
    realizations: number,
    seed: number,
    options?: RunOptions,
  ): Promise<PoolHandle> {
    checkSamples(samples);
    const avg = samples.avg ?? null;
    if (!this.shared)
      return this.loadLocal(
        {
          kind: 'samples',
          inst: samples.inst.map(own),
          avg: avg && avg.map(own),
          realizations,
          seed,
        },
        seed,
        options,
      );
    const { id, record } = this.addShared(samples.inst.length, realizations, avg !== null, seed);
    try {
      await this.everyWorker((api) => api.attach(record.shared!));
      const series: ['inst' | 'avg', readonly Float64Array[]][] = [['inst', samples.inst]];
      if (avg) series.push(['avg', avg]);
      const n = samples.inst.length;
      const chunk = Math.max(1, Math.floor(REALIZE_DRAWS_PER_TASK / realizations));
      const total = series.length * Math.ceil(n / chunk);
      let done = 0;
      const tasks: Promise<void>[] = [];
      for (const [name, s] of series)
        for (let first = 0; first < n; first += chunk) {
          const part = s.slice(first, first + chunk).map(own);
          tasks.push(
            this.enqueue(async (slot) => {
              if (options?.signal?.aborted) throw new CancelledError();
              await this.call(slot, (api) => api.realizeRows(id, name, first, part, seed));
              options?.onProgress?.({ done: ++done, total });
            }, LOADING),
          );
        }
      await untilAborted(Promise.all(tasks), options?.signal);
      return record.handle;
    } catch (e) {
      this.releasePool(record.handle);
      throw e;
    }
  }

  async loadMatrices(
    inst: RealizationMatrix,
    avg: RealizationMatrix | null,
    options?: RunOptions,
  ): Promise<PoolHandle> {
    if (avg && (avg.rows !== inst.rows || avg.cols !== inst.cols))
      throw new RangeError(
        `avg matrix is ${avg.rows} × ${avg.cols} but inst is ${inst.rows} × ${inst.cols}`,
      );
    if (!this.shared) return this.loadLocal({ kind: 'matrices', inst, avg }, NaN, options);
    const { record } = this.addShared(inst.rows, inst.cols, avg !== null, NaN);
    const d = record.shared!;
    const buffer = d.wasm ? (d.memory as WebAssembly.Memory).buffer : (d.memory as ArrayBuffer);
    const n = inst.rows * inst.cols;
    new Float32Array(buffer, d.layout.instOffset, n).set(inst.data);
    if (avg) new Float32Array(buffer, d.layout.avgOffset, n).set(avg.data);
    try {
      await untilAborted(
        this.everyWorker((api) => api.attach(d)),
        options?.signal,
      );
      return record.handle;
    } catch (e) {
      this.releasePool(record.handle);
      throw e;
    }
  }

  private addShared(tasks: number, realizations: number, hasAvg: boolean, seed: number) {
    const id = this.nextPool++;
    const record = sharedPoolRecord(id, { tasks, realizations, hasAvg, seed }, this.workers);
    this.pools.set(id, record);
    return { id, record };
  }

  private async loadLocal(
    source: LocalSource,
    seed: number,
    options?: RunOptions,
  ): Promise<PoolHandle> {
    const id = this.nextPool++;
    const handle = localPoolHandle(id, source, seed);
    this.pools.set(id, { handle, shared: null, local: source });
    try {
      await untilAborted(
        this.everyWorker((api) => api.createLocal(id, source)),
        options?.signal,
      );
      return handle;
    } catch (e) {
      this.releasePool(handle);
      throw e;
    }
  }

  releasePool(pool: PoolHandle): void {
    if (!this.pools.delete(pool.id)) return;
    for (const s of this.slots)
      if (!s.failed) this.call(s, (api) => api.release(pool.id)).catch(() => {});
  }

  private record(pool: PoolHandle): PoolRecord {
    const r = this.pools.get(pool.id);
    if (!r) throw new Error(`pool ${pool.id} was released`);
    return r;
  }

  // ---- runs ------------------------------------------------------------------------------------

  async pack(
    pool: PoolHandle,
    request: Parameters<Runner['pack']>[1],
    options?: RunOptions & { trace?: boolean },
  ) {
    this.record(pool);
    checkPackParams(request.params);
    checkSource(pool, request.params.source);
    const work = this.enqueue(
      (slot) => {
        if (options?.signal?.aborted) throw new CancelledError();
        return this.call(slot, (api) => api.pack(pool.id, request, options?.trace === true));
      },
      INTERACTIVE,
      Math.abs(request.instance) % this.workers,
    );
    return untilAborted(work, options?.signal);
  }

  async machineTotals(pool: PoolHandle, rows: Int32Array, clairvoyance: number) {
    this.record(pool);
    return this.enqueue(
      (slot) => this.call(slot, (api) => api.machineTotals(pool.id, rows, clairvoyance)),
      INTERACTIVE,
    );
  }

  async sweep(pool: PoolHandle, spec: SweepSpec, options?: RunOptions): Promise<SweepRow[]> {
    this.record(pool);
    const runs = sweepRuns(spec);
    for (const r of runs) checkPackParams(r.params);
    checkSource(pool, spec.source);
    if (!(Number.isInteger(spec.tasks) && spec.tasks >= 1 && spec.tasks <= pool.tasks))
      throw new RangeError(`invalid task count ${spec.tasks} (the pool has ${pool.tasks} tasks)`);
    const units = planUnits(runs, this.workers);
    const outputs = await this.runUnits(
      units,
      (unit) => unit.length,
      (api, unit, job) => api.sweepUnit(pool.id, spec, unit, job),
      options,
    );
    const rows: SweepRow[] = new Array(runs.length);
    for (const got of outputs) for (const r of got) rows[r.index] = r;
    return rows;
  }

  async runJob<N extends JobName>(
    pool: PoolHandle | null,
    name: N,
    spec: JobSpec<N>,
    options?: RunOptions,
  ): Promise<JobOut<N>[]> {
    if (pool) this.record(pool);
    const kind = jobKind(name);
    if (kind.needsPool && !pool) throw new RangeError(`the job "${name}" needs a pool`);
    const units = kind.units(spec, pool);
    const outputs = await this.runUnits(
      units,
      (unit) => (kind.weight ? kind.weight(unit) : 1),
      (api, unit, job) => api.runJobUnit(name, pool ? pool.id : null, spec, unit, job),
      options,
    );
    return outputs as JobOut<N>[];
  }

  /**
   * Runs units as one job: queued at batch priority, one control block for cancel and progress
   * (shared words, polled; else counted here), outputs in unit order. The first failure cancels the
   * rest and rejects.
   */
  private runUnits<U, O>(
    units: readonly U[],
    weight: (unit: U) => number,
    call: (api: Remote<WorkerApi>, unit: U, job: number) => Promise<O> | O,
    options?: RunOptions,
  ): Promise<O[]> {
    if (options?.signal?.aborted) return Promise.reject(new CancelledError());
    if (units.length === 0) return Promise.resolve([]);
    const job = this.freeJobs.pop();
    if (job === undefined) return Promise.reject(new Error(`more than ${MAX_JOBS} jobs at once`));
    const words = this.words;
    if (words) {
      Atomics.store(words, job * JOB_WORDS + JOB_STATE, RUN);
      Atomics.store(words, job * JOB_WORDS + JOB_DONE, 0);
    }
    const total = units.reduce((sum, u) => sum + weight(u), 0);
    const outputs: O[] = new Array(units.length);
    let finished = 0;
    let finishedUnits = 0;
    let reported = -1;
    const report = (done: number) => {
      if (done !== reported) options?.onProgress?.({ done, total } satisfies Progress);
      reported = done;
    };
    const poll =
      words && options?.onProgress
        ? setInterval(
            () => report(Atomics.load(words, job * JOB_WORDS + JOB_DONE)),
            this.options.progressInterval ?? 100,
          )
        : null;
    let settled = 0;
    let outcome: { error: unknown } | null = null;
    return new Promise<O[]>((resolve, reject) => {
      const finish = (error: unknown | null) => {
        if (outcome) return;
        outcome = { error };
        if (poll) clearInterval(poll);
        options?.signal?.removeEventListener('abort', onAbort);
        if (error) {
          if (words) Atomics.store(words, job * JOB_WORDS + JOB_STATE, CANCEL);
          this.dropQueued(job, error);
          reject(error);
        } else {
          report(total);
          resolve(outputs);
        }
      };
      const onAbort = () => finish(new CancelledError());
      options?.signal?.addEventListener('abort', onAbort);
      units.forEach((unit, i) => {
        this.enqueue(
          (slot) => this.call(slot, (api) => Promise.resolve(call(api, unit, job))),
          BATCH,
          -1,
          job,
        )
          .then(
            (got) => {
              outputs[i] = got as O;
              finished += weight(unit);
              if (!words) report(finished);
              if (++finishedUnits === units.length) finish(null);
            },
            (e) => finish(e),
          )
          .finally(() => {
            // The control block is reused only once no unit of this job can still read it.
            if (++settled === units.length) this.freeJobs.push(job);
          });
      });
    });
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    const e = new Error('the worker pool has been disposed');
    this.failQueue(e);
    for (const s of this.slots) {
      s.kill(e);
      s.port.terminate();
    }
    this.pools.clear();
  }
}
