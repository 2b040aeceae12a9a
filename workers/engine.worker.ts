/** A Web Worker running the engine host (src/runtime/pool/host.ts) behind comlink. */
import { expose, type Endpoint } from 'comlink';
import { CRASH_MESSAGE, VANISH_MESSAGE } from '../src/protocol/api.ts';
import { EngineHost } from '../src/runtime/pool/host.ts';
import { answerPings } from '../src/runtime/pool/workerPort.ts';
import { setLpWasmUrl } from '../src/runtime/lp.ts';
import highsWasm from 'highs/runtime?url';

setLpWasmUrl(highsWasm);

// An uncaught error here reaches the main thread as the worker's 'error' event: a crash (tests).
// VANISH_MESSAGE closes it without any event; the pool finds out by an unanswered ping.
addEventListener('message', (e: MessageEvent) => {
  if (e.data === CRASH_MESSAGE) throw new Error('simulated crash');
  if (e.data === VANISH_MESSAGE) close();
});
answerPings(self as unknown as Endpoint);
expose(new EngineHost());
