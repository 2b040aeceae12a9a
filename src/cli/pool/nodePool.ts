/**
 * The command line's runner: the same worker pool as the browser's (src/runtime/pool/pool.ts) on Node's
 * worker_threads, one worker per core by default, matrices in a shared WebAssembly.Memory.
 */
import { nodePortEndpoint } from './endpoint.ts';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { WorkerPool, type WorkerPort } from '../../runtime/pool/pool.ts';
import { workerPort, type StartedWorker } from '../../runtime/pool/workerPort.ts';

// Workers run TypeScript through tsx's ESM hooks, whatever started the main thread (tsx, vitest):
// a one-line bootstrap registers them, then imports the entry.
const TSX_API = pathToFileURL(
  join(
    dirname(createRequire(import.meta.url).resolve('tsx/package.json')),
    'dist/esm/api/index.mjs',
  ),
).href;
const SRC = resolve(import.meta.dirname, '../..');

/**
 * The `eval` source of a worker thread that runs the TypeScript module at `entry` (a file URL):
 * through tsx's hooks, or the entry's bundle when $SLOPACK_PREBUILT names a folder that holds one
 * (the unit suite's, scripts/testBundles.ts: `cli/pool/worker.mjs` for `src/cli/pool/worker.ts`).
 */
export function tsxBootstrap(entry: string): string {
  const prebuilt = process.env.SLOPACK_PREBUILT;
  if (prebuilt) {
    const bundle = join(prebuilt, relative(SRC, fileURLToPath(entry)).replace(/\.ts$/, '.mjs'));
    if (existsSync(bundle)) return `import(${JSON.stringify(pathToFileURL(bundle).href)});`;
  }
  return `import(${JSON.stringify(TSX_API)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
}
const WORKER_ENTRY = new URL('./worker.ts', import.meta.url).href;

interface NodeRunnerOptions {
  /** Default: os.availableParallelism(). */
  readonly workers?: number;
  /** Default true; false runs the copying mode of pages without cross-origin isolation. */
  readonly shared?: boolean;
}

export function defaultWorkers(): number {
  return availableParallelism();
}

export function createNodeRunner(options: NodeRunnerOptions = {}): WorkerPool {
  return new WorkerPool({
    workers: options.workers ?? defaultWorkers(),
    shared: options.shared ?? true,
    spawn: startNodeWorker,
  });
}

function startNodeWorker(slot: number): WorkerPort {
  return workerPort(nodeWorker(slot));
}

/** One engine worker thread, not yet wrapped for the pool (exported for supervision tests). */
export function nodeWorker(slot: number): StartedWorker {
  const worker = new Worker(tsxBootstrap(WORKER_ENTRY), {
    eval: true,
    name: `slopack-${slot + 1}`,
  });
  return {
    endpoint: nodePortEndpoint(worker),
    onFailure(fail) {
      worker.on('error', (e) => fail(e instanceof Error ? e : new Error(String(e))));
      worker.on('messageerror', () => fail(new Error('a message could not be read')));
      worker.on('exit', (code) => fail(new Error(`exited with code ${code}`)));
    },
    // Terminating from outside stops the worker even mid-computation, as a crash would.
    crash: () => void worker.terminate(),
    terminate: () => void worker.terminate(),
  };
}
