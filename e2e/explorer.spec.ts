import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, openInApp, test } from './fixtures.ts';
import type { Page } from '@playwright/test';

const PLANETLAB = resolve(
  import.meta.dirname,
  '../../shared/data/planetlab-cloudsim/planetlab_20110303.csv',
);
const SHOTS = resolve(import.meta.dirname, '../test-results/screens');

async function numbers(page: Page) {
  await expect(page.getByTestId('stale')).toHaveCount(0);
  const read = async (id: string) => (await page.getByTestId(id).textContent())?.trim();
  return {
    mAbs: await read('m-abs'),
    mNorm: await read('m-norm'),
    m: await read('m'),
    q: await read('q'),
  };
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  const png = await page.screenshot({ fullPage: true, path: join(SHOTS, `${name}.png`) });
  // Not blank: a page of one colour compresses to a few hundred bytes.
  expect(png.length).toBeGreaterThan(20_000);
}

test('the default view shows numbers and every plot', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('m-abs')).toHaveText(/^\d+$/);
  await expect(page.getByTestId('q')).not.toBeEmpty();
  await expect(page.getByTestId('strip').getByRole('option')).not.toHaveCount(0);
  await page.getByTestId('strip').getByRole('option').first().click();
  for (const name of ['machine-1-histogram', 'machine-1-tail'])
    await expect(page.locator(`[data-plot="${name}"] svg`).first()).toBeVisible();
  await shot(page, 'pack');

  await page.getByRole('button', { name: 'Data', exact: true }).click();
  await expect(page.getByTestId('dataset-title')).toContainText('PlanetLab');
  await expect(page.locator('[data-plot="std-vs-mean"] svg').first()).toBeVisible();
  await shot(page, 'data');

  await openInApp(page, '/?view=tradeoff&K=2&n=300');
  for (const name of ['tradeoff-m-vs-q', 'tradeoff-rho-vs-q'])
    await expect(page.locator(`[data-plot="${name}"] svg`).first()).toBeVisible({
      timeout: 90_000,
    });
  await shot(page, 'tradeoff');
});

test('the first numbers, packed when the app was built, are the page’s own packing', async ({
  page,
}) => {
  await page.goto('/');
  const first = await numbers(page);
  // Away and back: the headline then shows the page's own packing of the default parameters.
  const slider = page.getByTestId('rho');
  const at = await slider.inputValue();
  await slider.fill('0');
  await expect(page.getByTestId('rho-value')).toContainText('0.0001');
  expect((await numbers(page)).mAbs).not.toBe(first.mAbs);
  await slider.fill(at);
  await expect(page.getByTestId('rho-value')).toContainText('0.01');
  expect(await numbers(page)).toEqual(first);
  await expect(page.getByText(/differ from this page’s own packing/)).toHaveCount(0);
});

test('moving ρ changes m and q, and the trade-off view rings the new point', async ({ page }) => {
  await page.goto('/?n=300&K=2');
  const before = await numbers(page);
  await page.getByTestId('rho').fill('0'); // the slider's low end: ρ = 1e-4
  await expect(page.getByTestId('rho-value')).toContainText('0.0001');
  const after = await numbers(page);
  expect(Number(after.mAbs)).toBeGreaterThan(Number(before.mAbs));
  expect(after.q).not.toBe(before.q);

  // R = 1,000: the ring marks the current fit test, whatever R the grid is swept at.
  await openInApp(page, '/?n=300&K=2&fit=gpa:0.001&view=tradeoff&r=1000');
  const ring = page.locator('[data-plot="tradeoff-m-vs-q"] circle[aria-label^="current:"]');
  await expect(ring).toHaveAttribute('aria-label', 'current: gpa:0.001', { timeout: 90_000 });
});

test('a link with non-default parameters reproduces the same numbers in a fresh page', async ({
  page,
  browser,
}) => {
  // R = 1,000: the link carries it, and the fresh page's numbers equal the first page's at any R.
  await page.goto('/?n=400&seed=7&algo=ff&fit=cantelli:1&c=0.8&k=0.5&rb=0&i=2&r=1000');
  const here = await numbers(page);
  await page.getByTestId('share').click();
  await expect.poll(() => page.url()).toContain('seed=7');
  const link = page.url();
  const context = await browser.newContext();
  const fresh = await context.newPage();
  await fresh.goto(link);
  await expect(fresh.getByTestId('m-abs')).toHaveText(/^\d+$/);
  expect(await numbers(fresh)).toEqual(here);
  await context.close();
  expect(here.mAbs).not.toBe(
    (
      await (async () => {
        await page.goto('/');
        return numbers(page);
      })()
    ).mAbs,
  );
});

test('a bad link shows a notice and the defaults', async ({ page }) => {
  await page.goto('/?v=1&n=abc&fit=gpa:7&algo=worst&c=-1');
  await expect(page.getByTestId('notice').first()).toBeVisible();
  await expect(page.getByTestId('notice')).toHaveCount(4);
  await expect(page.getByTestId('notice').filter({ hasText: 'fit="gpa:7"' })).toBeVisible();
  await expect(page.getByTestId('m-abs')).toHaveText(/^\d+$/);
  const fromBadLink = await numbers(page);
  await page.goto('/');
  expect(await numbers(page)).toEqual(fromBadLink);
});

test('an uploaded real file loads; a corrupted copy is refused with its line, and the first stays', async ({
  page,
}, info) => {
  const good = readFileSync(PLANETLAB, 'utf8');
  const lines = good.split('\n');
  lines[9] = lines[9].replace(/,(\d+),/, ',12x,');
  const badPath = info.outputPath('planetlab_corrupted.csv');
  writeFileSync(badPath, lines.join('\n'));

  // R = 1,000: the checks compare the packing of the loaded file before and after the refusal.
  await page.goto('/?view=data&n=500&r=1000');
  await page.getByTestId('upload').setInputFiles(PLANETLAB);
  await page.getByTestId('use-files').click();
  await expect(page.getByTestId('dataset-title')).toHaveText('planetlab_20110303.csv');
  await expect(page).toHaveURL(/files=planetlab_20110303\.csv/);
  await page.getByRole('button', { name: 'Pack' }).click();
  const loaded = await numbers(page);

  await page.getByRole('button', { name: 'Data', exact: true }).click();
  await page.getByTestId('upload').setInputFiles(badPath);
  // The preview reads the bad line first, and Use stays off until the files are valid.
  const preview = page.getByTestId('upload-preview');
  await expect(preview).toContainText('planetlab_corrupted.csv, line 10');
  await expect(preview).toContainText('"12x"');
  await expect(page.getByTestId('use-files')).toBeDisabled();
  await expect(page.getByTestId('dataset-title')).toHaveText('planetlab_20110303.csv');
  await page.getByRole('button', { name: 'Pack' }).click();
  expect(await numbers(page)).toEqual(loaded);
});
