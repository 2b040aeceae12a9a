/**
 * The one way a wing runs work from a store: a slot holds the status, progress, error and last
 * result of one kind of run; starting a run aborts the one in flight (latest wins), and only the newest run writes the slot; Cancel stops it, Retry runs the
 * last work started again. The last result stays, marked stale by its key, until the next. A
 * wing's runs are one `runSlice` (a store of slots); work whose earlier results are worth keeping
 * by key is `keyedRuns.ts`, of the same shape. Both are the one mechanism of `latestRun.ts` writing
 * a status of their own shape.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { describeError, latestRun, type RunEvents } from './latestRun.ts';

export interface RunProgress {
  readonly label: string;
  readonly done: number;
  readonly total: number;
}

export interface RunState<S, T> {
  readonly status: 'idle' | 'running' | 'ready' | 'error';
  /** The key of the run in flight (or of the last one started). */
  readonly key: string | null;
  /** The poolKey of the pool the run reads. */
  readonly pool: string | null;
  readonly progress: RunProgress | null;
  readonly error: string | null;
  /** The last result, with the key and spec that made it. */
  readonly result: { readonly key: string; readonly spec: S; readonly value: T } | null;
}

export const IDLE_RUN = {
  status: 'idle',
  key: null,
  pool: null,
  progress: null,
  error: null,
  result: null,
} as const;

export type Work<T> = (signal: AbortSignal, progress: (p: RunProgress) => void) => Promise<T>;

interface RunSlot<S, T> {
  /** Runs `work` for (pool, key, spec); resolves when it has finished, failed or been superseded. */
  start(pool: string, key: string, spec: S, work: Work<T>): Promise<void>;
  /** Stops the run in flight: with a reason it ends as an error that says it, else idle. */
  cancel(reason?: string): void;
  /** Runs the last work started again (after a cancel or an error; not while one runs). */
  retry(): Promise<void>;
}

export { describeError };

/** A slot read and written through `get`/`set` (a store slice), on the one mechanism (`latestRun.ts`). */
export function runSlot<S, T>(
  get: () => RunState<S, T>,
  set: (next: RunState<S, T>) => void,
): RunSlot<S, T> {
  const run = latestRun<T, RunProgress>();
  const patch = (p: Partial<RunState<S, T>>) => set({ ...get(), ...p });
  const events = (pool: string, key: string, spec: S): RunEvents<T, RunProgress> => ({
    running: () => patch({ status: 'running', key, pool, progress: null, error: null }),
    progress: (progress) => patch({ progress }),
    ready: (value) => patch({ status: 'ready', progress: null, result: { key, spec, value } }),
    failed: (e) => patch({ status: 'error', progress: null, error: describeError(e) }),
    // A cancelled run keeps its key: a view does not restart it until asked.
    cancelled: (cause, reason) =>
      patch(
        cause === 'user' && reason !== undefined
          ? { status: 'error', progress: null, error: reason }
          : { status: 'idle', progress: null },
      ),
  });
  return {
    start: (pool, key, spec, work) => run.start(work, events(pool, key, spec)),
    retry: () => run.retry(),
    cancel: (reason) => run.cancel(reason),
  };
}

/** The specs of a slice's runs: by default each run's spec is its key. */
type Specs<V> = { readonly [K in keyof V]: unknown };
type KeySpecs<V> = { readonly [K in keyof V]: string };

/**
 * A wing's store of run slots: one slot per kind of run, `V` mapping each kind to its result and
 * `S` to the spec it keeps beside it.
 */
export type RunSlice<V, S extends Specs<V> = KeySpecs<V>> = {
  readonly [K in keyof V]: RunState<S[K], V[K]>;
};

/** The store of `kinds` (each idle at first) and each kind's slot writing into it. */
export function runSlice<V, S extends Specs<V> = KeySpecs<V>>(
  kinds: readonly (keyof V & string)[],
): {
  store: StoreApi<RunSlice<V, S>>;
  slots: { readonly [K in keyof V]: RunSlot<S[K], V[K]> };
} {
  const store = createStore<RunSlice<V, S>>()(
    () => Object.fromEntries(kinds.map((k) => [k, IDLE_RUN])) as unknown as RunSlice<V, S>,
  );
  const slots = Object.fromEntries(
    kinds.map((k) => [
      k,
      runSlot(
        () => store.getState()[k],
        (next) => store.setState({ [k]: next } as unknown as Partial<RunSlice<V, S>>),
      ),
    ]),
  ) as unknown as { readonly [K in keyof V]: RunSlot<S[K], V[K]> };
  return { store, slots };
}
