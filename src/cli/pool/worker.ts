/** A worker thread running the engine host (src/runtime/host.ts) behind comlink, for the CLI. */
import { expose } from 'comlink';
import { nodePortEndpoint } from './endpoint.ts';
import { parentPort } from 'node:worker_threads';
import { EngineHost } from '../../runtime/host.ts';

if (!parentPort) throw new Error('src/cli/pool/worker.ts runs as a worker thread');
expose(new EngineHost(), nodePortEndpoint(parentPort));
