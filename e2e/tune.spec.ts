import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { readNumber } from '../src/present/format.ts';

/** Small sizes so that the tuner finishes in seconds on the default PlanetLab day. */
const SMALL = 'n=150&r=2000&K=3';

async function headline(page: Page) {
  await expect(page.getByTestId('stale')).toHaveCount(0);
  await expect(page.getByTestId('m-abs')).toHaveText(/^\d+$/);
  return {
    mAbs: (await page.getByTestId('m-abs').textContent())!.trim(),
    // The tuner judges independent draws: their q stands beside the replayed headline.
    q: (await page.getByTestId('q-independent-value').textContent())!.trim(),
  };
}

test('the auto-tuner ranks the families, and “apply” moves Pack to the winner', async ({
  page,
}) => {
  await page.goto(`/?view=tune&tm=auto&${SMALL}&qt=0.01&fams=gpa,perc,cf,emp`);
  await page.getByRole('button', { name: 'Pack', exact: true }).click();
  const before = await headline(page);
  await expect(page.getByTestId('fit-family')).toHaveValue('gpa');

  await page.getByRole('button', { name: 'Tune', exact: true }).click();
  await expect(page.getByTestId('target')).toHaveValue('0.01');
  await page.getByTestId('run-tuner').click();
  const table = page.getByTestId('tune-table');
  await expect(table).toBeVisible({ timeout: 60_000 });
  // One row per tuned family, and untuned GPA at ρ = q* beside them.
  await expect(table.locator('tbody tr')).toHaveCount(5);
  await expect(table.locator('tbody tr[data-tuned="false"]')).toHaveAttribute('data-family', 'gpa');
  await expect(page.getByTestId('untuned-gpa')).toContainText('Untuned GPA (ρ = q* = 0.01)');
  await expect(page.locator('[data-plot="tuner-machines-vs-q"] svg').first()).toBeVisible();

  const winner = table.locator('tbody tr.best');
  await expect(winner).toHaveCount(1);
  await expect(winner.getByTestId('tune-result')).toHaveText('met');
  const family = await winner.getAttribute('data-family');
  const mAbs = (await page.getByTestId('winner-m-abs').textContent())!.trim();
  const q = (await page.getByTestId('winner-q').textContent())!.trim();

  await page.getByTestId('apply-winner').click();
  await expect(page.getByTestId('view-pack')).toBeVisible();
  await expect(page.getByTestId('fit-family')).toHaveValue(family!);
  // Pack packs instance 0 exactly as the tuner's held-out run did: the same machines and q.
  const after = await headline(page);
  expect(after).toEqual({ mAbs, q });
  expect(after).not.toEqual(before);
  await expect.poll(() => page.url()).toContain('k=0.5');
  // The exact q lands beside the measured one.
  await expect(page.getByTestId('exact-q')).toHaveAttribute('data-state', 'ready', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('exact-q')).toHaveText(/^(0|\d\.\d{4}|\d\.\d\de-\d+)$/);
});

test('the calibration view sweeps a family and switches to another', async ({ page }) => {
  await page.goto(`/?view=tune&tm=calibrate&${SMALL}&fam=cantelli`);
  await expect(page.locator('[data-plot="calibration-q-cantelli"] svg').first()).toBeVisible({
    timeout: 60_000,
  });
  await expect(
    page.locator('[data-plot="calibration-machines-cantelli"] svg').first(),
  ).toBeVisible();
  const rows = page.getByTestId('calibration-table').locator('tbody tr');
  await expect(rows).toHaveCount(17);
  await page.getByTestId('calibration-family').selectOption('conv');
  await expect(page.locator('[data-plot="calibration-q-conv"] svg').first()).toBeVisible({
    timeout: 60_000,
  });
  await expect(rows).toHaveCount(16);
  await expect.poll(() => page.url()).toContain('fam=conv');
});

test('a tuning run can be cancelled, and stops with a reason when the workload changes', async ({
  page,
}) => {
  await page.goto('/?view=tune&tm=auto&K=20');
  const progress = page.getByRole('status').filter({ hasText: 'Cross-validating' });
  await page.getByTestId('run-tuner').click({ timeout: 60_000 });
  await expect(progress).toBeVisible();
  await progress.getByRole('button', { name: 'Cancel' }).click();
  await expect(progress).toHaveCount(0);
  await expect(page.getByTestId('run-tuner')).toBeEnabled();
  await expect(page.getByTestId('tune-table')).toHaveCount(0);

  await page.getByTestId('run-tuner').click();
  await expect(progress).toBeVisible();
  const seed = page.getByTestId('seed');
  await seed.fill('2');
  await seed.press('Enter');
  await expect(page.getByRole('alert')).toContainText(
    'The tuner did not finish: the workload changed',
  );
  await expect(progress).toHaveCount(0);
});

test('Pack’s exact q resolves an overflow probability far below 1/|E|', async ({ page }) => {
  await page.goto('/?n=150&r=2000&fit=cantelli:4.4');
  await expect(page.getByTestId('q-independent-value')).toHaveText(/^0 \(below 1\/\|E\|/);
  const exact = page.getByTestId('exact-q');
  await expect(exact).toHaveAttribute('data-state', 'ready');
  const q = readNumber((await exact.textContent())!);
  expect(q).toBeGreaterThan(0);
  expect(q).toBeLessThan(1 / 2000 / 100);
});
