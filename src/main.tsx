/**
 * The page's entry: the engine workers are started first (they load and compile their kernel
 * while the rest of the app's code arrives), then the app itself (src/app.tsx) is loaded and run.
 */
import { createRunner } from './runtime/pool/poolRunner.ts';

const runner = createRunner();
void Promise.all([runner, import('./app.tsx')]).then(([r, app]) => app.start(r));
