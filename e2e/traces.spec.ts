import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const ROOT = resolve(import.meta.dirname, '..');
const FIXTURES = join(ROOT, 'src/engine/data/fixtures');
const SHOTS = join(ROOT, 'test-results/screens');

interface Summary {
  report: { tasksKept: number; samplesKept: number };
  summary: { mean: { inst: number; avg: number | null }; max: { inst: number } };
}

/** What the command line's `inspect` gives for the same files and options. */
function cli(files: string[], options: string[] = []): Summary {
  const out = execFileSync(
    'npx',
    ['tsx', 'src/cli/main.ts', 'inspect', '--data', files.join(','), ...options, '--json'],
    { cwd: ROOT, encoding: 'utf8' },
  );
  return JSON.parse(out) as Summary;
}

/** The line the Data view prints for the loaded samples, as the command line's numbers give it. */
function expectedSummary(s: Summary): string {
  const { mean, max } = s.summary;
  return (
    `mean inst ${mean.inst.toPrecision(6)}, max inst ${max.inst.toPrecision(6)}` +
    (mean.avg !== null ? `, mean avg ${mean.avg.toPrecision(6)}` : '') +
    ' (machines)'
  );
}

async function drop(page: Page, files: string[]) {
  await page.goto('/?view=data&n=50&K=2');
  await page.getByTestId('upload').setInputFiles(files);
  await expect(page.getByTestId('preview')).toBeVisible();
}

async function useFiles(page: Page, expected: Summary) {
  await page.getByTestId('use-files').click();
  await expect(page.getByTestId('tasks-kept')).toContainText(
    `${expected.report.tasksKept.toLocaleString('en')} kept`,
  );
  await expect(page.getByTestId('tasks-kept')).toContainText(
    `${expected.report.samplesKept.toLocaleString('en')} samples`,
  );
  await expect(page.getByTestId('value-summary')).toHaveText(expectedSummary(expected));
}

const CASES: {
  name: string;
  files: string[];
  cores?: string;
  unit?: RegExp;
  cliUnit?: string;
}[] = [
  // The command line reads a CSV as percent unless told; the page preselects the detected cores.
  {
    name: 'Prometheus CSV export',
    files: ['prometheus/export.csv'],
    cores: '4',
    unit: /cores/,
    cliUnit: 'cores',
  },
  { name: 'Prometheus query_range JSON', files: ['prometheus/query_range.json'], cores: '4' },
  {
    name: 'Alibaba 2018',
    files: [
      'alibaba/container_usage.csv',
      'alibaba/container_meta.csv',
      'alibaba/machine_meta.csv',
    ],
  },
  {
    name: 'Azure V2',
    files: ['azure2/vm_cpu_readings-file-1-of-195.csv.gz', 'azure2/vmtable.csv'],
  },
  { name: 'Google 2019 CSV', files: ['google2019/instance_usage.csv'] },
  { name: 'Google 2019 JSON lines', files: ['google2019/instance_usage.json'] },
  {
    name: 'Bitbrains per-VM files',
    files: ['bitbrains/1.csv', 'bitbrains/2.csv', 'bitbrains/3.csv'],
  },
  { name: 'Bitbrains .zip', files: ['bitbrains/rnd-2013-7.zip'] },
  { name: 'Bitbrains .tar.gz', files: ['bitbrains/rnd-2013-7.tar.gz'] },
];

for (const c of CASES)
  test(`${c.name}: dropped, unit confirmed, the command line's numbers`, async ({ page }) => {
    const files = c.files.map((f) => join(FIXTURES, f));
    const expected = cli(files, [
      ...(c.cores ? ['--cores-per-machine', c.cores] : []),
      ...(c.cliUnit ? ['--unit', c.cliUnit] : []),
    ]);
    await drop(page, files);
    if (c.unit) await expect(page.getByTestId('unit-guess')).toContainText(c.unit);
    if (c.cores) await page.getByTestId('opt-coresPerMachine').fill(c.cores);
    await expect(page.getByTestId('preview-rows')).toBeVisible();
    await useFiles(page, expected);
  });

test('cores loaded as percent: the implausible-unit warning before anything is packed', async ({
  page,
}) => {
  await drop(page, [join(FIXTURES, 'prometheus/export.csv')]);
  await expect(page.getByTestId('unit-guess')).toContainText('cores');
  await page.getByTestId('opt-unit').selectOption('percent');
  await expect(page.getByTestId('unit-warning').first()).toContainText('look like cores');
  // Nothing replaced the default dataset yet.
  await expect(page.getByTestId('dataset-title')).toContainText('PlanetLab');
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ fullPage: true, path: join(SHOTS, 'traces-warning.png') });
});

test('changing Task size after an upload re-reads the file without asking for it', async ({
  page,
}) => {
  const file = join(FIXTURES, 'prometheus/export.csv');
  await drop(page, [file]);
  await page.getByTestId('opt-coresPerMachine').fill('4');
  await useFiles(page, cli([file], ['--unit', 'cores', '--cores-per-machine', '4']));
  const size = page.getByLabel('Task size (scale, machines per 100 %)');
  await size.fill('0.5');
  await size.press('Enter');
  await useFilesDone(
    page,
    cli([file], ['--unit', 'cores', '--cores-per-machine', '4', '--scale', '0.5']),
  );
  await expect(page.getByText('drop them in the Data view')).toHaveCount(0);
  await page.getByRole('button', { name: 'Pack' }).click();
  await expect(page.getByTestId('m-abs')).toHaveText(/^\d+$/);
  await expect(page.getByTestId('stale')).toHaveCount(0);
});

async function useFilesDone(page: Page, expected: Summary) {
  await expect(page.getByTestId('value-summary')).toHaveText(expectedSummary(expected));
}

test('a bad file: a notice naming it and why, the previous data stays loaded', async ({ page }) => {
  await page.goto('/?view=data&n=50&K=2');
  await expect(page.getByTestId('dataset-title')).toContainText('PlanetLab');
  await page.getByTestId('upload').setInputFiles([join(FIXTURES, 'prometheus/error.json')]);
  await page.getByTestId('opt-coresPerMachine').fill('4');
  await expect(page.getByTestId('preview-error')).toContainText('error.json');
  await page.getByTestId('use-files').click();
  await expect(page.locator('.notice-error').last()).toContainText('error.json');
  await expect(page.getByTestId('dataset-title')).toContainText('PlanetLab');
});

test('choosing the same file twice reads it again', async ({ page }) => {
  const file = join(FIXTURES, 'bitbrains/1.csv');
  await drop(page, [file]);
  // The input is emptied after each choice, so the browser fires a change for the same file again.
  await expect(page.getByTestId('upload')).toHaveValue('');
  await page.getByTestId('use-files').click();
  await expect(page.getByTestId('dataset-title')).toContainText('1.csv');
  await page.getByTestId('upload').setInputFiles([file]);
  await expect(page.getByTestId('preview-rows')).toBeVisible();
  await expect(page.getByTestId('upload')).toHaveValue('');
});

test('a Prometheus export to a tuned threshold in four interactions: drop, confirm cores, Tune, run', async ({
  page,
}) => {
  await page.goto('/?view=data&n=50&K=2');
  let interactions = 0;
  const act = async (f: () => Promise<void>) => {
    interactions++;
    await f();
  };
  await act(() =>
    page.getByTestId('upload').setInputFiles(join(FIXTURES, 'prometheus/export.csv')),
  );
  await expect(page.getByTestId('unit-guess')).toContainText('cores');
  await act(async () => {
    await page.getByTestId('opt-coresPerMachine').fill('4');
    await page.getByTestId('opt-coresPerMachine').press('Enter');
  });
  await expect(page.getByTestId('dataset-title')).toContainText('export.csv');
  await act(() => page.getByRole('button', { name: 'Tune' }).click());
  // New files open the Tune view on its auto-tuner.
  await act(() => page.getByTestId('run-tuner').click());
  await expect(page.getByTestId('tune-summary')).toBeVisible({ timeout: 90_000 });
  expect(interactions).toBe(4);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ fullPage: true, path: join(SHOTS, 'traces-tuned.png') });
});
