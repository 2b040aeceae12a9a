/**
 * The worker pool's parts that do not need its state: how a platform hands over one worker, the
 * pool's bookkeeping types, shared-memory pool records, sweep unit planning, and what crosses the
 * worker boundary (own copies out, error classes back).
 */
import type { Endpoint, Remote } from 'comlink';
import { createMemory } from '../../kernels/memory.ts';
import { kernelSupported } from '../../kernels/probe.ts';
import { taskCount } from '../../engine/index.ts';
import type { LocalSource, SharedPoolDescriptor, WorkerApi } from '../../protocol/api.ts';
import { poolLayout } from '../../protocol/layout.ts';
import { allocate } from './allocate.ts';
import { CancelledError, type PoolHandle } from '../runner.ts';

/** One started worker, however the platform starts it. */
export interface WorkerPort {
  readonly endpoint: Endpoint;
  /** Registers the callback for the worker dying or failing outside a call (called at most once). */
  onCrash(listener: (error: Error) => void): void;
  /** Sends a ping; `answered` runs when this worker answers it (a newer ping replaces it). */
  ping(answered: () => void): void;
  /** Asks the worker to die as if it had crashed (tests). */
  simulateCrash(): void;
  /** Asks the worker to close itself without any event, as when a browser ends it (tests). */
  simulateVanish(): void;
  terminate(): void;
}

/**
 * When a worker counts as gone without having said so: it has had calls outstanding and no sign of
 * life (an answered call, a heartbeat in the control words) for `checkAfter` ms, is pinged, and
 * neither answers nor beats within `deadline` ms more. A worker deep in one long synchronous step
 * without checkpoints for longer than that is taken for dead too; its work is then run once more.
 */
export interface Liveness {
  readonly checkAfter: number;
  readonly deadline: number;
  /** The deadline while a new worker starts (loads its code, says hello, maps the pools). */
  readonly startDeadline: number;
}

// Generous: a unit that runs 3 s without a checkpoint on an idle machine may take 30 s under load.
export const DEFAULT_LIVENESS: Liveness = {
  checkAfter: 5000,
  deadline: 25000,
  startDeadline: 60000,
};

/**
 * The liveness in force: DEFAULT_LIVENESS, with any field a test set before the app started
 * (`globalThis.slopackLiveness`, e.g. from Playwright's addInitScript) so that a lost worker is found
 * in seconds rather than waited out; fields that are not positive numbers are ignored.
 */
export function configuredLiveness(): Liveness {
  const set = (globalThis as { slopackLiveness?: Partial<Record<keyof Liveness, unknown>> })
    .slopackLiveness;
  if (!set || typeof set !== 'object') return DEFAULT_LIVENESS;
  const pick = (key: keyof Liveness) => {
    const v = set[key];
    return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : DEFAULT_LIVENESS[key];
  };
  return {
    checkAfter: pick('checkAfter'),
    deadline: pick('deadline'),
    startDeadline: pick('startDeadline'),
  };
}

/** Without shared memory there is no heartbeat: a busy worker is told only by its answers. */
export function withoutHeartbeat(liveness: Liveness, copies: boolean): Liveness {
  return copies ? { ...liveness, deadline: 3 * liveness.deadline } : liveness;
}

/** A task handed to a worker: the worker's slot, and whether the task lost a worker before. */
export interface Dispatch {
  readonly slot: number;
  readonly retried: boolean;
  /** The job whose unit it is (`sweep` or a job's name); none for other tasks. */
  readonly name?: string;
}

export interface PoolOptions {
  readonly workers: number;
  /** Matrices in shared memory; false: each worker keeps its own copy (the slower mode). */
  readonly shared: boolean;
  readonly spawn: (slot: number) => WorkerPort;
  /** How often progress is read from the control words, in ms. */
  readonly progressInterval?: number;
  /** Default DEFAULT_LIVENESS. */
  readonly liveness?: Liveness;
}

// Task priorities: interactive calls overtake queued sweep units.
export const INTERACTIVE = 2;
export const LOADING = 1;
export const BATCH = 0;
export const IDLE = -1;
// A slot that crashes this many times in a row while starting is given up.
export const MAX_START_FAILURES = 3;
// Draws per realization task (shared mode): small enough that a cancelled load stops quickly.
export const REALIZE_DRAWS_PER_TASK = 1 << 20;

export interface Slot {
  readonly index: number;
  port: WorkerPort;
  api: Remote<WorkerApi>;
  /** Settles once the worker has said hello and loaded every pool (rejects if it dies first). */
  ready: Promise<void>;
  /**
   * The calls in flight on this worker, each with its job (−1 for none): all rejected when it dies.
   * (A set, not a promise every call races against: a promise pending for the worker's life would
   * collect one reaction per call.)
   */
  readonly pending: Set<PendingCall>;
  /** performance.now() of the last sign of life (a call answered, a heartbeat, a ping answered). */
  lastSign: number;
  /** The ping in flight: when sent, and the worker's heartbeat count then. */
  probe: { sentAt: number; beats: number } | null;
  busy: boolean;
  /** Whether the current worker has said hello and loaded every pool. */
  connected: boolean;
  startFailures: number;
  failed: Error | null;
}

export interface PendingCall {
  readonly reject: (e: Error) => void;
}

export interface Task {
  /** Whether the task has already been run again after its worker was lost. */
  retried?: boolean;
  readonly priority: number;
  readonly affinity: number;
  readonly job: number;
  /** The job whose unit this is (`sweep` or a job's name), for fault plans; none for other tasks. */
  readonly name?: string;
  /** Runs only on slot `affinity`, unannounced to dispatch listeners (work ahead of need). */
  readonly pinned: boolean;
  readonly start: (slot: Slot) => Promise<unknown>;
  readonly resolve: (v: unknown) => void;
  readonly reject: (e: unknown) => void;
}

export interface PoolRecord {
  readonly handle: PoolHandle;
  readonly shared: SharedPoolDescriptor | null;
  readonly local: LocalSource | null;
  /** Runs reading the pool now: the workers drop it only once the last of them has ended. */
  leases: number;
  /** Whether the owner has released it (runs still reading it hold it until they end). */
  released: boolean;
}

/** A pool's matrices in shared memory (WebAssembly's when the kernel runs, else a SharedArrayBuffer). */
export function sharedPoolRecord(
  id: number,
  shape: { tasks: number; realizations: number; hasAvg: boolean; seed: number },
  workers: number,
): PoolRecord {
  const { tasks, realizations, hasAvg, seed } = shape;
  const layout = poolLayout(tasks, realizations, hasAvg, workers);
  const memory = allocate(layout.bytes, () =>
    kernelSupported(true) ? createMemory(layout.bytes, true) : null,
  );
  const shared: SharedPoolDescriptor = memory
    ? { id, layout, memory, wasm: true }
    : {
        id,
        layout,
        memory: allocate(layout.bytes, () => new SharedArrayBuffer(layout.bytes)),
        wasm: false,
      };
  const handle: PoolHandle = { id, tasks, realizations, seed, hasAvg, shared: true };
  return { handle, shared, local: null, leases: 0, released: false };
}

/** Errors cross the worker boundary as plain Errors with a name: give back the classes callers test. */
export function revive(e: unknown): unknown {
  if (!(e instanceof Error)) return e;
  if (e.name === 'RangeError' && !(e instanceof RangeError)) return new RangeError(e.message);
  if (e.name === 'CancelledError' && !(e instanceof CancelledError)) return new CancelledError();
  return e;
}

export function checkSource(pool: PoolHandle, source: string): void {
  if (source === 'avg' && !pool.hasAvg)
    throw new RangeError('source "avg" needs an avg matrix, and this dataset has none');
}

/**
 * Sweep units: the runs of one instance together (their packings are evaluated in one pass over the
 * instance), split further when there are too few instances to keep every worker busy.
 */
export function planUnits(
  runs: readonly { index: number; instance: number }[],
  workers: number,
): number[][] {
  const byInstance = new Map<number, number[]>();
  for (const r of runs) {
    const list = byInstance.get(r.instance);
    if (list) list.push(r.index);
    else byInstance.set(r.instance, [r.index]);
  }
  const parts = Math.max(1, Math.ceil((2 * workers) / byInstance.size));
  const units: number[][] = [];
  for (const list of byInstance.values()) {
    const size = Math.ceil(list.length / Math.min(parts, list.length));
    for (let i = 0; i < list.length; i += size) units.push(list.slice(i, i + size));
  }
  return units;
}

/** `work`, or a CancelledError as soon as `signal` aborts (the abandoned work runs out unheard). */
export function untilAborted<T>(work: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return work;
  // Once the caller has been answered by the abort, the abandoned work's own rejection is expected.
  work.catch(() => {});
  if (signal.aborted) return Promise.reject(new CancelledError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new CancelledError());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The handle of a pool each worker keeps its own copy of (checked against the layout's limits). */
export function localPoolHandle(id: number, source: LocalSource, seed: number): PoolHandle {
  const tasks = source.kind === 'samples' ? taskCount(source.inst) : source.inst.rows;
  const realizations = source.kind === 'samples' ? source.realizations : source.inst.cols;
  poolLayout(tasks, realizations, source.avg !== null, 1);
  return { id, tasks, realizations, seed, hasAvg: source.avg !== null, shared: false };
}
