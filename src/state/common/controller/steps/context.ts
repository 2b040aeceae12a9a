/**
 * What every step of the controller works with: the store, the runner and the ingestion client.
 * Each step reads the parameters it is given, writes its own slice of the store, and returns what
 * the next step needs (or null when it cannot go on now).
 */
import type { Runner } from '../../../../runtime/runner.ts';
import type { Ingest } from '../../sources/datasets.ts';
import type { Explorer, ExplorerStore } from '../../store/store.ts';

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
