/**
 * Work that waits on a lost worker says so. The pool runs a task lost with its worker once more on
 * the replacement (runtime/README.md, Supervision), which the page would otherwise sit through in
 * silence; `sayingLostWorkers` gives a view a runner whose calls, while any of them is in flight,
 * turn each lost worker into a notice naming the view. The notices go when the view's calls in
 * flight have all ended (done, failed or cancelled): a failure then says so in its own notice.
 */
import type { Runner, WorkerCrashedError } from '../../../runtime/runner.ts';
import type { ExplorerStore } from '../store/store.ts';

// The Runner methods that run work on the workers.
const WORK = new Set<PropertyKey>([
  'createPool',
  'loadMatrices',
  'pack',
  'machineTotals',
  'sweep',
  'runJob',
]);

/** `runner` with its work watched for lost workers on behalf of `view` (e.g. "Timeline"). */
export function sayingLostWorkers(runner: Runner, store: ExplorerStore, view: string): Runner {
  if (!runner.onWorkerCrash) return runner;
  let inFlight = 0;
  let unsubscribe = () => {};
  const shown = new Set<number>();
  const lost = (e: WorkerCrashedError) => {
    const text = `${view}: ${e.message}. The work that was on it is running again on the new worker.`;
    store.getState().notify('warning', text);
    const notice = store.getState().notices.find((n) => n.text === text);
    if (notice) shown.add(notice.id);
  };
  const ended = () => {
    if (--inFlight > 0) return;
    unsubscribe();
    for (const id of shown) store.getState().dismiss(id);
    shown.clear();
  };
  const watched = <T>(work: () => Promise<T>): Promise<T> => {
    if (inFlight++ === 0) unsubscribe = runner.onWorkerCrash!(lost);
    let p: Promise<T>;
    try {
      p = work();
    } catch (e) {
      p = Promise.reject(e);
    }
    return p.finally(ended);
  };
  return new Proxy(runner, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      const f = value as (...args: unknown[]) => unknown;
      return WORK.has(key)
        ? (...args: unknown[]) => watched(() => f.apply(target, args) as Promise<unknown>)
        : f.bind(target);
    },
  });
}
