/** Loads datasets off the main thread: built-in presets and the user's files, with progress and cancel. */
import { expose, type Endpoint } from 'comlink';
import { createIngestApi } from '../src/ingest/api.ts';
import { answerPings } from '../src/runtime/workerPort.ts';

answerPings(self as unknown as Endpoint);
expose(createIngestApi());
