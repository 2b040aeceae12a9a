/**
 * The start/fail plumbing of one worker, shared by the browser's Web Workers and Node's
 * worker_threads: the first failure outside a call is reported once to the pool, and none after
 * the pool itself terminates the worker.
 */
import type { Endpoint } from 'comlink';
import type { WorkerPort } from './pool.ts';

export interface StartedWorker {
  readonly endpoint: Endpoint;
  /** Wires the worker's own failure events (a crash, an exit, an unreadable message) to `fail`. */
  onFailure(fail: (e: Error) => void): void;
  /** Makes the worker die as if it had crashed (tests). */
  crash(): void;
  terminate(): void;
}

export function workerPort(worker: StartedWorker): WorkerPort {
  let listener: ((e: Error) => void) | null = null;
  let stopped = false;
  worker.onFailure((e) => {
    if (stopped) return;
    stopped = true;
    listener?.(e);
  });
  return {
    endpoint: worker.endpoint,
    onCrash(l) {
      listener = l;
    },
    simulateCrash: () => worker.crash(),
    terminate() {
      stopped = true;
      worker.terminate();
    },
  };
}
