/**
 * Workers that vanish, in real Chromium: an engine worker or the ingestion worker closes from
 * inside (`self.close()`), as when a browser ends a worker. It sends no event; the app finds out by
 * an unanswered ping, replaces the worker and runs the lost work again. Idle workers are closed
 * through the DevTools protocol (Playwright's worker.evaluate is CDP's Runtime.evaluate on the
 * worker's target); workers busy with a sweep or a paper-lab table are lost as a test planned before
 * the page started (`planLosses`), at a given unit, so the loss always falls on work in flight. The
 * numbers after a loss are the numbers of a page where nothing was lost. And 50 dataset changes
 * while sweeps run end without a single failure notice.
 */
import type { Page, Worker } from '@playwright/test';
import { expect, keepShot, test } from './fixtures.ts';

// The upper bound on finding a kill and recovering from it, under load.
const RECOVERY = 120_000;

/**
 * The liveness watch of the pages whose workers are killed, shortened through the setting the app
 * reads at start (`globalThis.slopackLiveness`; runtime/pool/poolParts.ts): a ping after 0.5 s of silence,
 * 3 s to answer, 15 s for a new worker to start — instead of waiting out the defaults (5, 25, 60 s).
 * A busy worker beats at every checkpoint and the units here last milliseconds, so 3.5 s of silence
 * is a loss even under load; a start (code, hello, pools) keeps the longer deadline.
 */
async function watchClosely(page: Page, startDeadline = 15000): Promise<Page> {
  await page.addInitScript((start) => {
    (globalThis as { slopackLiveness?: object }).slopackLiveness = {
      checkAfter: 500,
      deadline: 3000,
      startDeadline: start,
    };
  }, startDeadline);
  return page;
}

/**
 * A rerun may land on a replacement that is still starting; closed then, it is found only when the
 * start deadline runs out. 8 s (not 15) still leaves the real starts (code, hello, pools) a wide
 * margin under load, and nearly halves the wait of the tests that lose work twice.
 */
const DEAD_START = 8000;

function workersOf(page: Page, kind: 'engine' | 'ingest'): Worker[] {
  return page.workers().filter((w) => w.url().includes(`${kind}.worker`));
}

/** Closes the worker from inside; it ends without any event reaching the page. */
async function closeWorker(worker: Worker): Promise<void> {
  const closing = worker
    .evaluate(() => (globalThis as unknown as { close(): void }).close())
    .catch(() => {});
  await Promise.race([closing, new Promise((r) => setTimeout(r, 2000))]);
}

/** Resolves when the page starts a new worker of `kind` (a replacement). */
function replacement(page: Page, kind: 'engine' | 'ingest'): Promise<Worker> {
  return page.waitForEvent('worker', {
    predicate: (w) => w.url().includes(`${kind}.worker`),
    timeout: RECOVERY,
  });
}

async function closeAll(page: Page, kind: 'engine' | 'ingest'): Promise<number> {
  const found = workersOf(page, kind);
  for (const w of found) await closeWorker(w);
  return found.length;
}

/**
 * Plans the page's engine-worker losses before it starts (`globalThis.slopackFaults`, read by the
 * pool: runtime/pool/poolFaults.ts): the worker handed the first unit of `job` closes itself from inside
 * before the unit reaches it, as `closeWorker` does, and with `times: 2` so does the worker handed
 * that unit's rerun. The loss falls on work in flight however fast the run: no race with it.
 */
async function planLosses(page: Page, job: 'sweep' | 'paperSums', times: 1 | 2): Promise<Page> {
  await page.addInitScript(
    ([loseUnitOf, n]) => {
      (globalThis as { slopackFaults?: object }).slopackFaults = { loseUnitOf, times: n };
    },
    [job, times] as const,
  );
  return page;
}

/**
 * Counts the engine workers `page` starts from now on; the returned function gives those beyond
 * the pool's own, whose size the status line states ("2 workers, shared memory").
 */
function countEngineStarts(page: Page): () => Promise<number> {
  let started = 0;
  page.on('worker', (w) => {
    if (w.url().includes('engine.worker')) started++;
  });
  return async () => {
    const runtime = await page.getByTestId('runtime').textContent();
    return started - Number(/(\d+) workers/.exec(runtime ?? '')?.[1]);
  };
}

async function packNumbers(page: Page, timeout = RECOVERY) {
  await expect(page.getByTestId('m-abs')).toHaveText(/^\d+$/, { timeout });
  await expect(page.getByTestId('stale')).toHaveCount(0, { timeout });
  const read = async (id: string) => (await page.getByTestId(id).textContent())?.trim();
  return { mAbs: await read('m-abs'), m: await read('m'), q: await read('q') };
}

/**
 * Read again every 0.1 s (not Playwright's default back-off to 1 s): each read itself waits for
 * current numbers, and a change lands on the next read rather than up to a second later.
 */
const EVERY_READ = { timeout: RECOVERY, intervals: [100] };

/** Waits for the numbers to become `want`. */
async function expectNumbers(page: Page, want: Awaited<ReturnType<typeof packNumbers>>) {
  await expect.poll(() => packNumbers(page), EVERY_READ).toEqual(want);
}

/** Waits for numbers other than `old` (the next dataset or seed), and returns them. */
async function nextNumbers(page: Page, old: Awaited<ReturnType<typeof packNumbers>>) {
  await expect.poll(() => packNumbers(page), EVERY_READ).not.toEqual(old);
  return packNumbers(page);
}

async function failures(page: Page): Promise<string[]> {
  return page.locator('.notice-error').allTextContents();
}

/** The trade-off plot's points once the sweep has completed (no progress bar, points drawn). */
async function tradeoffPoints(page: Page, timeout = RECOVERY): Promise<string[]> {
  const plot = page.locator('[data-plot="tradeoff-m-vs-q"]');
  await expect(page.getByRole('progressbar', { name: 'Packing the grid' })).toHaveCount(0, {
    timeout,
  });
  await expect(plot.locator('svg').first()).toBeVisible({ timeout });
  return plot
    .locator('circle')
    .evaluateAll((cs) => cs.map((c) => `${c.getAttribute('cx')},${c.getAttribute('cy')}`));
}

async function paperNumbers(page: Page, timeout = RECOVERY): Promise<string[]> {
  const figure = page.getByTestId('paper-figure-table1');
  await expect(figure.getByTestId('paper-result')).toBeVisible({ timeout });
  await expect(figure.getByTestId('paper-error')).toHaveCount(0);
  const facts = await page.locator('[data-testid^="fact-"]').allTextContents();
  const cells = await page.locator('[data-testid^="cell-"]').allTextContents();
  return [...facts, ...cells];
}

test.describe.configure({ timeout: 300_000 });

const SWEEP = '/?view=tradeoff&n=400&K=30&r=2000&seed=3';
const TABLE = '/?view=paper&fig=table1&r=1000&n=200&pK=2&pS=400&pN=20';
const references = new Map<string, string[]>();

/**
 * What `url` shows when nothing is killed, read by `read` in `page` — once per run: the tests that
 * kill workers on the same link compare with the same numbers (the link fixes every one of them).
 */
async function reference(page: Page, url: string, read: (p: Page) => Promise<string[]>) {
  let want = references.get(url);
  if (!want) {
    await page.goto(url);
    want = await read(page);
    references.set(url, want);
  }
  return want;
}

test('engine workers closed while idle: the next packing is computed, with the same numbers', async ({
  page,
}) => {
  await watchClosely(page);
  await page.goto('/?n=200&K=2&r=1000');
  const before = await packNumbers(page);
  const seed = page.getByTestId('seed');
  await seed.fill('9');
  await seed.press('Enter');
  expect(await nextNumbers(page, before)).not.toEqual(before);
  const replaced = replacement(page, 'engine');
  expect(await closeAll(page, 'engine')).toBeGreaterThan(0);
  await seed.fill('1');
  await seed.press('Enter');
  await expectNumbers(page, before);
  await replaced;
  // The status line says what holds memory (the dataset's samples, then the pools' matrices).
  await expect(page.getByTestId('memory')).toContainText(
    /^data \d+(\.\d)? MB · pools \d+(\.\d)? MB · caches/,
  );
  await keepShot(page, 'test-results/supervision-idle.png');
  expect(await failures(page)).toEqual([]);
});

test('an engine worker lost during a sweep: the grid completes with the same points', async ({
  browser,
  page,
}) => {
  const want = await reference(page, SWEEP, tradeoffPoints);
  expect(want.length).toBeGreaterThan(0);

  const killed = await planLosses(await watchClosely(await browser.newPage()), 'sweep', 1);
  const replacements = countEngineStarts(killed);
  await killed.goto(SWEEP);
  expect(await tradeoffPoints(killed)).toEqual(want);
  expect(await replacements()).toBe(1);
  expect(await failures(killed)).toEqual([]);
  await killed.close();
});

test('an engine worker lost during a paper-lab computation: the same table', async ({
  browser,
  page,
}) => {
  const want = await reference(page, TABLE, paperNumbers);
  expect(want.length).toBeGreaterThan(0);

  const killed = await planLosses(await watchClosely(await browser.newPage()), 'paperSums', 1);
  const replacements = countEngineStarts(killed);
  await killed.goto(TABLE);
  expect(await paperNumbers(killed)).toEqual(want);
  expect(await replacements()).toBe(1);
  expect(await failures(killed)).toEqual([]);
  await killed.close();
});

test('the ingestion worker closed between loads and during a load: the data still load', async ({
  browser,
  page,
}) => {
  // Reference numbers, nothing killed, read in `page` while the killed page loads the same data
  // beside it (the two compared at the end). The default dataset is prepared at build time and read
  // without the ingestion worker, so the worker first exists with the per-job Google set.
  const datasets = ['google-gcd-jobs', 'bitbrains-rnd', 'planetlab-10days'];
  const referenced = (async () => {
    await page.goto('/?n=200&K=2&r=1000');
    const seen = [await packNumbers(page)];
    for (const d of datasets) {
      await page.getByLabel('Dataset').selectOption(d);
      seen.push(await nextNumbers(page, seen.at(-1)!));
    }
    return seen.slice(1);
  })();

  const killed = await watchClosely(await browser.newPage());
  await killed.goto('/?n=200&K=2&r=1000');
  const first = await packNumbers(killed);
  await killed.getByLabel('Dataset').selectOption(datasets[0]);
  const jobs = await nextNumbers(killed, first);
  // Between loads.
  let replaced = replacement(killed, 'ingest');
  expect(await closeAll(killed, 'ingest')).toBe(1);
  await killed.getByLabel('Dataset').selectOption(datasets[1]);
  const vms = await nextNumbers(killed, jobs);
  await replaced;
  // During a load: the worker the load's call is handed to closes itself before the call reaches it.
  replaced = replacement(killed, 'ingest');
  await killed.evaluate(() => {
    (globalThis as { slopackFaults?: object }).slopackFaults = {
      loseNextCallOf: 'ingestion worker',
    };
  });
  await killed.getByLabel('Dataset').selectOption(datasets[2]);
  const days = await nextNumbers(killed, vms);
  await replaced;
  expect([jobs, vms, days]).toEqual(await referenced);
  expect(await failures(killed)).toEqual([]);
  await killed.close();
});

test('50 dataset changes interleaved with running sweeps: no failure notice', async ({ page }) => {
  await page.goto('/?view=tradeoff&n=100&K=3&r=500');
  await tradeoffPoints(page);
  const datasets = ['azure-v1', 'planetlab-20110303', 'bitbrains-rnd', 'google-gcd-jobs'];
  // A fixed rhythm: every fifth change waits for the sweep it started to end (the next lands after
  // it); the others follow 0–0.25 s later (pseudo-random), mid-load or mid-sweep.
  let x = 7;
  for (let i = 0; i < 50; i++) {
    x = (x * 48271) % 2147483647;
    await page.getByLabel('Dataset').selectOption(datasets[i % datasets.length]);
    if (i % 5 === 4) {
      await page.waitForTimeout(100);
      await tradeoffPoints(page);
    } else await page.waitForTimeout(x % 250);
  }
  await tradeoffPoints(page);
  await keepShot(page, 'test-results/supervision-interleaved.png');
  expect(await failures(page)).toEqual([]);
  await expect(page.getByText(/sweep failed|not loaded in this worker/)).toHaveCount(0);
});

test('a sweep whose workers are lost twice fails with Retry; Retry computes the same points', async ({
  browser,
  page,
}) => {
  // Two losses in a row: the liveness deadline of a busy worker, then that of a starting one, on top
  // of the sweeps.
  test.setTimeout(600_000);
  const want = await reference(page, SWEEP, tradeoffPoints);
  expect(want.length).toBeGreaterThan(0);

  const killed = await planLosses(
    await watchClosely(await browser.newPage(), DEAD_START),
    'sweep',
    2,
  );
  const replacements = countEngineStarts(killed);
  await killed.goto(SWEEP);
  const notice = killed.locator('.notice-error', { hasText: 'The trade-off sweep failed' });
  await expect(notice).toContainText('restarted once', { timeout: 3 * RECOVERY });
  await keepShot(killed, 'test-results/supervision-retry.png');
  await notice.getByTestId('notice-action').filter({ hasText: 'Retry' }).click();
  await expect
    .poll(() => tradeoffPoints(killed, 3 * RECOVERY), { timeout: 3 * RECOVERY })
    .toEqual(want);
  expect(await replacements()).toBe(2);
  expect(await failures(killed)).toEqual([]);
  await killed.close();
});

test('a paper-lab table whose workers are lost twice fails with Retry; Retry gives the same table', async ({
  browser,
  page,
}) => {
  test.setTimeout(600_000);
  const want = await reference(page, TABLE, paperNumbers);
  expect(want.length).toBeGreaterThan(0);

  const killed = await planLosses(
    await watchClosely(await browser.newPage(), DEAD_START),
    'paperSums',
    2,
  );
  const replacements = countEngineStarts(killed);
  await killed.goto(TABLE);
  const figure = killed.getByTestId('paper-figure-table1');
  await expect(figure.getByTestId('paper-error')).toContainText('restarted once', {
    timeout: 3 * RECOVERY,
  });
  await figure.getByTestId('paper-retry').click();
  expect(await paperNumbers(killed, 3 * RECOVERY)).toEqual(want);
  expect(await replacements()).toBe(2);
  await killed.close();
});
