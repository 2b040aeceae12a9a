/**
 * Bad input to the time-aligned replay, in the page: exported Prometheus answers (JSON, as an SRE
 * saves them) built from real Bitbrains VMs. Series that never share an instant and a block longer
 * than the series each end as a notice naming what and where; the data loaded stay usable (the
 * independent draws still pack them). Files of different steps are refused by the upload preview
 * itself (mixedStepsPreview.spec.ts).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { sharedPage } from './sharedPage.ts';

const dir = mkdtempSync(join(tmpdir(), 'slopack-mixed-steps-'));
const SAMPLES = 96;

/** Each Bitbrains VM's first samples: (unix s, cores used), in the trace's own 300 s step. */
function bitbrainsVms(count: number): [number, number][][] {
  const text = gunzipSync(
    readFileSync('../shared/data/bitbrains-rnd/rnd_2013-7_vms1-100_cpu_mem.csv.gz'),
  ).toString('latin1');
  const vms = new Map<number, [number, number][]>();
  for (const line of text.split('\n').slice(1)) {
    const f = line.split(',');
    const id = Number(f[0]);
    if (!(id >= 1 && id <= count)) continue;
    const cores = (Number(f[4]) / Number(f[3])) * Number(f[2]);
    if (!Number.isFinite(cores)) continue;
    const rows = vms.get(id) ?? [];
    if (rows.length < SAMPLES) rows.push([Number(f[1]), cores]);
    vms.set(id, rows);
  }
  return [...vms.keys()].sort((a, b) => a - b).map((id) => vms.get(id)!);
}

/** A Prometheus `query_range` answer with one series per pod. */
function answer(name: string, pods: [string, [number, number][]][]): string {
  const result = pods.map(([pod, values]) => ({
    metric: { namespace: 'bitbrains', pod },
    values: values.map(([t, v]) => [t, v.toFixed(4)]),
  }));
  const path = join(dir, name);
  writeFileSync(
    path,
    JSON.stringify({ status: 'success', data: { resultType: 'matrix', result } }),
  );
  return path;
}

const vms = bitbrainsVms(6);
const at300 = answer('at-300s.json', [
  ['vm-1', vms[0]],
  ['vm-2', vms[1]],
  ['vm-3', vms[2]],
]);
// Three more VMs exported for the following day only: no instant shared with the first file.
const later = answer('next-day.json', [
  ['vm-6', vms[5].map(([t, v]) => [t + 2 * 86400, v] as [number, number])],
]);

async function upload(page: Page, files: string[]) {
  await page.getByRole('button', { name: 'Data', exact: true }).click();
  await page.getByTestId('upload').setInputFiles(files);
  await expect(page.getByTestId('preview')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('opt-coresPerMachine').fill('8');
  await page.getByTestId('use-files').click();
  await expect(page.getByTestId('tasks-kept')).toContainText(`${files.length > 1 ? '' : '3'}`, {
    timeout: 60_000,
  });
}

async function packWith(page: Page, realization: string) {
  await page.getByRole('button', { name: 'Pack', exact: true }).click();
  await page.getByTestId('realization').selectOption(realization);
}

const notices = (page: Page) => page.getByTestId('notice');

test.describe('bad input to the time-aligned replay, in the page', () => {
  const openPage = sharedPage('/?view=data&n=3&K=2&r=500');

  test('one export replays in time: the numbers to keep', async () => {
    const page = openPage();
    await upload(page, [at300]);
    await packWith(page, 'aligned');
    await expect(page.getByTestId('m-abs')).toHaveText(/^\d+$/, { timeout: 120_000 });
    await expect(page.getByTestId('stale')).toHaveCount(0, { timeout: 120_000 });
    await expect(page.getByTestId('time-split')).toContainText(`${SAMPLES} instants`);
  });

  test('series that never share an instant: how much overlaps, and where each starts and ends', async () => {
    const page = openPage();
    await upload(page, [at300, later]);
    await packWith(page, 'aligned');
    await expect(notices(page).last()).toContainText(
      /no instant where all 4 tasks have a sample: their spans overlap on 0 of \d+ instants \(task \S+ starts at \d+ s, task \S+ ends at \d+ s\)/,
      { timeout: 60_000 },
    );
    await page.getByTestId('realization').selectOption('independent');
    await expect(page.getByTestId('m-abs')).toHaveText(/^\d+$/, { timeout: 120_000 });
  });

  test('a block longer than the series: its length and the series’ named', async () => {
    const page = openPage();
    await upload(page, [at300]);
    await packWith(page, 'blocks');
    const block = page.getByTestId('block');
    await block.fill(String(SAMPLES + 4));
    await block.press('Enter');
    await expect(notices(page).last()).toContainText(
      `block length ${SAMPLES + 4} is longer than the series (${SAMPLES} aligned instants)`,
      { timeout: 60_000 },
    );
    await block.fill('12');
    await block.press('Enter');
    await expect(page.getByTestId('m-abs')).toHaveText(/^\d+$/, { timeout: 120_000 });
    await expect(page.getByTestId('stale')).toHaveCount(0, { timeout: 120_000 });
  });
});
