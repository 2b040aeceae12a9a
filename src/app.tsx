import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_PRESET_ID, presetById } from './engine/index.ts';
import { startController } from './state/common/controller/controller.ts';
import { createIngest } from './state/common/sources/datasets.ts';
import { explorer } from './state/common/store/store.ts';
import { decodeAddress, loadLinkCodec, needsLinkCodec } from './state/common/link/linkAddress.ts';
import type { Runner } from './runtime/runner.ts';
import { setLpWasmUrl } from './runtime/lp.ts';
import {
  defaultPreparedUrl,
  fetchPrepared,
  withPreparedDefault,
} from './runtime/ingestion/preparedIngest.ts';
import highsWasm from 'highs/runtime?url';
import { App } from './ui/App.tsx';
import { ControllerContext } from './ui/controllerContext.ts';
import { decodeFirstPack, showFirstPack } from './state/pack/firstPack.ts';
import { whenQuiet } from './ui/whenQuiet.ts';
import { FIRST_SCREEN_ON } from './present/pack/firstScreenClass.ts';
import './ui/styles.css';

declare global {
  interface Window {
    /** The prepared default dataset's bytes, fetched by index.html before this code arrived. */
    __slopackPrepared?: Promise<ArrayBuffer | null>;
    /** The build's first packing (state/pack/firstPack.ts), fetched by index.html likewise. */
    __slopackFirstPack?: Promise<unknown>;
  }
}

const base = import.meta.env.BASE_URL;

/** How long the user leaves the page alone before the service worker is registered. */
const QUIET_MS = 2000;

/** Runs the app on `runner` (started by src/main.tsx before this code arrived). */
export function start(runner: Runner): void {
  // A long link (#z=…) is read with the deflate code, loaded first; a failed load is a notice.
  if (needsLinkCodec()) {
    const run = () => startReading(runner);
    void loadLinkCodec().then(run, run);
  } else startReading(runner);
}

function startReading(runner: Runner): void {
  // The inline runner (no workers) solves LPs on this thread.
  setLpWasmUrl(highsWasm);
  const { params, notices } = decodeAddress();
  const preset = presetById(DEFAULT_PRESET_ID)!;
  const prepared =
    import.meta.env.PROD && params.dataset === preset.id && params.scale === preset.scale
      ? (window.__slopackPrepared ?? fetchPrepared(defaultPreparedUrl(base)))
      : null;
  explorer.setState({ params });
  for (const text of notices) explorer.getState().notify('warning', text);
  const ingest = import.meta.env.PROD
    ? withPreparedDefault(createIngest(), base, prepared)
    : undefined;
  const first = prepared ? window.__slopackFirstPack : undefined;
  // The build's static first screen (present/pack/firstScreen.ts) shows the numbers already: the
  // app's first render, which replaces it, waits for the packing so that they never go away.
  if (first && document.documentElement.classList.contains(FIRST_SCREEN_ON)) {
    const run = () => startRendering(runner, ingest, first);
    void first.then(run, run);
  } else startRendering(runner, ingest, first);
}

function startRendering(
  runner: Runner,
  ingest: ReturnType<typeof withPreparedDefault> | undefined,
  first: Promise<unknown> | undefined,
): void {
  const controller = startController(explorer, runner, {
    ingest,
    startAfter: first && firstNumbersPainted(first),
  });

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ControllerContext.Provider value={controller}>
        <App />
      </ControllerContext.Provider>
    </StrictMode>,
  );
  if (import.meta.env.PROD) registerWhenQuiet();
}

/**
 * Shows the build's first packing if its fetch has already answered, and resolves once it is
 * painted: the dataset's decoding and the workers' realizing, which would take the two cores from
 * the first render, start after it. A fetch still under way shows its packing when it answers and
 * holds nothing back.
 */
async function firstNumbersPainted(first: Promise<unknown>): Promise<void> {
  const notYet = Symbol('not yet');
  const json = await Promise.race([first, new Promise((r) => setTimeout(() => r(notYet), 0))]);
  if (json === notYet) {
    void first.then((j) => showFirstPack(explorer, decodeFirstPack(j)));
    return;
  }
  if (!showFirstPack(explorer, decodeFirstPack(json))) return;
  await new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)));
}

/** The service worker (production only): the app and its data offline after the first visit. */
function registerServiceWorker() {
  const version = document.querySelector<HTMLMetaElement>('meta[name="slopack-version"]')?.content;
  if (!version || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register(`${base}sw.js?v=${encodeURIComponent(version)}`, { scope: base })
    .catch((e: unknown) => {
      console.warn(`The app will not work offline: ${(e as Error).message}`);
    });
}

/**
 * Registers the service worker once the first numbers are shown (or after 5 s on a view without
 * them) and the user has then left the page alone for `QUIET_MS`: its install fetches and compiles
 * the whole app, which must delay neither the first numbers nor a drag begun on them.
 */
function registerWhenQuiet() {
  const wait = () => {
    unsubscribe();
    clearTimeout(fallback);
    whenQuiet(registerServiceWorker, QUIET_MS, window);
  };
  const unsubscribe = explorer.subscribe((s) => {
    if (s.pack.status === 'ready') wait();
  });
  const fallback = setTimeout(wait, 5000);
}
