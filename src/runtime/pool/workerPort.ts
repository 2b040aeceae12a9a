/**
 * The start/fail plumbing of one worker, shared by the browser's Web Workers and Node's
 * worker_threads: the first failure outside a call is reported once to the pool, and none after
 * the pool itself terminates the worker. A worker can also vanish without any event (a browser
 * ending it, `self.close()`): the pool finds that out with a ping that goes unanswered
 * (`answerPings` on the worker's side), sent beside comlink's messages, which ignore it.
 */
import type { Endpoint } from 'comlink';
import type { WorkerPort } from './poolParts.ts';

export interface StartedWorker {
  readonly endpoint: Endpoint;
  /** Wires the worker's own failure events (a crash, an exit, an unreadable message) to `fail`. */
  onFailure(fail: (e: Error) => void): void;
  /** Makes the worker die as if it had crashed (tests). */
  crash(): void;
  /** Makes the worker close itself without any event (tests); where absent, `crash`. */
  vanish?(): void;
  terminate(): void;
}

const PING = 'slopackPing';
const PONG = 'slopackPong';

interface PingMessage {
  readonly [PING]?: number;
  readonly [PONG]?: number;
}

/** Worker side: answers the pool's pings on `endpoint` (the worker's global scope or parentPort). */
export function answerPings(endpoint: Endpoint): void {
  endpoint.addEventListener('message', (e) => {
    const data = (e as MessageEvent<PingMessage | null>).data;
    const n = typeof data === 'object' && data !== null ? data[PING] : undefined;
    if (typeof n === 'number') endpoint.postMessage({ [PONG]: n });
  });
}

export function workerPort(worker: StartedWorker): WorkerPort {
  let listener: ((e: Error) => void) | null = null;
  let stopped = false;
  let sent = 0;
  // Only the newest ping's answer counts; one callback is held at a time.
  let waiting: { n: number; answered: () => void } | null = null;
  worker.onFailure((e) => {
    if (stopped) return;
    stopped = true;
    listener?.(e);
  });
  worker.endpoint.addEventListener('message', (e) => {
    const data = (e as MessageEvent<PingMessage | null>).data;
    const n = typeof data === 'object' && data !== null ? data[PONG] : undefined;
    if (waiting && n === waiting.n) {
      const { answered } = waiting;
      waiting = null;
      answered();
    }
  });
  return {
    endpoint: worker.endpoint,
    onCrash(l) {
      listener = l;
    },
    ping(answered) {
      if (stopped) return;
      waiting = { n: ++sent, answered };
      worker.endpoint.postMessage({ [PING]: sent });
    },
    simulateCrash: () => worker.crash(),
    simulateVanish: () => (worker.vanish ?? worker.crash)(),
    terminate() {
      stopped = true;
      waiting = null;
      worker.terminate();
    },
  };
}
