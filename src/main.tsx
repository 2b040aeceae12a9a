/**
 * The page's entry: the engine workers are started first (they load and compile their kernel
 * while the rest of the app's code arrives), then the app itself (src/app.tsx) is loaded and run.
 * Where the build's static first screen is shown (scripts/buildPlugin.ts), the app is run once
 * that screen's first frame is painted: its code arrives preloaded, and run at once it took a
 * loaded machine's main thread for hundreds of milliseconds before the digits already there.
 */
import { FIRST_SCREEN_ON } from './present/pack/firstScreenClass.ts';
import { createRunner } from './runtime/pool/poolRunner.ts';

/** Resolves once the page's next frame is painted, or at once in a hidden tab (no frames there). */
function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') return resolve();
    document.addEventListener('visibilitychange', () => resolve(), { once: true });
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

const runner = createRunner();
const painted = document.documentElement.classList.contains(FIRST_SCREEN_ON)
  ? afterNextFrame()
  : Promise.resolve();
void Promise.all([runner, painted.then(() => import('./app.tsx'))]).then(([r, app]) =>
  app.start(r),
);
