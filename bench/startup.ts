/**
 * Explorer start-up: navigation → the default view's headline digits painted (PlanetLab day, 1,052
 * VMs × R = 10,000, instance packed and evaluated), production build served by `vite preview`,
 * headless Chromium, median of 11, measured in the page (from its navigation start to the render
 * time the Element Timing API gives the headline's digits: when they are on the screen, as a
 * visitor meets them). Cold: a fresh profile each time (no HTTP cache, no service worker).
 * Warm: one profile that has visited once (HTTP cache primed, the service worker installed and its
 * cache full), a new tab each time. Baseline, same run and same state: the page's static shell (the
 * app's code run, a view without data). CPU: the browser's processes (renderer, workers, network,
 * GPU), user + system, over the same span, which the machine's load disturbs less than wall time.
 * Each visit starts once the browser is idle again (`settle`), so that no visit pays for the last.
 * Beside it, in the same visits, navigation → the app ready: its own packing evaluated, the
 * headline's q computed (what every e2e test waits for before it acts).
 * What is measured is what `npm start` serves (scripts/start.ts: built if stale, then served), as a
 * visitor meets the page. `STARTUP_DEV=1` adds Vite's development server (`npm run dev`), measured
 * after the built page and not interleaved (it runs in the bench's own process and transforms
 * modules on request: interleaved, it took the machine's two cores from the built page's samples);
 * it is not what a visitor meets, and its visits (≈ 8 s each) kept an 11-run bench from finishing
 * in 9 minutes.
 * `STARTUP_RUNS` sets the count; `STARTUP_DIST` measures a built folder instead of `npm start`;
 * `STARTUP_BEFORE` (a folder built from an older version) is measured in the same run, interleaved.
 */
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { createServer, preview } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';
import type { BenchFigure, BenchSuite } from './figure.ts';
import { cpuBetween, descendantTicks } from './processCpu.ts';
import { HEADLINE_TIMING } from '../src/present/pack/firstScreen.ts';

/** Chromium's processes (its command names start so), not the tools a bench starts beside it. */
const CHROMIUM = /\(chrom/;

const RUNS = Number(process.env.STARTUP_RUNS ?? 11);
const FIRST_NUMBERS = '[data-testid="m-abs"]';
/** The headline's q: computed by the app itself (the static first screen holds "…" there). */
const READY = '[data-testid="q"]';
const SHELL_URL = '/?view=data&d=no-such-dataset';

/**
 * Milliseconds from navigation start until the visitor sees it (`shown`): the headline's digits
 * painted (the Element Timing API's render time of the element named HEADLINE_TIMING, on the
 * build's static first screen or the app's headline, whichever is painted first), or, for the
 * shell, the first contentful paint. Not the moment a node enters the DOM: a frame holding it may
 * be painted long after, while the main thread runs the app's code (see BENCHMARKS.md, "Start-up:
 * what is measured"). For the digits, also until the app is ready (`ready`: its q in the DOM).
 */
export async function visit(
  context: BrowserContext,
  url: string,
  what: 'digits' | 'shell',
): Promise<{ shown: number; ready: number }> {
  const page = await context.newPage();
  // A string, not a function: the bench runs through tsx, whose helpers do not exist in the page.
  await page.addInitScript(`(() => {
    const seen = (t) => { if (window.__shown === undefined && t > 0) window.__shown = t; };
    window.__ready = ${JSON.stringify(what)} === 'digits' ? undefined : 0;
    const ready = () => {
      const q = document.querySelector(${JSON.stringify(READY)});
      if (window.__ready === undefined && q && /\\d/.test(q.textContent)) window.__ready = performance.now();
    };
    if (${JSON.stringify(what)} === 'digits') {
      new MutationObserver(ready).observe(document, { subtree: true, childList: true, characterData: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries())
          if (e.identifier === ${JSON.stringify(HEADLINE_TIMING)}) seen(e.renderTime || e.loadTime);
      }).observe({ type: 'element', buffered: true });
    } else
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') seen(e.startTime);
      }).observe({ type: 'paint', buffered: true });
  })();`);
  await page.goto(url);
  await page.waitForFunction('window.__shown !== undefined && window.__ready !== undefined', null, {
    timeout: 120_000,
  });
  const times = (await page.evaluate('({ shown: window.__shown, ready: window.__ready })')) as {
    shown: number;
    ready: number;
  };
  await page.close();
  return times;
}

/** One visit that leaves the profile warm: the service worker controls the page, its cache full. */
async function prime(context: BrowserContext, origin: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${origin}/`);
  await page.locator(FIRST_NUMBERS).filter({ hasText: /\d/ }).waitFor({ timeout: 120_000 });
  // A build without a service worker (an older one, measured with STARTUP_DIST) stays as it is.
  await page.waitForFunction(
    '!document.querySelector(\'meta[name="slopack-version"]\') || navigator.serviceWorker.controller !== null',
    null,
    { timeout: 120_000 },
  );
  await page.close();
}

interface Sample {
  first: number;
  ready: number;
  shell: number;
  cpu: number;
}

/**
 * Waits until the browser has been idle for a quarter second (under a tenth of a core), or 10 s:
 * a closed tab's workers, its garbage collection and the service worker's install would otherwise
 * run into the next visit, on a machine of two cores.
 */
async function settle(): Promise<void> {
  for (let i = 0; i < 40; i++) {
    const before = descendantTicks(process.pid, CHROMIUM);
    await new Promise((r) => setTimeout(r, 250));
    if (cpuBetween(before, descendantTicks(process.pid, CHROMIUM)) < 25) return;
  }
}

/** One measurement of `origin`: first numbers (with the browser's CPU), then the shell alone. */
async function sample(browser: Browser, origin: string, warm: BrowserContext | null) {
  const context = warm ?? (await browser.newContext());
  await settle();
  const t0 = descendantTicks(process.pid, CHROMIUM);
  const { shown: first, ready } = await visit(context, `${origin}/`, 'digits');
  const cpu = cpuBetween(t0, descendantTicks(process.pid, CHROMIUM));
  await settle();
  if (warm) {
    const shell = (await visit(context, origin + SHELL_URL, 'shell')).shown;
    return { first, ready, cpu, shell };
  }
  await context.close();
  const fresh = await browser.newContext();
  const shell = (await visit(fresh, origin + SHELL_URL, 'shell')).shown;
  await fresh.close();
  return { first, ready, cpu, shell };
}

/** RUNS samples of each origin, interleaved (so that a change of the machine's load hits all alike). */
async function measure(browser: Browser, origins: string[], warm: boolean): Promise<Sample[][]> {
  const out: Sample[][] = origins.map(() => []);
  const contexts = warm ? await Promise.all(origins.map(() => browser.newContext())) : null;
  for (const [k, origin] of origins.entries()) if (contexts) await prime(contexts[k], origin);
  for (let i = 0; i < RUNS; i++)
    for (const [k, origin] of origins.entries())
      out[k].push(await sample(browser, origin, contexts?.[k] ?? null));
  for (const c of contexts ?? []) await c.close();
  return out;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

interface Served {
  readonly origin: string;
  close(): Promise<void>;
}

const originOf = (address: ReturnType<import('node:http').Server['address']>) =>
  `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 4173}`;

/** A built folder served by `vite preview`. */
async function serve(dist: string): Promise<Served> {
  const server = await preview({
    build: { outDir: dist },
    preview: { port: 0, host: '127.0.0.1' },
    logLevel: 'error',
  });
  return {
    origin: originOf(server.httpServer.address()),
    close: () => new Promise<void>((r) => server.httpServer.close(() => r())),
  };
}

/** `npm start` itself (scripts/start.ts: builds if stale, then serves), on a free port. */
async function npmStart(): Promise<Served> {
  // One process (no npx or tsx wrapper in between), so that closing it stops the server.
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const origin = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (found) resolve(`http://127.0.0.1:${found[1]}`);
    });
    child.on('exit', (code) => reject(new Error(`npm start exited with code ${code}: ${out}`)));
  });
  return {
    origin,
    close: () =>
      new Promise<void>((r) => {
        child.removeAllListeners('exit');
        child.once('exit', () => r());
        child.kill();
      }),
  };
}

/** Vite's development server (`npm run dev`), on a free port. */
async function devServer(): Promise<Served> {
  const server = await createServer({
    server: { port: 0, host: '127.0.0.1', strictPort: false },
    logLevel: 'error',
  });
  await server.listen();
  return { origin: originOf(server.httpServer!.address()), close: () => server.close() };
}

/** The development server's samples, taken alone after the built page's (see the note above). */
async function measureDevServer(browser: Browser, warm: boolean): Promise<Sample[][]> {
  const dev = await devServer();
  try {
    return await measure(browser, [dev.origin], warm);
  } finally {
    await dev.close();
  }
}

export const startup: BenchSuite = {
  name: 'startup',
  description:
    'default view: navigation → first numbers painted and → the app ready, warm and cold, on what npm start serves, in Chromium',
  async run(): Promise<BenchFigure[]> {
    // STARTUP_DIST: measure another build's folder instead of npm start. STARTUP_BEFORE: an older
    // build's folder measured in the same run, interleaved, for the ratio of the two.
    const dist = process.env.STARTUP_DIST;
    const before = process.env.STARTUP_BEFORE;
    const servers = [
      dist ? await serve(dist) : await npmStart(),
      ...(before ? [await serve(before)] : []),
    ];
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const load = loadavg()[0];
    const figures: BenchFigure[] = [];
    try {
      for (const warm of [true, false]) {
        const state = warm ? 'warm' : 'cold';
        const [samples, older] = await measure(
          browser,
          servers.map((s) => s.origin),
          warm,
        );
        const dev = process.env.STARTUP_DEV ? (await measureDevServer(browser, warm))[0] : null;
        const value = median(samples.map((s) => s.first));
        const cpu = median(samples.map((s) => s.cpu));
        const loads = `load average ${load.toFixed(1)} → ${loadavg()[0].toFixed(1)}`;
        figures.push({
          name: `startup ${state}: navigation → first numbers (median of ${RUNS})`,
          value,
          unit: 'ms',
          baseline: median(samples.map((s) => s.shell)),
          ratio: median(samples.map((s) => s.shell)) / value,
          note: `baseline: the shell alone, ${state}; browser CPU ${cpu.toFixed(0)} ms (median); goal ≤ ${warm ? 500 : 1000} ms; ${loads}; all: ${samples.map((s) => s.first.toFixed(0)).join(' ')}`,
        });
        const ready = median(samples.map((s) => s.ready));
        figures.push({
          name: `startup ${state}: navigation → the app ready, its own q computed (median of ${RUNS})`,
          value: ready,
          unit: 'ms',
          baseline: value,
          ratio: value / ready,
          note: `baseline: the headline's digits painted, same visits; ${loads}; all: ${samples.map((s) => s.ready.toFixed(0)).join(' ')}`,
        });
        if (dev) {
          const devFirst = median(dev.map((s) => s.first));
          figures.push({
            name: `startup ${state}: ${dist ? 'STARTUP_DIST' : 'npm start'} against the development server (npm run dev), measured after`,
            value,
            unit: 'ms',
            baseline: devFirst,
            ratio: devFirst / value,
            note: `browser CPU ${cpu.toFixed(0)} ms against ${median(dev.map((s) => s.cpu)).toFixed(0)} ms; ${loads}; development server: ${dev.map((s) => s.first.toFixed(0)).join(' ')}`,
          });
        }
        if (older) {
          const old = median(older.map((s) => s.first));
          const oldCpu = median(older.map((s) => s.cpu));
          const oldReady = median(older.map((s) => s.ready));
          figures.push({
            name: `startup ${state}: this build against STARTUP_BEFORE, interleaved`,
            value,
            unit: 'ms',
            baseline: old,
            ratio: old / value,
            note: `browser CPU ${cpu.toFixed(0)} ms against ${oldCpu.toFixed(0)} ms; app ready ${ready.toFixed(0)} ms against ${oldReady.toFixed(0)} ms; ${loads}; before: ${older.map((s) => s.first.toFixed(0)).join(' ')}`,
          });
        }
      }
    } finally {
      await browser.close();
      for (const s of servers) await s.close();
    }
    return figures;
  },
};
