/**
 * Keyed work whose results are kept by key (a small cache): a packing's exact q and decision trace,
 * a paper figure, a lesson's runs. The controller asks for a key (`ensure`, from a wing's runs); a
 * newer key supersedes the one in flight (latest wins); Cancel stops it and keeps it cancelled until
 * Retry, which runs the key's last work again. Views read `outcome(key)` and dispatch cancel/retry:
 * the same shape as the run slots (runSlot.ts), for work whose earlier results are worth keeping,
 * on the same mechanism (latestRun.ts).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { latestRun } from './latestRun.ts';
import { describeError, type RunProgress, type Work } from './runSlot.ts';

type Outcome<T> =
  | { readonly status: 'running'; readonly progress: RunProgress | null }
  | { readonly status: 'ready'; readonly value: T }
  | { readonly status: 'error'; readonly error: string }
  | { readonly status: 'cancelled' };

interface KeyedRuns<T> {
  readonly store: StoreApi<{ readonly outcomes: ReadonlyMap<string, Outcome<T>> }>;
  outcome(key: string | null): Outcome<T> | undefined;
  /** Starts `work` for `key` unless its outcome is kept (ready, failed, cancelled) or running. */
  ensure(key: string, work: Work<T>): void;
  /** Stops the run in flight; its key stays cancelled until `retry`. */
  cancel(): void;
  /** Forgets the key's failure or cancel and runs its last work again. */
  retry(key: string): void;
}

export function keyedRuns<T>(size: number): KeyedRuns<T> {
  const store = createStore<{ outcomes: ReadonlyMap<string, Outcome<T>> }>()(() => ({
    outcomes: new Map(),
  }));
  const works = new Map<string, Work<T>>();
  const run = latestRun<T, RunProgress>();
  let inFlight: string | null = null;

  const write = (key: string, outcome: Outcome<T> | null) => {
    const next = new Map(store.getState().outcomes);
    next.delete(key);
    if (outcome) next.set(key, outcome);
    else works.delete(key);
    for (const old of next.keys()) {
      if (next.size <= size) break;
      if (old === inFlight) continue;
      next.delete(old);
      works.delete(old);
    }
    store.setState({ outcomes: next });
  };
  const settle = (key: string, outcome: Outcome<T>) => {
    inFlight = null;
    write(key, outcome);
  };

  const start = (key: string, work: Work<T>) => {
    inFlight = key;
    works.set(key, work);
    void run.start(work, {
      running: () => write(key, { status: 'running', progress: null }),
      progress: (progress) => write(key, { status: 'running', progress }),
      ready: (value) => settle(key, { status: 'ready', value }),
      failed: (e) => settle(key, { status: 'error', error: describeError(e) }),
      cancelled: () => settle(key, { status: 'cancelled' }),
    });
  };

  const supersede = () => {
    // A superseded run leaves no outcome: asked for again, it starts afresh (the next start aborts it).
    if (inFlight === null) return;
    const key = inFlight;
    inFlight = null;
    if (store.getState().outcomes.get(key)?.status === 'running') write(key, null);
  };

  return {
    store,
    outcome: (key) => (key === null ? undefined : store.getState().outcomes.get(key)),
    ensure(key, work) {
      if (store.getState().outcomes.has(key)) return;
      supersede();
      start(key, work);
    },
    cancel: () => run.cancel(),
    retry(key) {
      const work = works.get(key);
      const status = store.getState().outcomes.get(key)?.status;
      if (!work || status === 'running' || status === 'ready') return;
      supersede();
      start(key, work);
    },
  };
}

/** A view's read of one key's outcome (re-rendering when it changes). */
export function useOutcome<T>(runs: KeyedRuns<T>, key: string | null): Outcome<T> | undefined {
  return useStore(runs.store, (s) => (key === null ? undefined : s.outcomes.get(key)));
}

/** The newest value computed under any key (shown, marked stale, while the current key computes). */
export function useLatestValue<T>(runs: KeyedRuns<T>): T | undefined {
  return useStore(runs.store, (s) => {
    let last: T | undefined;
    for (const o of s.outcomes.values()) if (o.status === 'ready') last = o.value;
    return last;
  });
}
