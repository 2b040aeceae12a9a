/**
 * The browser's runner: a pool of Web Workers (workers/engine.worker.ts), one per core, over shared
 * memory when the page is cross-origin isolated, else each worker with its own copy (the slower
 * mode, announced by `shared: false`). Create one per page and keep it; `dispose()` on unload.
 */
import { sharedMemoryAvailable } from '../../engine/index.ts';
import { CRASH_MESSAGE, VANISH_MESSAGE } from '../../protocol/api.ts';
import { WorkerPool, type WorkerPort } from './pool.ts';
import type { Runner } from '../runner.ts';
import { workerPort } from './workerPort.ts';

interface PoolRunnerOptions {
  /** Default: one per logical core (navigator.hardwareConcurrency). */
  readonly workers?: number;
  /** Default: whether SharedArrayBuffer is usable here (cross-origin isolated). */
  readonly shared?: boolean;
}

export function createPoolRunner(options: PoolRunnerOptions = {}): WorkerPool {
  const cores = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency : 0;
  return new WorkerPool({
    workers: options.workers ?? Math.max(1, cores || 2),
    shared: options.shared ?? sharedMemoryAvailable(),
    spawn: startBrowserWorker,
  });
}

/**
 * The runner for the app: a worker pool (shared memory when isolated, else copies), or the inline
 * runner where Web Workers are unavailable. Create once at start-up; `describeRunner` says which.
 * The inline runner carries the whole engine, so it is loaded only where it is needed.
 */
export async function createRunner(options: PoolRunnerOptions = {}): Promise<Runner> {
  if (workersAvailable()) return createPoolRunner(options);
  const { createInlineRunner } = await import('../inlineRunner.ts');
  return createInlineRunner();
}

/** Whether this page can run workers at all (else use the inline runner). */
function workersAvailable(): boolean {
  return typeof Worker !== 'undefined';
}

function startBrowserWorker(slot: number): WorkerPort {
  const worker = new Worker(new URL('../../../workers/engine.worker.ts', import.meta.url), {
    type: 'module',
    name: `slopack engine ${slot + 1}`,
  });
  return workerPort({
    endpoint: worker,
    onFailure(fail) {
      // An error outside a call (a crash, running out of memory, a module that fails to load).
      worker.addEventListener('error', (ev) => {
        ev.preventDefault();
        fail(new Error(ev.message || 'the worker failed'));
      });
      worker.addEventListener('messageerror', () => fail(new Error('a message could not be read')));
    },
    crash: () => worker.postMessage(CRASH_MESSAGE),
    vanish: () => worker.postMessage(VANISH_MESSAGE),
    terminate: () => worker.terminate(),
  });
}
