/** A worker thread running the engine host (src/runtime/pool/host.ts) behind comlink, for the CLI. */
import { expose } from 'comlink';
import { nodePortEndpoint } from './endpoint.ts';
import { parentPort } from 'node:worker_threads';
import { EngineHost } from '../../runtime/pool/host.ts';
import { answerPings } from '../../runtime/pool/workerPort.ts';

if (!parentPort) throw new Error('src/cli/pool/worker.ts runs as a worker thread');
const endpoint = nodePortEndpoint(parentPort);
answerPings(endpoint);
expose(new EngineHost(), endpoint);
