/**
 * Hostile links and exports in real Chromium: a machine-type link with malformed %-escapes gives a
 * notice and a working Cluster view; links past the memory budget say so before allocating; a
 * 55 kB state opens from a link (compressed in the fragment, so the server never sees it); task
 * names a spreadsheet would run come out of every CSV export neutralised, one cell each.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { deflateSync, strToU8 } from 'fflate';
import { parseCsv } from '../src/engine/csvText.ts';
import { expect, test } from './fixtures.ts';

const HOSTILE = [
  '=HYPERLINK("http://x.example/leak","y")',
  "+cmd|' /C calc'!A0",
  '@SUM(1)',
  '-2+3',
];
const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** The CSV a click downloads, as records (header first). */
async function downloadedCsv(page: Page, button: Locator): Promise<string[][]> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const text = readFileSync((await download.path())!, 'utf8');
  return parseCsv(text).map((r) => r.cells);
}

/** Every hostile name is one cell of some record, with a leading ' (so never a formula). */
function expectNeutralised(records: string[][]) {
  const cells = records.flat();
  for (const name of HOSTILE) expect(cells).toContain(`'${name}`);
  for (const cell of cells) expect(cell).not.toMatch(/^[=+@\t\r]/);
}

test('a malformed machine-type link gives a notice, and the Cluster view works', async ({
  page,
}) => {
  await page.goto('/?view=cluster&cr=200&cper=4&ck=3&ct=%25E0%25A4%25A~1~1~10~100~200');
  await expect(
    page.getByTestId('notice').filter({ hasText: 'not valid %-encoding' }),
  ).toBeVisible();
  await expect(page.getByTestId('cluster')).toBeVisible();
  await expect(page.getByTestId('packing-machines')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('view-error')).toHaveCount(0);
});

test('?r=1000000 and the 2,000,000-task Timeline link say their size before allocating', async ({
  page,
}) => {
  await page.goto('/?r=1000000');
  const notice = page.getByTestId('notice').filter({ hasText: 'R = 1,000,000 would take' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('GiB, above this tab');
  await expect(notice.getByTestId('notice-action')).toHaveText(/Allocate .* GiB anyway/);
  await expect(page).not.toHaveURL(/r=1000000/);
  await expect(page.getByTestId('m')).toHaveText(/\d/, { timeout: 90_000 });

  await page.goto('/?view=timeline&tn=2000000&tdays=30');
  const tl = page.getByTestId('notice').filter({ hasText: 'tasks = 2,000,000 would take' });
  await expect(tl).toBeVisible();
  await expect(tl.getByTestId('notice-action')).toHaveText(/Allocate .* GiB anyway/);
  await expect(page).not.toHaveURL(/tn=2000000/);
});

test('a 55 kB state opens from a link', async ({ page }) => {
  // 200 machine types with long names: 55 kB of link, more than a server takes in a header.
  const types = Array.from(
    { length: 200 },
    (_, k) =>
      `type-${k}-${'x'.repeat(240)}~${(0.25 + (k % 7) / 10).toFixed(2)}~0.5~${k}~100~${200 + k}`,
  ).join('|');
  const query = new URLSearchParams({ view: 'cluster', cr: '200', cper: '4', ck: '3', ct: types });
  const text = query.toString();
  expect(text.length).toBeGreaterThan(50_000);
  const packed = Buffer.from(deflateSync(strToU8(text))).toString('base64url');
  await page.goto(`/#z=${packed}`);
  await expect(page.getByTestId('cluster')).toBeVisible();
  await expect(page.getByTestId('type-row-199')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('type-199-count')).toHaveValue('199');
  await expect(page.getByTestId('type-199-name')).toHaveValue(/^type-199-x+$/);
  await expect(page.getByTestId('notice')).toHaveCount(0);
  // The link stays in the fragment (the server never receives it), and Share says its length.
  await expect.poll(() => page.evaluate(() => location.hash.startsWith('#z='))).toBe(true);
  await page.getByTestId('share').click();
  await expect(page.getByTestId('share-output')).toBeVisible();
});

test('hostile task names come out of every CSV export neutralised, one cell each', async ({
  page,
}, info) => {
  const wide = [
    'vm,t0,t1,t2,t3,t4,t5',
    ...HOSTILE.map(
      (name, k) => `${quote(name)},${[1, 2, 3, 4, 5, 6].map((v) => v * (k + 1)).join(',')}`,
    ),
    'plain,3,3,3,3,3,3',
  ].join('\n');
  const widePath = info.outputPath('hostile.csv');
  writeFileSync(widePath, wide + '\n');
  await page.goto('/?view=data&n=5&r=200');
  await page.getByTestId('upload').setInputFiles(widePath);
  await page.getByTestId('use-files').click();
  await expect(page.getByTestId('dataset-title')).toHaveText('hostile.csv', { timeout: 60_000 });
  expectNeutralised(await downloadedCsv(page, page.getByRole('button', { name: 'Tasks CSV' })));

  await page.getByRole('button', { name: 'Pack' }).click();
  await expect(page.getByTestId('strip').getByRole('option')).not.toHaveCount(0, {
    timeout: 90_000,
  });
  const machines = await page.getByTestId('strip').getByRole('option').count();
  const packed: string[][] = [];
  for (let k = 0; k < machines; k++) {
    await page.getByTestId('strip').getByRole('option').nth(k).click();
    const csv = page.getByRole('button', { name: 'CSV', exact: true });
    packed.push(...(await downloadedCsv(page, csv)));
  }
  expectNeutralised(packed);

  const listPath = info.outputPath('hostile-tasks.csv');
  writeFileSync(
    listPath,
    ['id,arrival_s,duration_s,cpu_frac', ...HOSTILE.map((n, k) => `${quote(n)},${k},2,0.5`)].join(
      '\n',
    ),
  );
  // R = 1,000: Timeline does not read it; the page realizes Pack's pool at it meanwhile.
  await page.goto('/?view=timeline&tsrc=synthetic&tn=500&tw=3&tpol=fmf&r=1000');
  await page.getByTestId('timeline-upload').setInputFiles(listPath);
  await expect(page.getByTestId('timeline-workload')).toContainText('hostile-tasks.csv: 4 tasks', {
    timeout: 60_000,
  });
  const placements = page.getByRole('button', { name: 'Placements CSV' });
  await expect(placements).toBeEnabled({ timeout: 60_000 });
  const rows = await downloadedCsv(page, placements);
  expect(rows).toHaveLength(HOSTILE.length + 1);
  for (const r of rows) expect(r).toHaveLength(4);
  expectNeutralised(rows);
});
