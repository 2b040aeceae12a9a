/**
 * The soak test (`npm run soak`, not part of `npm test`): random parameter changes in Chromium
 * (driven over a DevTools pipe that keeps nothing in the renderer: soakBrowser.ts) against the
 * built app (`vite preview`), one every 1–3 s, sometimes waiting for the results —
 * presets, views, packers, fit tests, ρ, seed — with memory sampled at checkpoints after forced GC
 * (CDP HeapProfiler.collectGarbage) in the same settings: the main thread's JS heap (CDP
 * Performance.getMetrics) and the renderer's RSS (/proc/<pid>/status VmRSS, the pid from CDP
 * SystemInfo.getProcessInfo). It prints the slopes (MB per 100 changes, least squares over the
 * checkpoints after warm-up), the floor after the work has ended, and fails past the bounds.
 *
 * Environment: SOAK_MINUTES (default 15), SOAK_CHECKPOINT (changes between checkpoints, 50),
 * SOAK_WARMUP (changes before the slope counts, 100), SOAK_SEED (1), SOAK_PORT (4196),
 * SOAK_HEAP_BOUND / SOAK_RSS_BOUND (MB per 100 changes; 0.5 and 5), SOAK_KINDS and SOAK_DETAIL
 * (below).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';
import { PipeBrowser, SoakPage } from './soakBrowser.ts';
import { contextMemory, domCounts, smapsBreakdown } from './soakProbe.ts';

const ROOT = resolve(import.meta.dirname, '..');
const env = (name: string, fallback: number) => {
  const v = process.env[name];
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name}=${v}: need a positive number`);
  return n;
};
const MINUTES = env('SOAK_MINUTES', 15);
const CHECKPOINT = env('SOAK_CHECKPOINT', 50);
const WARMUP = env('SOAK_WARMUP', 100);
const SEED = env('SOAK_SEED', 1);
const PORT = env('SOAK_PORT', 4196);
const HEAP_BOUND = env('SOAK_HEAP_BOUND', 0.5);
const RSS_BOUND = env('SOAK_RSS_BOUND', 5);
// Bisecting: SOAK_KINDS=view,seed limits the random changes to those kinds; SOAK_DETAIL=1 prints
// where the renderer's memory is at each checkpoint (scripts/soakProbe.ts).
const KINDS = (process.env.SOAK_KINDS ?? 'view,dataset,packer,fit,rho,rho,seed,seed').split(',');
const DETAIL = process.env.SOAK_DETAIL === '1';
const MB = 2 ** 20;

// The settings every checkpoint returns to (small sizes: the soak is about memory, not speed).
const BASE_URL = '/?n=200&K=3&r=1000&pK=2&pS=40&pN=20';
const BASELINE = { dataset: 'planetlab-20110303', packer: 'bf', fit: 'gpa', seed: '1' };
const DATASETS = ['planetlab-20110303', 'azure-v1', 'bitbrains-rnd', 'google-gcd-jobs'];
const VIEWS = ['Pack', 'Trade-off', 'Data', 'Tune', 'Paper lab', 'Learn'];

/** A seeded generator (Park–Miller), so a soak can be repeated change for change. */
function rng(seed: number): () => number {
  let x = Math.floor(seed) % 2147483647 || 1;
  return () => (x = (x * 48271) % 2147483647) / 2147483647;
}

interface Sample {
  readonly changes: number;
  readonly heapMB: number;
  readonly rssMB: number;
  /** The page's own memory readout (pools, caches, heap). */
  readonly readout: string;
}

async function startServer(): Promise<ChildProcess> {
  if (!existsSync(resolve(ROOT, 'dist/index.html')))
    throw new Error('no dist/: run `npx vite build` first (npm run soak does)');
  // Vite itself (not through npx), so that killing this process stops the server.
  const vite = resolve(ROOT, 'node_modules/vite/bin/vite.js');
  const server = spawn(
    process.execPath,
    [vite, 'preview', '--port', String(PORT), '--strictPort'],
    {
      cwd: ROOT,
      stdio: 'ignore',
    },
  );
  const url = `http://127.0.0.1:${PORT}/`;
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(url)).ok) return server;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  server.kill();
  throw new Error(`vite preview did not answer on ${url}`);
}

const BUSY = `document.querySelectorAll('[aria-label="computing"], [role="progressbar"], progress').length`;

/** Waits until nothing computes (no spinner, no progress bar), at most `ms`. */
async function idle(page: SoakPage, ms: number): Promise<boolean> {
  return page.until(`${BUSY} === 0`, ms);
}

async function ensurePanel(page: SoakPage): Promise<void> {
  if (!(await page.evaluate<boolean>(`byLabel('Dataset') !== null`))) await page.clickView('Pack');
}

/** One random change; returns what it did. */
async function change(page: SoakPage, random: () => number): Promise<string> {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
  const kind = pick(KINDS);
  if (kind === 'view') {
    const v = pick(VIEWS);
    await page.clickView(v);
    return `view ${v}`;
  }
  await ensurePanel(page);
  switch (kind) {
    case 'dataset': {
      const d = pick(DATASETS);
      await page.select(`byLabel('Dataset')`, d);
      return `dataset ${d}`;
    }
    case 'packer': {
      const p = pick(await page.options(`byLabel('Packer')`));
      await page.select(`byLabel('Packer')`, p);
      return `packer ${p}`;
    }
    case 'fit': {
      const f = pick(await page.options(`byTestId('fit-family')`));
      await page.select(`byTestId('fit-family')`, f);
      return `fit ${f}`;
    }
    case 'rho': {
      const range = await page.evaluate<[number, number] | null>(
        `(() => { const s = byTestId('rho'); return s ? [Number(s.min || 0), Number(s.max || 100)] : null; })()`,
      );
      if (!range) return 'ρ (not this fit test)';
      const v = Math.round(range[0] + random() * (range[1] - range[0]));
      await page.select(`byTestId('rho')`, String(v));
      return `ρ slider ${v}`;
    }
    default: {
      const seed = String(1 + Math.floor(random() * 20));
      await page.enter('seed', seed);
      return `seed ${seed}`;
    }
  }
}

/** Back to the baseline settings, idle, then GC twice and read the heap and the renderer's RSS. */
async function checkpoint(page: SoakPage, browser: PipeBrowser, changes: number): Promise<Sample> {
  await ensurePanel(page);
  await page.select(`byLabel('Dataset')`, BASELINE.dataset);
  await page.select(`byLabel('Packer')`, BASELINE.packer);
  await page.select(`byTestId('fit-family')`, BASELINE.fit);
  await page.enter('seed', BASELINE.seed);
  await page.clickView('Pack');
  await page.wait(1000);
  await idle(page, 120_000);
  await page.wait(1000);
  // The workers' heaps too (they hold their views of released pools' memory until collected).
  for (let i = 0; i < 2; i++) await page.collectGarbage();
  await page.wait(500);
  const { metrics } = await page.send<{ metrics: { name: string; value: number }[] }>(
    'Performance.getMetrics',
  );
  const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN;
  await page.wait(2500); // the status line's memory readout refreshes every 2 s
  const readout = await page.evaluate<string>(`byTestId('memory')?.textContent ?? ''`);
  const rss = await rendererRss(browser);
  if (DETAIL)
    console.log(
      JSON.stringify({
        changes,
        smaps: smapsBreakdown(rss.pid),
        contexts: await contextMemory(page),
        dom: await domCounts(page),
        workers: page.workerCount(),
      }),
    );
  return { changes, heapMB: heap / MB, rssMB: rss.bytes / MB, readout };
}

/**
 * The page's renderer's resident set (the page and its workers live in one renderer process): the
 * largest renderer's, leaving out the browser's own UI renderer and the blank ones.
 */
async function rendererRss(browser: PipeBrowser): Promise<{ bytes: number; pid: number }> {
  const info = await browser.send<{ processInfo: { type: string; id: number }[] }>(
    'SystemInfo.getProcessInfo',
  );
  let bytes = 0;
  let pid = 0;
  for (const p of info.processInfo.filter((x) => x.type === 'renderer')) {
    try {
      if (readFileSync(`/proc/${p.id}/cmdline`, 'utf8').includes('--top-chrome-webui')) continue;
      const status = readFileSync(`/proc/${p.id}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      if (kb * 1024 <= bytes) continue;
      bytes = kb * 1024;
      pid = p.id;
    } catch {
      // the process ended meanwhile
    }
  }
  return { bytes, pid };
}

/** Least-squares slope of y over x, per 100 of x. */
function slopePer100(points: readonly { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return NaN;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const p of points) {
    sxy += (p.x - mx) * (p.y - my);
    sxx += (p.x - mx) ** 2;
  }
  return (100 * sxy) / sxx;
}

async function main(): Promise<number> {
  const server = await startServer();
  // Not Playwright: it keeps every response body in the renderer for DevTools (soakBrowser.ts).
  const browser = PipeBrowser.launch(CHROMIUM_PATH, [
    ...CHROMIUM_ARGS,
    ...(DETAIL ? ['--enable-blink-features=ForceEagerMeasureMemory'] : []),
  ]);
  try {
    const page = await SoakPage.open(browser, `http://127.0.0.1:${PORT}${BASE_URL}`);
    const errors = page.errors;
    if (!(await page.until(`/^\\d+$/.test(byTestId('m-abs')?.textContent?.trim() ?? '')`, 120_000)))
      throw new Error('the page showed no numbers within 2 minutes');

    const random = rng(SEED);
    const samples: Sample[] = [await checkpoint(page, browser, 0)];
    const log = (s: Sample) =>
      console.log(
        `checkpoint ${String(s.changes).padStart(5)} changes: heap ${s.heapMB.toFixed(1)} MB, renderer RSS ${s.rssMB.toFixed(0)} MB; the page says ${s.readout}`,
      );
    log(samples[0]);
    const end = Date.now() + MINUTES * 60_000;
    let changes = 0;
    while (Date.now() < end) {
      await change(page, random);
      changes++;
      if (random() < 0.25) await idle(page, 30_000);
      else await page.wait(1000 + random() * 2000);
      if (changes % CHECKPOINT === 0) {
        const s = await checkpoint(page, browser, changes);
        samples.push(s);
        log(s);
      }
    }
    // After the work: a quiet minute, then the floor.
    const last = await checkpoint(page, browser, changes);
    await page.wait(30_000);
    const after = await checkpoint(page, browser, changes);
    log(after);
    const warm = samples.filter((s) => s.changes >= WARMUP);
    warm.push(last);
    const heapSlope = slopePer100(warm.map((s) => ({ x: s.changes, y: s.heapMB })));
    const rssSlope = slopePer100(warm.map((s) => ({ x: s.changes, y: s.rssMB })));
    const floor = Math.min(...warm.map((s) => s.rssMB));
    const backWithin = (after.rssMB - floor) / floor;
    const report = {
      minutes: MINUTES,
      changes,
      seed: SEED,
      warmup: WARMUP,
      samples: [...samples, after],
      heapSlopeMBPer100: heapSlope,
      rssSlopeMBPer100: rssSlope,
      rssFloorMB: floor,
      rssAfterMB: after.rssMB,
      consoleErrors: errors,
    };
    mkdirSync(resolve(ROOT, 'test-results'), { recursive: true });
    writeFileSync(resolve(ROOT, 'test-results/soak.json'), JSON.stringify(report, null, 2));
    console.log(
      `${changes} changes in ${MINUTES} min; after ${WARMUP} changes of warm-up: heap ${heapSlope.toFixed(2)} MB and renderer RSS ${rssSlope.toFixed(2)} MB per 100 changes; RSS after the work ${after.rssMB.toFixed(0)} MB, ${(100 * backWithin).toFixed(1)} % above the post-warm-up floor ${floor.toFixed(0)} MB`,
    );
    const problems: string[] = [];
    if (!(heapSlope <= HEAP_BOUND))
      problems.push(`heap slope ${heapSlope.toFixed(2)} > ${HEAP_BOUND} MB per 100 changes`);
    if (!(rssSlope <= RSS_BOUND))
      problems.push(`RSS slope ${rssSlope.toFixed(2)} > ${RSS_BOUND} MB per 100 changes`);
    if (!(backWithin <= 0.1)) problems.push(`RSS after the work more than 10 % above its floor`);
    if (errors.length) problems.push(`${errors.length} console errors, first: ${errors[0]}`);
    for (const p of problems) console.error(`soak: ${p}`);
    return problems.length ? 1 : 0;
  } finally {
    await browser.close();
    server.kill();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
