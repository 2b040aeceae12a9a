/**
 * The worker pool behind the `Runner` interface, for browsers (Web Workers) and Node (worker_threads)
 * alike: the caller supplies how to start one worker. Realization matrices are created once in a
 * shared WebAssembly.Memory (a SharedArrayBuffer) and handed to every worker without copying; each
 * worker owns a scratch slot in it. Sweeps are split into units (an instance with all its packings),
 * queued, and run wherever a worker is free; results are keyed by grid position, so they never depend
 * on the number of workers or their timing. Progress and cancel go through Atomics control words.
 * Without shared memory (a page that is not cross-origin isolated) every worker keeps its own copy.
 *
 * Supervision: a worker that crashes, exits or stops answering (poolWatch.ts) is replaced by a fresh
 * one that loads every pool before it takes work; the task that was on it runs once more there (tasks
 * are pure functions of their arguments and the pool), and fails only if that worker is lost too.
 * A released pool stays in the workers until the last run reading it has ended.
 */
import { wrap, type Remote } from 'comlink';
import {
  checkPackParams,
  checkSamples,
  ownTasks,
  sweepRuns,
  taskCount,
  type RealizationMatrix,
  type SeriesSet,
  type SweepRow,
  type SweepSpec,
  type TaskSamples,
} from '../../engine/index.ts';
import { kernelSupported } from '../../kernels/probe.ts';
import type { JobName, JobOut, JobSpec } from '../jobs/index.ts';
import {
  configuredLiveness,
  BATCH,
  INTERACTIVE,
  LOADING,
  MAX_START_FAILURES,
  REALIZE_DRAWS_PER_TASK,
  checkSource,
  withoutHeartbeat,
  planUnits,
  revive,
  localPoolHandle,
  sharedPoolRecord,
  untilAborted,
  type Dispatch,
  type PoolOptions,
  type PendingCall,
  type PoolRecord,
  type Slot,
  type WorkerPort,
} from './poolParts.ts';

export { planUnits, type PoolOptions, type WorkerPort };
import type { LocalSource, WorkerApi } from '../../protocol/api.ts';
import { TaskQueue } from './poolQueue.ts';
import { runUnits, type UnitHost } from './poolUnits.ts';
import { Watchdog } from './poolWatch.ts';
import { warmOtherWorkers } from './poolWarm.ts';
import { configuredFaults, planFaults } from './poolFaults.ts';
import { MAX_JOBS, PROTOCOL_VERSION, controlBytes, heartbeatWord } from '../../protocol/layout.ts';
import {
  CancelledError,
  WorkerCrashedError,
  type KernelKind,
  type PoolHandle,
  type Runner,
  type RunOptions,
} from '../runner.ts';

const noop = () => {};

/** Starts `options.workers` workers; see the module comment. `dispose()` stops them. */
export class WorkerPool implements Runner {
  readonly mode = 'pool' as const;
  readonly workers: number;
  readonly shared: boolean;
  readonly kernel: KernelKind;
  private readonly slots: Slot[] = [];
  private readonly queue: TaskQueue;
  private readonly pools = new Map<number, PoolRecord>();
  private readonly control: SharedArrayBuffer | null;
  private readonly words: Int32Array | null;
  private readonly freeJobs: number[] = [];
  private nextPool = 1;
  private disposed = false;
  private readonly crashListeners = new Set<(e: WorkerCrashedError) => void>();
  private readonly dispatchListeners = new Set<(d: Dispatch) => void>();
  private readonly watch: Watchdog;
  private readonly units: UnitHost;

  constructor(private readonly options: PoolOptions) {
    const n = options.workers;
    if (!(Number.isInteger(n) && n >= 1)) throw new RangeError(`invalid worker count: ${n}`);
    this.workers = n;
    this.shared = options.shared && typeof SharedArrayBuffer !== 'undefined';
    this.kernel = kernelSupported(this.shared) ? ('wasm-simd' as const) : ('scalar' as const);
    this.control = this.shared ? new SharedArrayBuffer(controlBytes(n)) : null;
    this.words = this.control ? new Int32Array(this.control) : null;
    for (let j = MAX_JOBS - 1; j >= 0; j--) this.freeJobs.push(j);
    this.queue = new TaskQueue(
      this.slots,
      () => this.disposed,
      (slot, task) => {
        for (const l of this.dispatchListeners)
          l({ slot: slot.index, retried: task.retried === true, name: task.name });
      },
    );
    this.units = {
      queue: this.queue,
      freeJobs: this.freeJobs,
      words: this.words,
      progressInterval: options.progressInterval ?? 100,
      call: (slot, f) => this.call(slot, f),
    };
    this.watch = new Watchdog(
      this.slots,
      // Without shared memory there is no heartbeat: a busy worker is told only by its answers.
      options.liveness ?? withoutHeartbeat(configuredLiveness(), this.words === null),
      (slot) => (this.words ? Atomics.load(this.words, heartbeatWord(slot.index)) : 0),
      (slot, reason) => this.crashed(slot, slot.port, reason),
    );
    for (let i = 0; i < n; i++) this.slots.push(this.start(i));
    const faults = configuredFaults();
    if (faults) planFaults(faults, this, (slot) => this.slots[slot].port.simulateVanish());
  }

  // ---- workers ---------------------------------------------------------------------------------

  private start(index: number, previous?: Slot): Slot {
    const port = this.options.spawn(index);
    const slot: Slot =
      previous ??
      ({ index, busy: false, startFailures: 0, failed: null, pending: new Set() } as Slot);
    slot.port = port;
    slot.api = wrap<WorkerApi>(port.endpoint);
    slot.connected = false;
    slot.lastSign = performance.now();
    slot.probe = null;
    port.onCrash((e) => this.crashed(slot, port, e));
    slot.ready = this.connect(slot, port);
    slot.ready.catch(() => {});
    return slot;
  }

  private async connect(slot: Slot, port: WorkerPort): Promise<void> {
    const info = await this.tracked(slot, (api) => api.hello(this.control, slot.index));
    if (info.version !== PROTOCOL_VERSION)
      throw new Error(`worker speaks protocol ${info.version}, expected ${PROTOCOL_VERSION}`);
    // Pools added meanwhile are visited too (a Map's iteration sees entries added during it).
    for (const [id, p] of this.pools) {
      if (p.shared) await this.tracked(slot, (api) => api.attach(p.shared!));
      else if (p.local) await this.tracked(slot, (api) => api.createLocal(id, p.local!));
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
    const lost = [...slot.pending];
    slot.pending.clear();
    for (const call of lost) call.reject(e);
    for (const l of this.crashListeners) l(e);
    // A worker that dies before it has connected counts towards giving the slot up.
    if (!slot.connected) slot.startFailures++;
    if (slot.startFailures >= MAX_START_FAILURES) {
      slot.failed = e;
      if (this.slots.every((s) => s.failed)) this.queue.failQueue(e);
      return;
    }
    this.start(slot.index, slot);
    this.queue.pump();
  }

  /** Calls `listener` whenever a worker dies (after its run was told); returns the unsubscriber. */
  onWorkerCrash(listener: (e: WorkerCrashedError) => void): () => void {
    this.crashListeners.add(listener);
    return () => this.crashListeners.delete(listener);
  }

  /**
   * Test hook for deterministic fault injection: `listener` is told of each task (a sweep or job
   * unit, a pack, a realization block) as it is handed to a worker, before anything is sent to it.
   * A `simulateCrash(d.slot)` from there always loses that task with its worker, however fast the
   * run is. Returns the unsubscriber.
   */
  onDispatch(listener: (d: Dispatch) => void): () => void {
    this.dispatchListeners.add(listener);
    return () => this.dispatchListeners.delete(listener);
  }

  /** Test hook: makes worker `slot` die as if it had crashed. */
  simulateCrash(slot: number): void {
    this.slots[slot].port.simulateCrash();
  }

  /** A call on the slot's worker once it is ready; rejects with WorkerCrashedError if it is lost. */
  private async call<T>(slot: Slot, f: (api: Remote<WorkerApi>) => Promise<T>): Promise<T> {
    if (!slot.connected) await slot.ready;
    return this.tracked(slot, f);
  }

  /** A call on the slot's current worker, in its pending set while it is in flight. */
  private tracked<T>(slot: Slot, f: (api: Remote<WorkerApi>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const entry: PendingCall = { reject };
      slot.pending.add(entry);
      this.watch.wake();
      // A lost worker's calls were taken out of the set (and rejected) when it was found gone.
      const done = () => slot.pending.delete(entry) && (slot.lastSign = performance.now());
      new Promise<T>((r) => r(f(slot.api))).then(
        (v) => (done(), resolve(v)),
        (e: unknown) => (done(), reject(revive(e))),
      );
    });
  }

  /**
   * `f` on every live worker. A worker lost meanwhile does not fail it: its replacement loads every
   * pool before it takes work.
   */
  private everyWorker(f: (api: Remote<WorkerApi>) => Promise<unknown>): Promise<unknown[]> {
    return Promise.all(
      this.slots
        .filter((s) => !s.failed)
        .map((s) =>
          this.call(s, f).catch((e: unknown) => {
            if (!(e instanceof WorkerCrashedError) || this.disposed) throw e;
          }),
        ),
    );
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
          inst: ownTasks(samples.inst, 0, taskCount(samples.inst)),
          avg: avg && ownTasks(avg, 0, taskCount(avg)),
          realizations,
          seed,
        },
        seed,
        options,
      );
    const { id, record } = this.addShared(
      taskCount(samples.inst),
      realizations,
      avg !== null,
      seed,
    );
    try {
      await this.everyWorker((api) => api.attach(record.shared!));
      const series: ['inst' | 'avg', SeriesSet][] = [['inst', samples.inst]];
      if (avg) series.push(['avg', avg]);
      const n = taskCount(samples.inst);
      const chunk = Math.max(1, Math.floor(REALIZE_DRAWS_PER_TASK / realizations));
      const total = series.length * Math.ceil(n / chunk);
      let done = 0;
      const tasks: Promise<void>[] = [];
      for (const [name, s] of series)
        for (let first = 0; first < n; first += chunk) {
          const part = ownTasks(s, first, Math.min(n, first + chunk));
          tasks.push(
            this.queue.enqueue(async (slot) => {
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
    this.pools.set(id, { handle, shared: null, local: source, leases: 0, released: false });
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

  /** Releases the pool once no run reads it any more (at once when none does). */
  releasePool(pool: PoolHandle): void {
    const r = this.pools.get(pool.id);
    if (!r || r.released) return;
    r.released = true;
    if (r.leases === 0) this.drop(r);
  }

  private drop(r: PoolRecord): void {
    const id = r.handle.id;
    if (this.pools.get(id) !== r) return;
    this.pools.delete(id);
    for (const s of this.slots)
      if (!s.failed) this.call(s, (api) => api.release(id)).catch(() => {});
  }

  /** Runs `work` holding a lease on the pool (none for null): the workers keep it until it ends. */
  private async leased<T>(pool: PoolHandle | null, work: () => Promise<T>): Promise<T> {
    if (!pool) return work();
    const r = this.pools.get(pool.id);
    if (!r || r.released) throw new Error(`pool ${pool.id} was released`);
    r.leases++;
    try {
      return await work();
    } finally {
      if (--r.leases === 0 && r.released) this.drop(r);
    }
  }

  /** Bytes of realization matrices held for the pools (shared once, else once per worker). */
  poolBytes(): number {
    let bytes = 0;
    for (const r of this.pools.values())
      bytes += r.shared
        ? r.shared.layout.bytes
        : this.workers * r.handle.tasks * r.handle.realizations * (r.handle.hasAvg ? 8 : 4);
    return bytes;
  }

  /** Calls in flight on the workers (0 once every run has ended). */
  pendingCalls(): number {
    return this.slots.reduce((n, s) => n + s.pending.size, 0);
  }

  /** Pools held (released ones still read by a run included). */
  poolCount(): number {
    return this.pools.size;
  }

  // ---- runs ------------------------------------------------------------------------------------

  async pack(
    pool: PoolHandle,
    request: Parameters<Runner['pack']>[1],
    options?: RunOptions & { trace?: boolean; ahead?: boolean },
  ) {
    checkPackParams(request.params);
    checkSource(pool, request.params.source);
    return this.leased(pool, () => {
      const work = this.queue.enqueue(
        (slot) => {
          if (options?.signal?.aborted) throw new CancelledError();
          const packed = this.call(slot, (api) =>
            api.pack(pool.id, request, options?.trace === true),
          );
          packed.then(() => warmOtherWorkers(this.units, this.slots, slot, pool.id, request), noop);
          return packed;
        },
        options?.ahead ? BATCH : INTERACTIVE,
        { affinity: Math.abs(request.instance) % this.workers },
      );
      return untilAborted(work, options?.signal);
    });
  }

  async machineTotals(pool: PoolHandle, rows: Int32Array, clairvoyance: number) {
    return this.leased(pool, () =>
      this.queue.enqueue(
        (slot) => this.call(slot, (api) => api.machineTotals(pool.id, rows, clairvoyance)),
        INTERACTIVE,
      ),
    );
  }

  sweep(pool: PoolHandle, spec: SweepSpec, options?: RunOptions): Promise<SweepRow[]> {
    return this.leased(pool, () => this.sweepLeased(pool, spec, options));
  }

  private async sweepLeased(
    pool: PoolHandle,
    spec: SweepSpec,
    options?: RunOptions,
  ): Promise<SweepRow[]> {
    const runs = sweepRuns(spec);
    for (const r of runs) checkPackParams(r.params);
    checkSource(pool, spec.source);
    if (!(Number.isInteger(spec.tasks) && spec.tasks >= 1 && spec.tasks <= pool.tasks))
      throw new RangeError(`invalid task count ${spec.tasks} (the pool has ${pool.tasks} tasks)`);
    const units = planUnits(runs, this.workers);
    const outputs = await runUnits(
      this.units,
      'sweep',
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
    // The jobs' code (and the engine behind it) is loaded with the first job, not with the page.
    const { jobKind } = await import('../jobs/index.ts');
    const kind = jobKind(name);
    if (kind.needsPool && !pool) throw new RangeError(`the job "${name}" needs a pool`);
    return this.leased(pool, async () => {
      const units = kind.units(spec, pool);
      const outputs = await runUnits(
        this.units,
        name,
        units,
        (unit) => (kind.weight ? kind.weight(unit) : 1),
        (api, unit, job) => api.runJobUnit(name, pool ? pool.id : null, spec, unit, job),
        options,
      );
      return outputs as JobOut<N>[];
    });
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    const e = new Error('the worker pool has been disposed');
    this.watch.stop();
    this.queue.failQueue(e);
    for (const s of this.slots) {
      const calls = [...s.pending];
      s.pending.clear();
      for (const c of calls) c.reject(e);
      s.port.terminate();
    }
    this.pools.clear();
  }
}
