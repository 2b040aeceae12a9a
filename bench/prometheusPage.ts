/**
 * The page's side of the `prometheus` suite: the production build in Debian's Chromium (builtPage.ts)
 * reads the local Prometheus through the From Prometheus panel (the ingestion worker fetches the
 * chunks and streams each into the reader), then the same answers exported to files are uploaded in
 * the same page. Each is timed from its click to the Data view counting every pod kept; the live
 * read also judges the placement on the way. The main thread's JS heap after each is reported (the
 * samples themselves live in the worker, then in the page's dataset).
 */
import type { Page } from '@playwright/test';
import { withBuiltPage } from './builtPage.ts';

export interface PageReads {
  readonly liveS: number;
  readonly fileS: number;
  /** The page's heap once loaded, before each read. */
  readonly startHeapMiB: number;
  readonly fileStartHeapMiB: number;
  readonly liveHeapMiB: number;
  readonly fileHeapMiB: number;
}

async function heapMiB(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      ((performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ??
        NaN) /
      2 ** 20,
  );
}

async function keptAll(page: Page, pods: number, t0: number): Promise<number> {
  await page
    .getByTestId('tasks-kept')
    .filter({ hasText: `${pods} kept` })
    .waitFor({ timeout: 600_000 });
  return (Date.now() - t0) / 1000;
}

/** Times the page reading `url` over [start, end] at `step` s against uploading `files`. */
export async function pageReads(o: {
  url: string;
  start: number;
  end: number;
  step: number;
  cores: number;
  pods: number;
  files: readonly string[];
}): Promise<PageReads> {
  return withBuiltPage(async (origin, browser) => {
    const page = await browser.newPage();
    try {
      await page.goto(`${origin}/?view=data&n=50&K=2&r=1000`);
      await page.getByTestId('dataset-title').waitFor();
      await page.getByText('From Prometheus').click();
      await page.getByTestId('prom-url').fill(o.url);
      await page.getByTestId('prom-start').fill(String(o.start));
      await page.getByTestId('prom-end').fill(String(o.end));
      await page.getByTestId('prom-step').fill(`${o.step}s`);
      await page.getByTestId('prom-cores').fill(String(o.cores));
      const startHeapMiB = await heapMiB(page);
      let t0 = Date.now();
      await page.getByTestId('prom-read').click();
      const liveS = await keptAll(page, o.pods, t0);
      const liveHeapMiB = await heapMiB(page);

      await page.goto(`${origin}/?view=data&n=50&K=2&r=1000`);
      await page.getByTestId('dataset-title').waitFor();
      const fileStartHeapMiB = await heapMiB(page);
      await page.getByTestId('upload').setInputFiles([...o.files]);
      await page.getByTestId('preview').waitFor({ timeout: 600_000 });
      await page.getByTestId('opt-coresPerMachine').fill(String(o.cores));
      await page.getByTestId('opt-coresPerMachine').press('Tab');
      const use = page.getByTestId('use-files');
      await page
        .locator('[data-testid="use-files"]:not([disabled])')
        .waitFor({ timeout: 600_000 })
        .catch(async () => {
          throw new Error(`the preview refuses: ${await page.getByTestId('preview').innerText()}`);
        });
      t0 = Date.now();
      await use.click();
      const fileS = await keptAll(page, o.pods, t0);
      return {
        liveS,
        fileS,
        startHeapMiB,
        fileStartHeapMiB,
        liveHeapMiB,
        fileHeapMiB: await heapMiB(page),
      };
    } finally {
      await page.close();
    }
  });
}
