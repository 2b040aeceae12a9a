import type { Page } from '@playwright/test';
import { expect, keepShot, test } from './fixtures.ts';

/** The run's totals as shown (machine-hours, migrations, hot spots …), once current. */
async function totals(page: Page): Promise<string[]> {
  const table = page.getByTestId('resize-totals');
  await expect(table).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('.resize-totals.stale')).toHaveCount(0);
  return table.locator('td').allTextContents();
}

test('the Resize view runs a policy on the PlanetLab day and sweeps the policies', async ({
  page,
}) => {
  await page.goto('/?view=resize');
  await expect(page.getByTestId('view-resize')).toBeVisible();
  const first = await totals(page);
  expect(Number(first[0].replace(/,/g, ''))).toBeGreaterThan(0); // machine-hours
  for (const plot of ['resize-active', 'resize-migrations', 'resize-hotspots'])
    await expect(page.locator(`[data-plot="${plot}"] svg`).first()).toBeVisible();

  await page.getByTestId('resize-run-sweep').click();
  await expect(page.locator('[data-plot="resize-pareto"] svg').first()).toBeVisible({
    timeout: 90_000,
  });
  await expect(page.getByTestId('resize-paper-numbers')).toContainText('8.00·10⁻⁴');
  await keepShot(page, 'test-results/resize-view.png', { fullPage: true });
});

test('a canned scenario replays with the bin-type labels', async ({ page }) => {
  await page.goto('/?view=resize&sc=tight-3-2&rs=0');
  const replay = page.getByTestId('resize-replay');
  await expect(page.getByTestId('resize-frame-caption')).toContainText('insert 0 (L, 0.51)');
  await expect(replay.getByTestId('resize-bin-label')).toHaveText(['L']);
  // The last of the 12 events: 6 L-bins and 3 SS-bins, the 3/2 tight example.
  await page.getByTestId('resize-event').fill('12');
  await expect(replay.getByTestId('resize-bin-label')).toHaveText([
    ...Array(6).fill('L'),
    ...Array(3).fill('SS'),
  ]);
  await expect.poll(() => page.url()).toContain('rs=11');

  await page.getByTestId('resize-scenario').selectOption('t-to-l');
  await page.getByTestId('resize-play').click();
  await expect(page.getByTestId('resize-frame-caption')).toContainText('insert 1', {
    timeout: 10_000,
  });
  await expect(replay.getByTestId('resize-bin-label').first()).toHaveText(
    /^(T filled|T unfilled|LT|L)$/,
  );
  await keepShot(page, 'test-results/resize-replay.png', { fullPage: true });
});

test('a link reproduces the numbers in a fresh page', async ({ page, browser }) => {
  await page.goto('/?view=resize');
  await expect(page.getByTestId('resize-totals')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('resize-policy').selectOption('repack');
  await page.getByTestId('resize-K').fill('6');
  await page.getByTestId('resize-K').press('Enter');
  await page.getByTestId('resize-up-alpha').fill('0.4');
  await page.getByTestId('resize-up-alpha').press('Enter');
  await expect.poll(() => page.url()).toContain('ua=0.4');
  await expect.poll(() => page.url()).toContain('rK=6');
  const shown = await totals(page);
  const link = page.url();

  const fresh = await browser.newPage();
  await fresh.goto(link);
  await expect(fresh.getByTestId('resize-policy')).toHaveValue('repack');
  expect(await totals(fresh)).toEqual(shown);
  await fresh.close();
});
