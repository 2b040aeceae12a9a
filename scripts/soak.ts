/**
 * The soak test (`npm run soak`, not part of `npm test`): random parameter changes in Chromium
 * against the built app (`vite preview`), one every 1–3 s, sometimes waiting for the results —
 * presets, views, packers, fit tests, ρ, seed — with memory sampled at checkpoints after forced GC
 * (CDP HeapProfiler.collectGarbage) in the same settings: the main thread's JS heap (CDP
 * Performance.getMetrics) and the renderer's RSS (/proc/<pid>/status VmRSS, the pid from CDP
 * SystemInfo.getProcessInfo). It prints the slopes (MB per 100 changes, least squares over the
 * checkpoints after warm-up), the floor after the work has ended, and fails past the bounds.
 *
 * Environment: SOAK_MINUTES (default 15), SOAK_CHECKPOINT (changes between checkpoints, 50),
 * SOAK_WARMUP (changes before the slope counts, 100), SOAK_SEED (1), SOAK_PORT (4196),
 * SOAK_HEAP_BOUND / SOAK_RSS_BOUND (MB per 100 changes; 0.5 and 5).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';

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

/** Waits until nothing computes (no spinner, no progress bar), at most `ms`. */
async function idle(page: Page, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const busy =
      (await page.locator('[aria-label="computing"]').count()) +
      (await page.getByRole('progressbar').count());
    if (busy === 0) return true;
    await page.waitForTimeout(250);
  }
  return false;
}

async function ensurePanel(page: Page): Promise<void> {
  if ((await page.getByLabel('Dataset').count()) === 0)
    await page
      .getByRole('navigation', { name: 'Views' })
      .getByRole('button', { name: 'Pack' })
      .click();
}

/** One random change; returns what it did. */
async function change(page: Page, random: () => number): Promise<string> {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
  const kind = pick(['view', 'dataset', 'packer', 'fit', 'rho', 'rho', 'seed', 'seed']);
  if (kind === 'view') {
    const v = pick(VIEWS);
    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: v }).click();
    return `view ${v}`;
  }
  await ensurePanel(page);
  switch (kind) {
    case 'dataset': {
      const d = pick(DATASETS);
      await page.getByLabel('Dataset').selectOption(d);
      return `dataset ${d}`;
    }
    case 'packer': {
      const values = await page
        .getByLabel('Packer')
        .locator('option')
        .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
      const p = pick(values);
      await page.getByLabel('Packer').selectOption(p);
      return `packer ${p}`;
    }
    case 'fit': {
      const values = await page
        .getByTestId('fit-family')
        .locator('option')
        .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
      const f = pick(values);
      await page.getByTestId('fit-family').selectOption(f);
      return `fit ${f}`;
    }
    case 'rho': {
      const slider = page.getByTestId('rho');
      if ((await slider.count()) === 0) return 'ρ (not this fit test)';
      const [min, max] = await slider.evaluate((s) => [
        Number((s as HTMLInputElement).min || 0),
        Number((s as HTMLInputElement).max || 100),
      ]);
      const v = Math.round(min + random() * (max - min));
      await slider.fill(String(v));
      return `ρ slider ${v}`;
    }
    default: {
      const seed = String(1 + Math.floor(random() * 20));
      await page.getByTestId('seed').fill(seed);
      await page.getByTestId('seed').press('Enter');
      return `seed ${seed}`;
    }
  }
}

/** Back to the baseline settings, idle, then GC twice and read the heap and the renderer's RSS. */
async function checkpoint(
  page: Page,
  cdp: CDPSession,
  browserCdp: CDPSession,
  changes: number,
): Promise<Sample> {
  await ensurePanel(page);
  await page.getByLabel('Dataset').selectOption(BASELINE.dataset);
  await page.getByLabel('Packer').selectOption(BASELINE.packer);
  await page.getByTestId('fit-family').selectOption(BASELINE.fit);
  await page.getByTestId('seed').fill(BASELINE.seed);
  await page.getByTestId('seed').press('Enter');
  await page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('button', { name: 'Pack' })
    .click();
  await page.waitForTimeout(1000);
  await idle(page, 120_000);
  await page.waitForTimeout(1000);
  for (let i = 0; i < 2; i++) {
    await cdp.send('HeapProfiler.collectGarbage');
    // The workers' heaps too (they hold their views of released pools' memory until collected).
    for (const w of page.workers())
      await w.evaluate(() => (globalThis as { gc?: () => void }).gc?.()).catch(() => {});
  }
  await page.waitForTimeout(500);
  const { metrics } = await cdp.send('Performance.getMetrics');
  const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN;
  await page.waitForTimeout(2500); // the status line's memory readout refreshes every 2 s
  const readout = (await page.getByTestId('memory').textContent()) ?? '';
  return { changes, heapMB: heap / MB, rssMB: (await rendererRss(browserCdp)) / MB, readout };
}

/**
 * The page's renderer's resident set (the page and its workers live in one renderer process): the
 * largest renderer's, leaving out the browser's own UI renderer and the blank ones.
 */
async function rendererRss(browserCdp: CDPSession): Promise<number> {
  const info = (await browserCdp.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; id: number }[];
  };
  let bytes = 0;
  for (const p of info.processInfo.filter((x) => x.type === 'renderer')) {
    try {
      if (readFileSync(`/proc/${p.id}/cmdline`, 'utf8').includes('--top-chrome-webui')) continue;
      const status = readFileSync(`/proc/${p.id}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      bytes = Math.max(bytes, kb * 1024);
    } catch {
      // the process ended meanwhile
    }
  }
  return bytes;
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
  // --expose-gc lets the soak collect the workers' heaps at checkpoints (the page never calls it).
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--js-flags=--expose-gc'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(String(e)));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const browserCdp = await browser.newBrowserCDPSession();
    await page.goto(`http://127.0.0.1:${PORT}${BASE_URL}`);
    await page.getByTestId('m-abs').waitFor({ timeout: 120_000 });

    const random = rng(SEED);
    const samples: Sample[] = [await checkpoint(page, cdp, browserCdp, 0)];
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
      else await page.waitForTimeout(1000 + random() * 2000);
      if (changes % CHECKPOINT === 0) {
        const s = await checkpoint(page, cdp, browserCdp, changes);
        samples.push(s);
        log(s);
      }
    }
    // After the work: a quiet minute, then the floor.
    const last = await checkpoint(page, cdp, browserCdp, changes);
    await page.waitForTimeout(30_000);
    const after = await checkpoint(page, cdp, browserCdp, changes);
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
