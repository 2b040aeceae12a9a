/**
 * The one run-state mechanism of the stores: one run at a time per kind of work; a newer start
 * aborts the run in flight, which then writes nothing more (latest wins); Cancel aborts it and says
 * so at once; Retry starts the last run again; progress reaches the store only from the newest run;
 * an ending is told apart as done, failed or cancelled (by the person, by its inputs going stale, or
 * by the runner). What each outcome writes is the store's own (`RunEvents`): a run slot's status
 * and result (`runSlot.ts`), the controller's dataset, pool and packing (`controller/steps/`), the
 * sweep's rows, the A/B pin's packing, the Prometheus panel's read, Timeline's workload, the upload
 * panel's preview.
 */
import { isCancelled } from '../../../protocol/cancel.ts';

/** Why a run ended without a result: the person's Cancel, its inputs gone, or the runner's own. */
type CancelCause = 'user' | 'stale' | 'elsewhere';

export interface RunEvents<T, P> {
  /** The run begins (the one before it, if any, is aborted and writes nothing more). */
  running(): void;
  progress?(p: P): void;
  ready(value: T): void;
  failed(error: unknown): void;
  /**
   * The run was cancelled; by `user` it is called at once, with Cancel's reason if it gave one;
   * `elsewhere` gives the runner's message.
   */
  cancelled?(cause: CancelCause, reason?: string): void;
  /** True once the run's inputs are gone: it is aborted at its next progress, and ends as `stale`. */
  stale?(): boolean;
}

export function describeError(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export type RunWork<T, P> = (signal: AbortSignal, progress: (p: P) => void) => Promise<T>;

export interface LatestRun<T, P> {
  /** Runs `work`, telling `events` how it goes; resolves when it has ended or been superseded. */
  start(work: RunWork<T, P>, events: RunEvents<T, P>): Promise<void>;
  /** Stops the run in flight (nothing when none runs); its `cancelled('user', reason)` is told now. */
  cancel(reason?: string): void;
  /** Starts the last run again (nothing while one runs, or before the first). */
  retry(): Promise<void>;
  /** Whether a run is in flight. */
  busy(): boolean;
}

export function latestRun<T, P>(): LatestRun<T, P> {
  let current: { abort: AbortController; events: RunEvents<T, P> } | null = null;
  let last: { work: RunWork<T, P>; events: RunEvents<T, P> } | null = null;

  async function start(work: RunWork<T, P>, events: RunEvents<T, P>): Promise<void> {
    last = { work, events };
    current?.abort.abort();
    const mine = { abort: new AbortController(), events };
    current = mine;
    const live = () => current === mine;
    events.running();
    try {
      const value = await work(mine.abort.signal, (p) => {
        if (!live()) return;
        if (events.stale?.()) mine.abort.abort();
        else events.progress?.(p);
      });
      if (live() && !mine.abort.signal.aborted) {
        current = null;
        events.ready(value);
      }
    } catch (e) {
      if (!live()) return;
      current = null;
      if (mine.abort.signal.aborted || events.stale?.()) events.cancelled?.('stale');
      else if (isCancelled(e)) events.cancelled?.('elsewhere', describeError(e));
      else events.failed(e);
    }
  }

  return {
    start,
    cancel(reason) {
      const run = current;
      if (!run) return;
      current = null;
      run.abort.abort();
      run.events.cancelled?.('user', reason);
    },
    async retry() {
      if (last === null || current !== null) return;
      await start(last.work, last.events);
    },
    busy: () => current !== null,
  };
}
