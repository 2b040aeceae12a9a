/**
 * One supervised worker behind comlink (the ingestion worker): started on first use; a worker that
 * fails (`error`, `messageerror`) or stops answering pings while a call is outstanding is ended, and
 * the next call starts a fresh one. A call lost with its worker runs once more on a fresh worker
 * (the calls are pure: a load reads its files or URL again), and fails with a message that says
 * what happened if that worker is lost too.
 */
import { wrap, type Remote } from 'comlink';
import { VANISH_MESSAGE } from '../../protocol/api.ts';
import { configuredLiveness, type Liveness } from './poolParts.ts';
import { plannedLoss } from './poolFaults.ts';
import { workerPort } from './workerPort.ts';
import type { WorkerPort } from './poolParts.ts';

/** The call's worker was lost (crashed, closed, or silent past the deadline). */
class WorkerLostError extends Error {
  override name = 'WorkerLostError';
}

interface Current<A> {
  readonly port: WorkerPort;
  readonly api: Remote<A>;
  readonly pending: Set<(e: Error) => void>;
  lastSign: number;
  probeSentAt: number | null;
}

interface Supervised<A> {
  /** `f` on the worker, run once more on a fresh worker if this one is lost meanwhile. */
  run<T>(f: (api: Remote<A>) => Promise<T>): Promise<T>;
  /** Test hook and last resort: ends the current worker as if it had been lost. */
  restart(reason: string): void;
  dispose(): void;
}

export function supervisedWorker<A>(
  what: string,
  start: () => Worker,
  liveness: Liveness = configuredLiveness(),
): Supervised<A> {
  let current: Current<A> | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;

  const lose = (c: Current<A>, reason: string) => {
    if (current !== c) return;
    current = null;
    c.port.terminate();
    const e = new WorkerLostError(`the ${what} stopped (${reason}); it has been restarted`);
    const calls = [...c.pending];
    c.pending.clear();
    for (const reject of calls) reject(e);
  };

  const open = (): Current<A> => {
    if (current) return current;
    const worker = start();
    const port = workerPort({
      endpoint: worker,
      onFailure(fail) {
        worker.addEventListener('error', (ev) => {
          ev.preventDefault();
          fail(new Error(ev.message || 'the worker failed'));
        });
        worker.addEventListener('messageerror', () =>
          fail(new Error('a message could not be read')),
        );
      },
      crash: () => worker.terminate(),
      vanish: () => worker.postMessage(VANISH_MESSAGE),
      terminate: () => worker.terminate(),
    });
    const c: Current<A> = {
      port,
      api: wrap<A>(worker),
      pending: new Set(),
      lastSign: performance.now(),
      probeSentAt: null,
    };
    port.onCrash((e) => lose(c, e.message));
    current = c;
    return c;
  };

  const tick = () => {
    const c = current;
    if (!c || c.pending.size === 0) {
      if (timer) clearInterval(timer);
      timer = null;
      return;
    }
    const now = performance.now();
    if (c.probeSentAt === null) {
      if (now - c.lastSign < liveness.checkAfter) return;
      c.probeSentAt = now;
      c.port.ping(() => {
        c.probeSentAt = null;
        c.lastSign = performance.now();
      });
    } else if (now - c.probeSentAt >= liveness.deadline)
      lose(c, `it gave no sign of life for ${((now - c.lastSign) / 1000).toFixed(0)} s`);
  };

  const once = <T>(f: (api: Remote<A>) => Promise<T>): Promise<T> => {
    const c = open();
    if (plannedLoss(what)) c.port.simulateVanish();
    return new Promise<T>((resolve, reject) => {
      c.pending.add(reject);
      timer ??= setInterval(tick, Math.max(20, liveness.checkAfter / 4));
      const done = () => c.pending.delete(reject) && (c.lastSign = performance.now());
      new Promise<T>((r) => r(f(c.api))).then(
        (v) => (done(), resolve(v)),
        (e: unknown) => (done(), reject(e)),
      );
    });
  };

  return {
    run: (f) =>
      once(f).catch((e: unknown) => {
        if (!(e instanceof WorkerLostError)) throw e;
        return once(f).catch((again: unknown) => {
          if (!(again instanceof WorkerLostError)) throw again;
          throw new WorkerLostError(`${again.message} twice in a row; try again`);
        });
      }),
    restart: (reason) => current && lose(current, reason),
    dispose() {
      if (timer) clearInterval(timer);
      timer = null;
      if (current) lose(current, 'disposed');
    },
  };
}
