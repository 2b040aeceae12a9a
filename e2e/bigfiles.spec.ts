/**
 * Big files in the page: a 1.5 GB wide CSV of integer percents is refused before it is read (the
 * renderer stays under 2 GB) with the numbers and the ways out, the previous data staying — its
 * samples would take 1 byte each as stored (≈ 0.7 GiB), but the realized pool at R = 1,000 alone is
 * ≈ 8 GiB; Cancel stops a large load (the time it took reported); a failed fetch ends as a notice
 * with Retry, which loads it. The command line streams the same file's first quarter under budgets
 * a quarter as large in a unit test (src/cli/bigWideCsv.test.ts).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { BIG_WIDE_CSV, bigWideCsv } from '../src/cli/testing/bigWideCsv.ts';
import { expect, keepShot, test } from './fixtures.ts';

const ROOT = resolve(import.meta.dirname, '..');
const SHOTS = join(ROOT, 'test-results/screens');

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
    await bigWideCsv();
  });

  test('a 1.5 GB wide CSV is refused before it is read, with the numbers; the data stay', async ({
    page,
    browser,
  }) => {
    const { size, seconds: writeSeconds, cached } = await bigWideCsv();
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
    await page.getByTestId('upload').setInputFiles(BIG_WIDE_CSV);
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
    await keepShot(page, join(SHOTS, 'bigfiles-refused.png'), { fullPage: true });
  });

  test('Cancel on a large load stops reading (the time it took is reported)', async ({ page }) => {
    await openData(page);
    await page.getByTestId('upload').setInputFiles(BIG_WIDE_CSV);
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
    await keepShot(page, join(SHOTS, 'bigfiles-loading.png'));
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
