/**
 * One trace in two layouts, loaded by the page: the bundled Bitbrains long CSV and the same samples
 * written back as published (a `.tar.gz` of 100 per-VM `;\t` files) give the same tasks, sample for
 * sample: the Tasks CSV carries each task's sample count and the SHA-256 of its samples, and both
 * loads' rows equal the command line's load of the long CSV, digest for digest. Both notes count
 * the repeated timestamps merged, as the command line does.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { parseCsv } from '../src/engine/csvText.ts';
import { formatCount } from '../src/present/format.ts';
import { parseOptions } from '../src/cli/args.ts';
import { dataOptions, loadFromOptions } from '../src/cli/io.ts';
import { seriesDigest, seriesLength } from '../src/engine/index.ts';
import { BITBRAINS_LONG, longRows, perVmFiles, tarGz } from '../src/cli/testing/bitbrainsLayout.ts';
import { dataPath } from '../src/ingest/testing.ts';
import { expect, test } from './fixtures.ts';

const ROOT = resolve(import.meta.dirname, '..');
const DIR = join(ROOT, 'test-results/bitbrains-layouts');
const DATA_VIEW = '/?view=data&n=50&K=2&r=1000';
const LOADS = { timeout: 90_000 };

/** The command line's load: its report, and each task's id, sample count and digest. */
async function cliLoad(args: string[]) {
  const r = await loadFromOptions(parseOptions(args, dataOptions), {}, {});
  if (r.kind !== 'samples') throw new Error('expected samples');
  const { ids, inst } = r.samples;
  const digests = ids.map((id, i) => [id, String(seriesLength(inst, i)), seriesDigest(inst, i)]);
  return { report: r.report, digests };
}

/** The Tasks CSV of what the page loaded: id, mean, sd, samples and sha256 of each task. */
async function tasksCsv(page: Page): Promise<string[][]> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Tasks CSV' }).click(),
  ]);
  return parseCsv(readFileSync((await download.path())!, 'utf8')).map((r) => r.cells);
}

async function notes(page: Page): Promise<string> {
  return (await page.getByTestId('load-report').textContent()) ?? '';
}

test('the long CSV and the per-VM archive of the same samples load to the same tasks in the page', async ({
  page,
}) => {
  test.setTimeout(240_000);
  mkdirSync(DIR, { recursive: true });
  const archive = join(DIR, 'rnd_vms.tar.gz');
  writeFileSync(archive, tarGz(perVmFiles()));
  const long = dataPath(BITBRAINS_LONG);
  let repeats = 0;
  let previous = '';
  for (const [vm, time] of longRows()) {
    if (`${vm},${time}` === previous) repeats++;
    previous = `${vm},${time}`;
  }
  const merged = `${repeats} repeated timestamp(s) with the same values merged`;

  await page.goto(DATA_VIEW);
  await page.getByTestId('upload').setInputFiles(long);
  await expect(page.getByTestId('preview')).toBeVisible(LOADS);
  await page.getByLabel('Format').selectOption('long');
  await page.getByTestId('opt-unit').selectOption('percent');
  await page.getByTestId('opt-taskSize').fill('0.03125');
  await page.getByTestId('opt-clamp').check();
  await page.getByText('Columns, labels and filters').click();
  await page.getByTestId('opt-idColumn').fill('vm_id');
  await page.getByTestId('opt-valueColumn').fill('cpu_usage_pct');
  await page.getByTestId('opt-scaleColumn').fill('cpu_cores');
  await page.getByTestId('opt-timeColumn').fill('timestamp_s');
  await page.getByTestId('use-files').click();
  await expect(page.getByTestId('dataset-title')).toHaveText(
    'rnd_2013-7_vms1-100_cpu_mem.csv.gz',
    LOADS,
  );
  const fromCli = await cliLoad([
    '--data',
    long,
    '--format',
    'long',
    '--id-column',
    'vm_id',
    '--value-column',
    'cpu_usage_pct',
    '--scale-column',
    'cpu_cores',
    '--time-column',
    'timestamp_s',
    '--unit',
    'percent',
    '--scale',
    '0.03125',
    '--clamp',
  ]);
  await expect(page.getByTestId('tasks-kept')).toContainText(
    `${formatCount(fromCli.report.samplesKept)} samples`,
    LOADS,
  );
  expect(fromCli.report.notes).toContain(`${merged} (kept once)`);
  expect(await notes(page)).toContain(merged);
  const longTasks = await tasksCsv(page);

  // A fresh form: the per-VM archive with none of the long CSV's options.
  await page.goto(DATA_VIEW);
  await page.getByTestId('upload').setInputFiles(archive);
  await expect(page.getByTestId('preview')).toBeVisible(LOADS);
  await page.getByTestId('use-files').click();
  await expect(page.getByTestId('dataset-title')).toHaveText('rnd_vms.tar.gz', LOADS);
  await expect(page.getByTestId('tasks-kept')).toContainText(
    `${formatCount(fromCli.report.samplesKept)} samples`,
    LOADS,
  );
  const report = await notes(page);
  expect(report).toContain('bitbrains');
  expect(report).toContain(merged);
  expect(report).toContain('timestamps read as seconds in 100 files');
  const archiveTasks = await tasksCsv(page);

  // Task for task, sample for sample: the page's two loads and the command line's.
  const bySamples = (rows: string[][]) => rows.map(([id, , , samples, sha]) => [id, samples, sha]);
  expect(longTasks[0]).toEqual(['id', 'mean', 'sd', 'samples', 'sha256']);
  expect(longTasks).toHaveLength(101);
  expect(bySamples(longTasks.slice(1))).toEqual(fromCli.digests);
  expect(archiveTasks).toEqual(longTasks);
});
