/**
 * Big files in the page: a 1.5 GB wide CSV of integer percents is refused before it is read (the
 * renderer stays under 2 GB) with the numbers and the ways out, the previous data staying — its
 * samples would take 1 byte each as stored (≈ 0.7 GiB), but the realized pool at R = 1,000 alone is
 * ≈ 8 GiB; Cancel stops a large load (the time it took reported); a failed fetch ends as a notice
 * with Retry, which loads it. On the command line the same file loads within a 1.5 GiB budget
 * (no pool) and is refused under 1 GiB, with the numbers.
 */
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const ROOT = resolve(import.meta.dirname, '..');
const SHOTS = join(ROOT, 'test-results/screens');
/** Kept between runs (the file is the same every time): written once, found again by its size. */
const DIR = join(tmpdir(), 'slopack-bigfiles');
const BIG = join(DIR, 'wide_1p5GB.csv');
const ROWS = 2_160_000;
const COLS = 278;

const HEADER = `vm,${Array.from({ length: COLS }, (_, t) => `t${t}`).join(',')}\n`;
const BODIES = Array.from({ length: 997 }, (_, r) =>
  Array.from({ length: COLS }, (_, t) => Math.floor(((r * 7 + t * 13) % 100) ** 3 / 1e4)).join(','),
);
const rowText = (r: number) => `vm${r},${BODIES[r % BODIES.length]}\n`;

/** The size in bytes the file must have (all ASCII), to tell a complete copy from a partial one. */
function expectedSize(): number {
  let size = HEADER.length;
  for (let r = 0; r < ROWS; r++) size += `vm${r},`.length + BODIES[r % BODIES.length].length + 1;
  return size;
}

/**
 * The 1.5 GB file: 2.16 M tasks × 278 integer percents (mostly small), streamed to a temporary name
 * and renamed when complete, unless a previous run left it with the expected size.
 */
async function writeBigFile(): Promise<{ size: number; seconds: number; cached: boolean }> {
  const t0 = Date.now();
  const size = expectedSize();
  if (existsSync(BIG) && statSync(BIG).size === size) return { size, seconds: 0, cached: true };
  mkdirSync(DIR, { recursive: true });
  const partial = `${BIG}.${process.pid}.part`;
  const out = createWriteStream(partial);
  out.write(HEADER);
  for (let r = 0; r < ROWS;) {
    let block = '';
    for (const end = Math.min(ROWS, r + 2000); r < end; r++) block += rowText(r);
    if (!out.write(block)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  renameSync(partial, BIG);
  return { size: statSync(BIG).size, seconds: (Date.now() - t0) / 1000, cached: false };
}

let written: Promise<{ size: number; seconds: number; cached: boolean }> | undefined;
/** The big file, written once for every test of this file that reads it (and for later runs). */
const bigFile = () => (written ??= writeBigFile());

/** The resident memory of the browser's renderer processes (the page and its workers), in bytes. */
async function rendererBytes(browser: Browser): Promise<number> {
  const cdp = await browser.newBrowserCDPSession();
  const info = (await cdp.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; id: number }[];
  };
  await cdp.detach();
  let sum = 0;
  for (const p of info.processInfo.filter((x) => x.type === 'renderer')) {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p.id}/status`, 'utf8'));
      if (m) sum += Number(m[1]) * 1024;
    } catch {
      // The process ended meanwhile.
    }
  }
  return sum;
}

/** Samples the renderers' memory every 100 ms until `stop()`; returns the peak. */
function watchMemory(browser: Browser) {
  let peak = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      peak = Math.max(peak, await rendererBytes(browser));
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return peak;
    },
  };
}

async function openData(page: Page) {
  await page.goto('/?view=data&n=50&K=2&r=1000');
  await expect(page.getByTestId('dataset-title')).toContainText('PlanetLab');
}

test.describe('big files', () => {
  test.describe.configure({ timeout: 300_000 });
  test.beforeAll(async () => {
    await bigFile();
  });

  test('a 1.5 GB wide CSV is refused before it is read, with the numbers; the data stay', async ({
    page,
    browser,
  }) => {
    const { size, seconds: writeSeconds, cached } = await bigFile();
    expect(size).toBeGreaterThan(1.4e9);
    expect(size).toBeLessThan(1.6e9);
    test.info().annotations.push({
      type: 'file',
      description: cached
        ? `${(size / 1e9).toFixed(2)} GB, kept from an earlier run`
        : `${(size / 1e9).toFixed(2)} GB written in ${writeSeconds.toFixed(1)} s`,
    });
    await openData(page);
    const memory = watchMemory(browser);
    await page.getByTestId('upload').setInputFiles(BIG);
    await expect(page.getByTestId('preview')).toBeVisible();
    await page.getByTestId('use-files').click();
    const notice = page.locator('[data-testid=notice].notice-error').last();
    await expect(notice).toContainText('wide_1p5GB.csv: too large to load');
    const peak = await memory.stop();
    test.info().annotations.push({ type: 'renderer peak', description: `${peak / 2 ** 20} MiB` });
    expect(peak).toBeLessThan(2e9);
    await expect(notice).toContainText(/≈ 2\.1\d M tasks, ≈ 6\d\d M samples/);
    // Stored coded, one byte a sample (not 8): ≈ 0.7 GiB; the pool at R = 1,000 is what is over.
    await expect(notice).toContainText(
      /≈ [67]\d\d MiB as stored, 1 byte a sample; the pool at R = 1,000 ≈ 8\.\d+ GiB/,
    );
    await expect(notice).toContainText('over the memory budget of 1.5 GiB');
    await expect(notice).toContainText('npm run cli -- reduce');
    await expect(notice.getByTestId('notice-action')).toContainText(/Load the first [\d,]+ tasks/);
    await expect(page.getByTestId('dataset-title')).toContainText('PlanetLab');
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ fullPage: true, path: join(SHOTS, 'bigfiles-refused.png') });
  });

  test('Cancel on a large load stops reading (the time it took is reported)', async ({ page }) => {
    await openData(page);
    await page.getByTestId('upload').setInputFiles(BIG);
    await page.getByTestId('use-files').click();
    // The sample of tasks that fits: a load of the whole file (its rows past the sample are counted).
    await page
      .locator('[data-testid=notice].notice-error')
      .last()
      .getByTestId('notice-action')
      .click();
    const readout = page.getByTestId('load-progress');
    // The files are hashed as they are read: one pass, with the count and the estimate from the start.
    await expect(readout).toContainText(/Reading wide_1p5GB\.csv .*: [1-9]\d{2,} MiB of 1468 MiB/, {
      timeout: 60_000,
    });
    await expect(page.getByTestId('load-estimate')).toContainText('the memory budget is 1.5 GiB');
    await page.screenshot({ path: join(SHOTS, 'bigfiles-loading.png') });
    const before = await readout.textContent();
    const stopped = await page.evaluate(async () => {
      const cancel = [...document.querySelectorAll('[data-testid=load-progress] button')].find(
        (b) => b.textContent === 'Cancel',
      ) as HTMLButtonElement;
      const t0 = performance.now();
      cancel.click();
      for (;;) {
        await new Promise((r) => setTimeout(r, 10));
        if (!document.querySelector('[data-testid=load-progress]')) return performance.now() - t0;
      }
    });
    test.info().annotations.push({
      type: 'cancel',
      description: `stopped ${stopped.toFixed(0)} ms after Cancel (at "${before}")`,
    });
    // The time is reported, not asserted (a loaded machine must not fail the suite); the read must
    // have stopped with nothing lost.
    expect(stopped).toBeGreaterThan(0);
    await expect(page.locator('[data-testid=notice].notice-error')).toHaveCount(0);
    await expect(page.getByTestId('dataset-title')).toContainText('PlanetLab');
  });
});

/** Runs the command line under /usr/bin/time -v: its output, exit code and peak RSS (bytes). */
async function cli(
  args: string[],
): Promise<{ out: string; code: number; rss: number; cpu: number }> {
  return new Promise((done) => {
    execFile(
      '/usr/bin/time',
      // Node itself with tsx's loader (as `npx tsx` runs it, without npm's own process around it).
      ['-v', process.execPath, '--import', 'tsx', join(ROOT, 'src/cli/main.ts'), ...args],
      { cwd: ROOT, maxBuffer: 1 << 24 },
      (error, stdout, stderr) => {
        const kb = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)?.[1];
        const user = Number(/User time \(seconds\): ([\d.]+)/.exec(stderr)?.[1] ?? NaN);
        const sys = Number(/System time \(seconds\): ([\d.]+)/.exec(stderr)?.[1] ?? NaN);
        done({
          out: stdout + stderr,
          code: error ? ((error as { code?: number }).code ?? 1) : 0,
          rss: Number(kb) * 1024,
          cpu: user + sys,
        });
      },
    );
  });
}

test.describe('big files on the command line', () => {
  test.describe.configure({ timeout: 600_000 });
  test.beforeAll(async () => {
    await bigFile();
  });

  test('the 1.5 GB wide CSV loads within a 1.5 GiB budget (coded), and is refused under 1 GiB', async () => {
    const data = ['--data', BIG, '--format', 'wide', '--unit', 'percent', '--scale', '0.25'];
    // The two runs are independent processes (each its own peak RSS): run side by side.
    const [refused, loaded] = await Promise.all([
      cli(['inspect', ...data, '--memory-budget', '1']),
      cli(['inspect', ...data, '--memory-budget', '1.5', '--json']),
    ]);
    expect(refused.code).not.toBe(0);
    expect(refused.out).toMatch(/too large to load: ≈ 2\.1\d M tasks, ≈ 6\d\d M samples/);
    expect(refused.out).toMatch(/1 byte a sample/);
    expect(refused.out).toMatch(/over the memory budget of 1 GiB/);
    expect(loaded.code, loaded.out.slice(-2000)).toBe(0);
    const doc = JSON.parse(
      loaded.out.slice(loaded.out.indexOf('{'), loaded.out.lastIndexOf('}') + 1),
    ) as {
      report: { tasksKept: number; samplesKept: number };
    };
    expect(doc.report.tasksKept).toBe(ROWS);
    expect(doc.report.samplesKept).toBe(ROWS * COLS);
    // The samples held in 1 byte each (0.7 GiB, growing as read): the process (Node and tsx
    // included) peaks far under the samples' float64 size alone (602 M × 8 bytes = 4.8 GB).
    expect(loaded.rss).toBeLessThan(2 * 2 ** 30);
    test.info().annotations.push({
      type: 'command line',
      description: `refused in ${refused.cpu.toFixed(1)} s CPU at ${(refused.rss / 2 ** 20).toFixed(0)} MiB; loaded in ${loaded.cpu.toFixed(1)} s CPU at ${(loaded.rss / 2 ** 20).toFixed(0)} MiB peak RSS`,
    });
  });
});

test('a failed fetch ends as a notice with Retry (no lasting “updating…”), and Retry loads it', async ({
  page,
}) => {
  await page.goto('/?view=pack&n=50&K=2&r=1000');
  await expect(page.getByTestId('m-abs')).toHaveText(/^\d+$/);
  await page.route('**/data/azure-v1-datacentersim/**', (route) => route.abort('failed'));
  await page.getByLabel('Dataset').selectOption('azure-v1');
  const notice = page.locator('[data-testid=notice].notice-error').last();
  await expect(notice).toContainText('Could not load "Azure V1');
  await expect(page.getByTestId('stale')).toHaveCount(0);
  await expect(page.getByLabel('Dataset')).toHaveValue('planetlab-20110303');
  await page.unroute('**/data/azure-v1-datacentersim/**');
  await notice.getByTestId('notice-action').click();
  await expect(page.getByLabel('Dataset')).toHaveValue('azure-v1');
  await expect(page.getByTestId('m-abs')).toHaveText(/^\d+$/);
  await expect(page.getByTestId('stale')).toHaveCount(0, { timeout: 60_000 });
  await expect(page.locator('[data-testid=notice].notice-error')).toHaveCount(0);
});
