/**
 * The Cluster view in real Chromium: Bitbrains (CPU and memory) packed on HARMONY's machine types,
 * the four fit tests compared; editing a machine type changes the packing and goes in the link; the
 * link reproduces the packing in a fresh page; the provisioning LP runs in a worker (and one period
 * is timed there); the pooling lesson plays and links into the view.
 */
import type { Page } from '@playwright/test';
import { expect, keepShot, test } from './fixtures.ts';
import { sharedPage } from './sharedPage.ts';

// A small run: R = 200 realizations, 4 periods, 3 classes. Pack's R (r) at 1,000: the view does not
// read it, but a page opened on it still realizes Pack's pool (at the default 10,000) beside its work.
const VIEW = '/?view=cluster&cr=200&cper=4&ck=3&r=1000';

async function packed(page: Page): Promise<string> {
  const machines = page.getByTestId('packing-machines');
  await expect(machines).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('packing-summary')).not.toHaveClass(/stale/, { timeout: 90_000 });
  return (await page.getByTestId('packing-summary').textContent()) ?? '';
}

/**
 * The view at its small run, opened once: one CBS-RELAX period timed, then the packing read, edited
 * and reproduced through its link in a fresh page.
 */
test.describe('the Bitbrains view on one page', () => {
  const shared = sharedPage(VIEW);

  test('one CBS-RELAX period is timed in a worker', async () => {
    const page = shared();
    await page.getByTestId('lp-timing-run').click();
    const median = page.getByTestId('lp-timing-median');
    await expect(median).toBeVisible({ timeout: 90_000 });
    const ms = Number(await median.textContent());
    expect(ms).toBeGreaterThan(0);
    const text = await page.getByTestId('lp-timing-result').textContent();
    console.log(`CBS-RELAX one period, 4 types × 20 classes, in a Chromium worker: ${text}`);
  });

  test('the view on Bitbrains; a type edit changes the packing; a link reproduces it', async ({
    browser,
  }) => {
    const page = shared();
    await expect(page.getByTestId('cluster')).toBeVisible();
    const before = await packed(page);
    expect(before).toMatch(/Dell R210/);
    await expect(page.getByTestId('fit-table').locator('tbody tr')).toHaveCount(4);
    for (const fit of ['gpa', 'additive', 'request'])
      await expect(page.getByTestId(`fit-machines-${fit}`)).toHaveText(/^\d+$/);
    // Provisioning: CBS-RELAX solved by HiGHS in a worker, then drawn.
    await expect(page.getByTestId('provision-totals')).toBeVisible({ timeout: 90_000 });
    await expect(
      page.locator('[data-plot="cluster-provision-machines"] svg').first(),
    ).toBeVisible();
    await expect(page.locator('[data-plot="cluster-elbow"] svg').first()).toBeVisible();
    await keepShot(page, 'test-results/cluster-view.png', { fullPage: true });

    // No Dell R210 machines: the packing changes, and the link carries the edited types.
    await page.getByTestId('type-0-count').fill('0');
    await expect.poll(() => packed(page), { timeout: 90_000 }).not.toBe(before);
    const after = await packed(page);
    expect(after).toMatch(/0 Dell R210/);
    await expect.poll(() => page.url()).toMatch(/[?&]ct=/);
    const link = page.url();

    const fresh = await browser.newPage();
    await fresh.goto(link);
    await expect(fresh.getByTestId('type-0-count')).toHaveValue('0');
    expect(await packed(fresh)).toBe(after);
    await fresh.close();
  });
});

test('Google GCD with its memory file packs in the view', async ({ page }) => {
  await page.goto('/?view=cluster&cd=google-gcd-jobs&cr=100&cper=4&ck=3&r=1000');
  const summary = await packed(page);
  expect(summary).toMatch(/memory/);
  await expect(page.getByTestId('provision-totals')).toBeVisible({ timeout: 90_000 });
  await keepShot(page, 'test-results/cluster-gcd.png', { fullPage: true });
});

test('the pooling lesson plays and opens the Cluster view', async ({ page }) => {
  await page.goto('/?view=learn&r=1000');
  await page.getByRole('link', { name: /Pooling beats adding percentiles/ }).click();
  await page.getByTestId('predict-choice-1').check();
  await page.getByTestId('predict-check').click();
  const lesson = page.getByTestId('lesson-pooling');
  await expect(lesson).toBeVisible();
  await expect(page.getByTestId('pool-count-pooled')).toHaveText('16');
  await expect(page.getByTestId('pool-count-additive')).toHaveText('10');
  // Fewer tasks' worth of spread: a larger σ moves both counts.
  await page.getByTestId('pool-sigma').fill('0.04');
  await expect(page.getByTestId('pool-count-additive')).not.toHaveText('10');
  await keepShot(page, 'test-results/cluster-lesson.png', { fullPage: true });
  await page.getByTestId('pool-play').click();
  await expect(page.getByTestId('pool-step')).not.toHaveText('0', { timeout: 20_000 });
  await page.getByTestId('open-in-cluster').click();
  await expect(page.getByTestId('cluster')).toBeVisible();
});
