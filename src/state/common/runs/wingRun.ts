/**
 * What a wing runs while its view is open, as the wing registry declares it (views.ts): the
 * inputs its work depends on, read from the explorer's state, and the work to start when they
 * change or when the view opens. The controller starts every wing's runs, so a view only reads
 * state and dispatches; supersession and cancel stay with the wing's run slots (runSlot.ts).
 */
import type { Runner } from '../../../runtime/runner.ts';
import { sayingLostWorkers } from './lostWorkers.ts';
import type { ViewId } from '../store/params.ts';
import type { Explorer, ExplorerStore } from '../store/store.ts';

export interface WingRun {
  /** What the work depends on; it starts again when one of them changes (compared by identity). */
  readonly inputs: (s: Explorer) => readonly unknown[];
  /**
   * Starts the work (latest wins inside it: its run slots drop superseded results); `now` reads
   * the state when the work needs the newest parameters after waiting.
   */
  readonly run: (runner: Runner, s: Explorer, now: () => Explorer) => void;
  /** Stores beside the explorer's that its inputs read (a change there is checked too). */
  readonly triggers?: readonly { subscribe(listener: () => void): () => void }[];
}

const sameInputs = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

/** Starts `runs` of each wing while its view is open; returns the function that stops them. */
export function startWingRuns(
  store: ExplorerStore,
  runner: Runner,
  wings: readonly { readonly id: ViewId; readonly runs?: readonly WingRun[] }[],
): () => void {
  const last = new Map<WingRun, readonly unknown[]>();
  // Each wing's work says, while it waits on a lost worker's replacement, that it does.
  const runners = new Map(
    wings.map((w) => [w, sayingLostWorkers(runner, store, w.id[0].toUpperCase() + w.id.slice(1))]),
  );
  const check = () => {
    const s = store.getState();
    for (const wing of wings)
      for (const r of wing.runs ?? []) {
        if (s.params.view !== wing.id) {
          last.delete(r);
          continue;
        }
        const now = r.inputs(s);
        const before = last.get(r);
        if (before && sameInputs(before, now)) continue;
        last.set(r, now);
        r.run(runners.get(wing)!, s, store.getState);
      }
  };
  const unsubscribes = [store.subscribe(check)];
  for (const wing of wings)
    for (const r of wing.runs ?? [])
      for (const t of r.triggers ?? []) unsubscribes.push(t.subscribe(check));
  check();
  return () => unsubscribes.forEach((u) => u());
}
