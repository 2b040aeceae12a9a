/**
 * A link to uploaded files reproduces their numbers: it carries the loader options (unit, cores per
 * machine…), asks for the files in any view, reads them with its options, and refuses other
 * options under the same link. Upload previews name problems in the order a person fixes them.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const dir = mkdtempSync(join(tmpdir(), 'slopack-upload-links-'));

/**
 * 50 PlanetLab VMs (the bundled day) as an SRE's export: one column per VM, one row per 5-minute
 * step, in cores of a 4-core VM (percent / 100 × 4).
 */
function coresCsv(): string {
  const lines = readFileSync('../shared/data/planetlab-cloudsim/planetlab_20110303.csv', 'utf8')
    .trim()
    .split('\n');
  const rows = lines.slice(1, 51).map((l) => l.split(','));
  const header = lines[0].split(',');
  const first = header.findIndex((h) => /^t\d+$/.test(h));
  const steps = header.length - first;
  const out = [`timestamp,${rows.map((_, i) => `vm${i + 1}`).join(',')}`];
  for (let t = 0; t < steps; t++)
    out.push(
      [
        1299110400 + 300 * t,
        ...rows.map((r) => ((Number(r[first + t]) / 100) * 4).toFixed(4)),
      ].join(','),
    );
  return `${out.join('\n')}\n`;
}

const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

async function numbers(page: Page) {
  await page.getByRole('button', { name: 'Pack', exact: true }).click();
  await expect(page.getByTestId('m-abs')).toHaveText(/\d/, { timeout: 90_000 });
  await expect(page.getByTestId('stale')).toHaveCount(0, { timeout: 90_000 });
  return {
    mAbs: await page.getByTestId('m-abs').textContent(),
    q: await page.getByTestId('q').first().textContent(),
  };
}

test('a link to a CSV in cores carries unit and cores; a fresh context reproduces it, other cores are refused', async ({
  page,
  browser,
}) => {
  const csv = file('sre_cores.csv', coresCsv());
  // R = 1,000: the link carries it; the fresh context's numbers equal the first page's at any R.
  await page.goto('/?view=data&r=1000');
  await page.getByTestId('upload').setInputFiles(csv);
  await page.getByTestId('opt-unit').selectOption('cores');
  await page.getByTestId('opt-coresPerMachine').fill('16');
  await expect(page.getByTestId('preview-rows')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('opt-taskSize')).toHaveValue('1');
  await page.getByTestId('use-files').click();
  await expect(page.getByTestId('dataset-title')).toHaveText('sre_cores.csv', { timeout: 60_000 });
  const made = await numbers(page);
  await expect.poll(() => page.url(), { timeout: 10_000 }).toContain('o.cap=16');
  const link = new URL(page.url());
  expect(link.searchParams.get('o.unit')).toBe('cores');
  expect(link.searchParams.get('fmt')).toBe('columns');

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(`${link.pathname}${link.search}`);
  // Asked for in any view (here Pack), with a drop target.
  await expect(other.getByTestId('linked-files')).toContainText('sre_cores.csv');
  await expect(other.getByTestId('linked-files')).toContainText('16 cores per machine');

  // The Data view's form holds the link's options; changing the cores is refused.
  await other.getByRole('button', { name: 'Data', exact: true }).click();
  await other.getByTestId('upload').setInputFiles(csv);
  await expect(other.getByTestId('opt-coresPerMachine')).toHaveValue('16');
  await other.getByTestId('opt-coresPerMachine').fill('32');
  await expect(other.getByTestId('preview-rows')).toBeVisible({ timeout: 30_000 });
  await other.getByTestId('use-files').click();
  await expect(other.getByTestId('notice').filter({ hasText: 'not its options' })).toContainText(
    'cores per machine 32 (the link: 16)',
  );
  await other.getByTestId('use-files').click();
  await expect(other.getByTestId('notice').filter({ hasText: 'not its options' })).toHaveCount(1);
  await expect(other.getByTestId('linked-files')).toBeVisible();

  // Dropped on the link's box, the file is read with the link's options: the same numbers.
  await other.getByTestId('linked-files-input').setInputFiles(csv);
  await expect(other.getByTestId('linked-files')).toHaveCount(0, { timeout: 60_000 });
  expect(await numbers(other)).toEqual(made);
  await fresh.close();
});

test('previews: empty, then format, then content, and Use only on a clean preview', async ({
  page,
}) => {
  // R = 1,000: previews only (the page realizes its pool at R meanwhile).
  await page.goto('/?view=data&r=1000');
  const error = page.getByTestId('preview-error');
  const use = page.getByTestId('use-files');

  await page.getByTestId('upload').setInputFiles(file('empty.csv', ''));
  await expect(error).toHaveText('empty.csv is empty (0 bytes): there is nothing to load');
  await expect(use).toBeDisabled();

  await page.getByTestId('upload').setInputFiles(file('noise.bin', '\u0001\u0002zz\u0000\nqq\n'));
  await expect(error).toContainText('cannot tell the format. If it is one of the formats below');
  // The diagnosis, then the first lines of each layout it reads; never the file's bytes.
  await expect(error).toContainText('wide CSV: one row per task (e.g. tasks.csv):');
  expect(await error.textContent()).not.toMatch(/zz|qq/);
  await expect(use).toBeDisabled();

  const promError = readFileSync('src/engine/data/fixtures/prometheus/error.json', 'utf8');
  await page.getByTestId('upload').setInputFiles(file('answer.json', promError));
  await expect(error).toContainText('a Prometheus error response (bad_data');
  await expect(error).not.toContainText('cores');
  await expect(use).toBeDisabled();

  await page.getByTestId('upload').setInputFiles(file('sre_cores.csv', coresCsv()));
  await page.getByTestId('opt-unit').selectOption('cores');
  await page.getByTestId('opt-coresPerMachine').fill('16');
  await expect(page.getByTestId('preview-rows')).toBeVisible({ timeout: 30_000 });
  await expect(error).toHaveCount(0);
  await expect(use).toBeEnabled();
});
