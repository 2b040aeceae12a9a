/**
 * The paper lab in real Chromium: every figure's view renders (or says why it cannot) with no
 * console error; a link to a figure with its parameters reproduces its numbers in a fresh page; and
 * on the calibrated synthetic Google-like workload the Table 1 view reproduces the paper's row
 * within the calibration tolerance. Sizes are small (R = 1,000, 2 instances, 40 sums) except for the
 * last test, where R stays 10,000 as in the calibration (the A–D test's power depends on R).
 */
import type { Page } from '@playwright/test';
import { FIT_BANDS, PAPER_TABLE1 } from '../src/engine/index.ts';
import { FIGURE_IDS } from '../src/engine/analysis/paperFigures.ts';
import { readNumber } from '../src/present/format.ts';
import { expect, test } from './fixtures.ts';

/** 300 sums per N: a rate's standard error reaches 0.03, so this run is held to ±0.10 only. */
const SMALL_RUN_TOLERANCE = { rejectionRate: 0.1, meanTotal: 0.1 };

const SMALL = 'r=1000&n=200&pK=2&pS=40&pN=20';

/** Waits until the open figure shows its numbers, or why it cannot; returns which. */
async function settled(page: Page, id: string): Promise<'result' | 'unavailable'> {
  const figure = page.getByTestId(`paper-figure-${id}`);
  await expect(figure).toBeVisible();
  const done = figure.getByTestId('paper-result').or(figure.getByTestId('paper-unavailable'));
  await expect(done).toBeVisible({ timeout: 90_000 });
  await expect(figure.getByTestId('paper-error')).toHaveCount(0);
  return (await figure.getByTestId('paper-unavailable').count()) ? 'unavailable' : 'result';
}

/** The figure's numbers as the page shows them: facts and table cells. */
async function numbers(page: Page): Promise<string[]> {
  const facts = await page.locator('[data-testid^="fact-"]').allTextContents();
  const cells = await page.locator('[data-testid^="cell-"]').allTextContents();
  return [...facts, ...cells];
}

test('every figure view renders from the navigation, with no console error', async ({ page }) => {
  await page.goto(`/?view=paper&fig=fig2&${SMALL}`);
  const shown: Record<string, string> = {};
  for (const id of FIGURE_IDS) {
    await page.getByTestId(`paper-link-${id}`).click();
    await expect(page.getByTestId(`paper-link-${id}`)).toHaveAttribute('aria-current', 'page');
    shown[id] = await settled(page, id);
    if (shown[id] === 'result') {
      // Every plot drew an SVG; tables and facts are there with numbers.
      const plots = page.getByTestId(`paper-figure-${id}`).locator('figure.plot');
      const count = await plots.count();
      expect(count, `${id} plots`).toBeGreaterThan(0);
      for (let i = 0; i < count; i++)
        await expect(plots.nth(i).locator('svg').first()).toBeVisible();
      expect((await numbers(page)).length, `${id} numbers`).toBeGreaterThan(0);
    }
  }
  // The PlanetLab day has no avg series: Figs. 1 and 10 say so; every other figure computes.
  expect(shown).toMatchObject({ fig1: 'unavailable', fig10: 'unavailable', table1: 'result' });
  expect(Object.values(shown).filter((s) => s === 'result')).toHaveLength(FIGURE_IDS.length - 2);
  // Coming back to a computed figure is instant: its numbers are there without a progress bar.
  await page.getByTestId('paper-link-table1').click();
  await expect(page.getByTestId('paper-figure-table1').getByTestId('paper-result')).toBeVisible({
    timeout: 1000,
  });
  // The paper toggle adds the paper's column to the table, and the link remembers it.
  await page.getByTestId('paper-toggle').uncheck();
  await expect(page.locator('th.paper-col')).toHaveCount(0);
  await page.getByTestId('paper-toggle').check();
  await expect(page.locator('th.paper-col').first()).toBeVisible();
  await expect.poll(() => page.url()).toContain('fig=table1');
});

test('on a dataset with an avg series, Figs. 1, 3 and 10 compute their avg parts', async ({
  page,
}) => {
  await page.goto(`/?view=paper&fig=fig1&d=google-like&s=1&${SMALL}`);
  expect(await settled(page, 'fig1')).toBe('result');
  await expect(page.getByTestId('cell-0-k')).toHaveText('1');
  await page.getByTestId('paper-link-fig3').click();
  await settled(page, 'fig3');
  await expect(page.locator('[data-plot="paper-fig3-diff"] svg').first()).toBeVisible();
  await page.getByTestId('paper-link-fig10').click();
  expect(await settled(page, 'fig10')).toBe('result');
  await expect(page.getByTestId('cell-0-fit')).toHaveText('gpa:0.1');
});

for (const figure of ['table1', 'fig7', 'fig5']) {
  test(`a link to ${figure} with its parameters reproduces its numbers in a fresh page`, async ({
    page,
    browser,
  }) => {
    await page.goto(`/?view=paper&fig=${figure}&seed=3&${SMALL}`);
    await settled(page, figure);
    const first = await numbers(page);
    expect(first.length).toBeGreaterThan(0);
    await expect.poll(() => page.url()).toContain('seed=3');
    const link = page.url();
    const context = await browser.newContext();
    const fresh = await context.newPage();
    const errors: string[] = [];
    fresh.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await fresh.goto(link);
    await settled(fresh, figure);
    expect(await numbers(fresh)).toEqual(first);
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('a long computation shows its progress and can be cancelled; new sizes start again', async ({
  page,
}) => {
  await page.goto('/?view=paper&fig=table1&r=10000&pS=20000');
  const figure = page.getByTestId('paper-figure-table1');
  await expect(figure.getByRole('progressbar')).toBeVisible({ timeout: 60_000 });
  await figure.getByRole('button', { name: 'Cancel' }).click();
  await expect(figure.getByTestId('paper-run')).toBeVisible();
  await page.getByTestId('paper-sums').fill('30');
  await page.getByTestId('paper-sums').press('Enter');
  await expect.poll(() => page.url()).toContain('pS=30');
  await settled(page, 'table1');
  await expect(figure.getByTestId('cell-0-sums')).toHaveText('30');
});

test('on the synthetic Google-like workload, Table 1 reproduces the paper within tolerance', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/?view=paper&fig=table1&d=google-like&s=1&pS=300&paper=1');
  await settled(page, 'table1');
  const rows = page.getByTestId('paper-table').locator('tbody tr');
  await expect(rows).toHaveCount(PAPER_TABLE1.length);
  for (let i = 0; i < PAPER_TABLE1.length; i++) {
    const paper = PAPER_TABLE1[i];
    expect(readNumber((await page.getByTestId(`cell-${i}-n`).textContent()) ?? '')).toBe(paper.n);
    const rate = readNumber(
      (await page.getByTestId(`cell-${i}-rejectionRate`).textContent()) ?? '',
    );
    expect(Math.abs(rate - paper.rejectionRate), `N = ${paper.n}`).toBeLessThanOrEqual(
      SMALL_RUN_TOLERANCE.rejectionRate,
    );
    const mean = readNumber((await page.getByTestId(`cell-${i}-meanTotal`).textContent()) ?? '');
    expect(Math.abs(mean - paper.meanTotal) / paper.meanTotal).toBeLessThanOrEqual(
      SMALL_RUN_TOLERANCE.meanTotal,
    );
    const inBand = Math.abs(rate - paper.rejectionRate) <= FIT_BANDS.rejectionRate + 5e-4;
    await expect(page.getByTestId(`cell-${i}-withinTolerance`)).toHaveText(inBand ? 'yes' : 'no');
  }
});
