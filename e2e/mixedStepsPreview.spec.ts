/**
 * Files whose time axes do not fit together, in the upload preview: Bitbrains VMs written to small
 * CSVs (the real rows; one thinned to every other sample, one moved after the other, one cut to its
 * last quarter). The preview names each file and its step, says when the series share no instant,
 * and names a partly covering series; the data loaded before stay loaded after each refusal.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { dataPath } from '../src/ingest/testing.ts';
import { expect, test } from './fixtures.ts';

const dir = mkdtempSync(join(tmpdir(), 'slopack-mixed-steps-'));
const lines = gunzipSync(readFileSync(dataPath('bitbrains-rnd/rnd_2013-7_vms1-100_cpu_mem.csv.gz')))
  .toString()
  .split('\n');
const rowsOf = (vm: string) => lines.filter((l) => l.startsWith(`${vm},`)).slice(0, 200);
const timeOf = (row: string) => Number(row.split(',')[1]);
function write(name: string, rows: string[]): string {
  const path = join(dir, name);
  writeFileSync(path, [lines[0], ...rows].join('\n') + '\n');
  return path;
}
const one = rowsOf('1');
const two = rowsOf('2');

async function choose(page: Page, files: string[]) {
  await page.getByTestId('upload').setInputFiles(files);
  if (!(await page.getByTestId('opt-timeColumn').isVisible()))
    await page.locator('summary', { hasText: 'Columns, labels and filters' }).click();
  await page.getByTestId('opt-idColumn').fill('vm_id');
  await page.getByTestId('opt-valueColumn').fill('cpu_usage_pct');
  await page.getByTestId('opt-timeColumn').fill('timestamp_s');
  await page.getByTestId('opt-unit').selectOption('percent');
  await expect(page.getByTestId('preview-time')).toBeVisible({ timeout: 30_000 });
}

test('mixed steps, no common instant and partial coverage named in the preview; loaded data kept', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // R = 1,000: previews only (the page realizes its pool at R meanwhile).
  await page.goto('/?view=data&r=1000');
  const title = page.getByTestId('dataset-title');
  await expect(title).toHaveText(/\S/, { timeout: 60_000 });
  const before = await title.textContent();

  await choose(page, [
    write('every-step.csv', one),
    write(
      'every-other.csv',
      two.filter((_, k) => k % 2 === 0),
    ),
  ]);
  await expect(page.getByTestId('preview-error')).toContainText(
    'different sampling steps in one load: every-step.csv every 300 s, every-other.csv every 600 s',
  );
  await expect(page.getByTestId('use-files')).toBeDisabled();
  await expect(title).toHaveText(before!);

  const shift = timeOf(one.at(-1)!) - timeOf(two[0]) + 3600;
  const later = two.map((r) =>
    r.replace(/^(\d+),(\d+)/, (_, vm, t) => `${vm},${Number(t) + shift}`),
  );
  await choose(page, [write('first.csv', one), write('after.csv', later)]);
  await expect(page.getByTestId('preview-common')).toContainText(
    "No common instant: the 2 series' spans do not overlap",
  );
  await expect(title).toHaveText(before!);

  await choose(page, [write('whole.csv', one), write('last-quarter.csv', two.slice(150))]);
  await expect(page.getByTestId('preview-coverage')).toContainText(
    '1 series start and 0 end inside the range; least covered: 2 (',
  );
  await expect(page.getByTestId('preview-common')).toContainText('All 2 series share');
  await expect(title).toHaveText(before!);
});
