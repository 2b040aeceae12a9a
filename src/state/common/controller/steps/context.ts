/**
 * What every step of the controller works with: the store, the runner and the ingestion client.
 * Each step reads the parameters it is given, writes its own slice of the store, and returns what
 * the next step needs (or null when it cannot go on now).
 */
import type { PackResponse, PoolHandle, Progress, Runner } from '../../../../runtime/runner.ts';
import type { Ingest } from '../../sources/datasets.ts';
import type { Explorer, ExplorerStore } from '../../store/store.ts';
import { latestRun, type LatestRun } from '../../runs/latestRun.ts';

export interface StepContext {
  readonly store: ExplorerStore;
  readonly runner: Runner;
  readonly ingest: Ingest;
}

export function stateOf(ctx: StepContext): Explorer {
  return ctx.store.getState();
}

export function describe(e: unknown): string {
  if (e instanceof Error) return e.message;
  return String(e);
}

/** The pool's and the packing's runs of one store, each on the one run mechanism. */
interface StepRuns {
  /** The pool being realized (null: realized for parameters since left, and released). */
  readonly pool: LatestRun<PoolHandle | null, Progress>;
  readonly pack: LatestRun<PackResponse, never>;
}

const runsOfStore = new WeakMap<ExplorerStore, StepRuns>();

export function stepRuns(ctx: StepContext): StepRuns {
  let runs = runsOfStore.get(ctx.store);
  if (!runs) {
    runs = { pool: latestRun(), pack: latestRun() };
    runsOfStore.set(ctx.store, runs);
  }
  return runs;
}

/**
 * Runs `start` unless the pass was cancelled before it began (then `cancelled` says so at once); a
 * Cancel while it runs is the run's own (`LatestRun.cancel`).
 */
export async function unlessCancelled(
  run: { cancel(): void },
  signal: AbortSignal | undefined,
  cancelled: () => void,
  start: () => Promise<void>,
): Promise<void> {
  if (signal?.aborted) return cancelled();
  const stop = () => run.cancel();
  signal?.addEventListener('abort', stop);
  try {
    await start();
  } finally {
    signal?.removeEventListener('abort', stop);
  }
}
