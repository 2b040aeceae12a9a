import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, keepShot, test } from './fixtures.ts';
import { sharedPage } from './sharedPage.ts';
import { formatCount, formatNumber } from '../src/present/format.ts';
import { main } from '../src/cli/main.ts';

const ROOT = resolve(import.meta.dirname, '..');
const FIXTURES = join(ROOT, 'src/engine/data/fixtures');
const SHOTS = join(ROOT, 'test-results/screens');

interface Summary {
  report: { tasksKept: number; samplesKept: number };
  summary: { mean: { inst: number; avg: number | null }; max: { inst: number } };
}

/**
 * What the command line's `inspect` gives for the same files and options: its entry point run in
 * this process with the same arguments (its own parsing and output, without a Node start per case).
 */
async function cli(files: string[], options: string[] = []): Promise<Summary> {
  const lines: string[] = [];
  const argv = ['inspect', '--data', files.join(','), ...options, '--json'];
  expect(await main(argv, (s) => lines.push(s)), argv.join(' ')).toBe(0);
  return JSON.parse(lines.join('\n')) as Summary;
}

/** The line the Data view prints for the loaded samples, as the command line's numbers give it. */
function expectedSummary(s: Summary): string {
  const { mean, max } = s.summary;
  return (
    `mean inst ${formatNumber(mean.inst, 6)}, max inst ${formatNumber(max.inst, 6)}` +
    (mean.avg !== null ? `, mean avg ${formatNumber(mean.avg, 6)}` : '') +
    ' (machines)'
  );
}

/** The loaded files' counts and summary line are the command line's. */
async function expectLoaded(page: Page, expected: Summary) {
  await expect(page.getByTestId('tasks-kept')).toContainText(
    `${formatCount(expected.report.tasksKept)} kept`,
  );
  await expect(page.getByTestId('tasks-kept')).toContainText(
    `${formatCount(expected.report.samplesKept)} samples`,
  );
  await expect(page.getByTestId('value-summary')).toHaveText(expectedSummary(expected));
}

/**
 * The Data view's link for every test here: R = 1,000, since each load also realizes the pool and
 * packs it (at R, the default 10,000), and nothing here reads a realization: the checks are the
 * loaded samples' counts and summary, the command line's `inspect` numbers, and the notices.
 */
const DATA_VIEW = '/?view=data&n=50&K=2&r=1000';

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

/**
 * Every format on one page, opened once: each case's files are dropped after the last case's were
 * loaded. The title naming the new files is waited on before the numbers are read, so no number is
 * the previous case's.
 */
test.describe('uploads on one page', () => {
  const shared = sharedPage(DATA_VIEW);

  for (const c of CASES)
    test(`${c.name}: dropped, unit confirmed, the command line's numbers`, async () => {
      const page = shared();
      const files = c.files.map((f) => join(FIXTURES, f));
      const expected = await cli(files, [
        ...(c.cores ? ['--cores-per-machine', c.cores] : []),
        ...(c.cliUnit ? ['--unit', c.cliUnit] : []),
      ]);
      await page.getByTestId('upload').setInputFiles(files);
      await expect(page.getByTestId('preview')).toBeVisible();
      if (c.unit) await expect(page.getByTestId('unit-guess')).toContainText(c.unit);
      // The cores per machine are kept from files to files: each case sets its own (or none).
      const cores = page.getByTestId('opt-coresPerMachine');
      if ((await cores.inputValue()) !== (c.cores ?? '')) await cores.fill(c.cores ?? '');
      await expect(page.getByTestId('preview-rows')).toBeVisible();
      await page.getByTestId('use-files').click();
      await expect(page.getByTestId('dataset-title')).toHaveText(
        c.files.map((f) => f.slice(f.lastIndexOf('/') + 1)).join(', '),
      );
      await expectLoaded(page, expected);
    });

  test('choosing the same file twice reads it again', async () => {
    const page = shared();
    const file = join(FIXTURES, 'bitbrains/1.csv');
    await page.getByTestId('upload').setInputFiles([file]);
    await expect(page.getByTestId('preview')).toBeVisible();
    // The input is emptied after each choice, so the browser fires a change for the same file again.
    await expect(page.getByTestId('upload')).toHaveValue('');
    await page.getByTestId('use-files').click();
    await expect(page.getByTestId('dataset-title')).toHaveText('1.csv');
    await page.getByTestId('upload').setInputFiles([file]);
    await expect(page.getByTestId('preview-rows')).toBeVisible();
    await expect(page.getByTestId('upload')).toHaveValue('');
  });

  // Last: it leaves the page on the Pack view.
  test('changing Task size after an upload re-reads the file without asking for it', async () => {
    const page = shared();
    const file = join(FIXTURES, 'prometheus/export.csv');
    await page.getByTestId('upload').setInputFiles([file]);
    await expect(page.getByTestId('preview')).toBeVisible();
    await page.getByTestId('opt-coresPerMachine').fill('4');
    await page.getByTestId('use-files').click();
    await expect(page.getByTestId('dataset-title')).toHaveText('export.csv');
    await expectLoaded(page, await cli([file], ['--unit', 'cores', '--cores-per-machine', '4']));
    const size = page.getByLabel('Task size (scale, machines per 100 %)');
    await size.fill('0.5');
    await size.press('Enter');
    await useFilesDone(
      page,
      await cli([file], ['--unit', 'cores', '--cores-per-machine', '4', '--scale', '0.5']),
    );
    await expect(page.getByText('drop them on this page')).toHaveCount(0);
    await page.getByRole('button', { name: 'Pack' }).click();
    await expect(page.getByTestId('m-abs')).toHaveText(/^\d+$/);
    await expect(page.getByTestId('stale')).toHaveCount(0);
  });
});

async function useFilesDone(page: Page, expected: Summary) {
  await expect(page.getByTestId('value-summary')).toHaveText(expectedSummary(expected));
}

test('a Prometheus export to a tuned threshold in four interactions: drop, confirm cores, Tune, run', async ({
  page,
}) => {
  await page.goto(DATA_VIEW);
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
  await keepShot(page, join(SHOTS, 'traces-tuned.png'), { fullPage: true });
});

// ---- bad input in the page: each case names the file, the line (or record) and the field ------

const SHARED = resolve(ROOT, '../shared/data');
const BAD = join(ROOT, 'test-results/bad-input');

const text = (path: string) =>
  (path.endsWith('.gz') ? gunzipSync(readFileSync(path)) : readFileSync(path)).toString('latin1');

/** `text` with field `field` (0-based) of line `line` (1-based) replaced by `value`. */
function withField(t: string, line: number, field: number, value: string, sep = ','): string {
  const lines = t.split('\n');
  const f = lines[line - 1].split(sep);
  f[field] = value;
  lines[line - 1] = f.join(sep);
  return lines.join('\n');
}

/** The first 60 % of `t`, ending `keep` characters into a line (a file cut short mid-row). */
function truncated(t: string, keep = 25): string {
  const cut = t.lastIndexOf('\n', Math.floor(t.length * 0.6));
  return t.slice(0, cut + 1 + keep);
}

interface BadCase {
  name: string;
  /** File name and content (a .gz name is gzipped); the first is the one at fault. */
  files: [string, string | Buffer][];
  cores?: string;
  unit?: string;
  message: RegExp;
}

function badCases(): BadCase[] {
  const prom = text(join(FIXTURES, 'prometheus/export.csv'));
  const json = text(join(FIXTURES, 'prometheus/query_range.json'));
  const ali = text(join(FIXTURES, 'alibaba/container_usage.csv'));
  const aliMeta: [string, string][] = [
    ['container_meta.csv', text(join(FIXTURES, 'alibaba/container_meta.csv'))],
    ['machine_meta.csv', text(join(FIXTURES, 'alibaba/machine_meta.csv'))],
  ];
  const az = text(join(FIXTURES, 'azure2/vm_cpu_readings-file-1-of-195.csv.gz'));
  const vmtable: [string, string] = ['vmtable.csv', text(join(FIXTURES, 'azure2/vmtable.csv'))];
  const azGz = gzipSync(Buffer.from(az, 'latin1'));
  const g19 = text(join(FIXTURES, 'google2019/instance_usage.csv'));
  const bb = text(join(FIXTURES, 'bitbrains/1.csv'));
  const wide = text(join(SHARED, 'planetlab-cloudsim/planetlab_20110303.csv'));
  const cols = text(join(SHARED, 'azure-v1-datacentersim/microsoft_max_100.csv.gz')).slice(
    0,
    200_000,
  );
  const g11 = text(join(SHARED, 'google-2011-task-usage/task_usage_part-00000_first10000.csv'));
  const AZ = 'vm_cpu_readings-file-1-of-195.csv';
  return [
    {
      name: 'Prometheus CSV, a bad value',
      files: [['export.csv', withField(prom, 5, 2, 'abc')]],
      cores: '4',
      message: /export\.csv, line 5: "abc" in column vm27 is not a number/,
    },
    {
      name: 'Prometheus CSV, truncated',
      files: [['export.csv', truncated(prom)]],
      cores: '4',
      message: /export\.csv, line \d+: \d columns, the header has 4/,
    },
    {
      name: 'Prometheus CSV, cores read as fractions',
      files: [['export.csv', prom]],
      cores: '4',
      unit: 'fraction',
      message: /export\.csv, line 2: "1\.36\d*" in column vm27 is above 1/,
    },
    {
      name: 'Prometheus JSON, a bad value',
      files: [['query_range.json', json.replace('"0.6153333333333333"', '"abc"')]],
      cores: '4',
      message:
        /query_range\.json: series 1 \(container=vm82.*\), point 2: value "abc" is not a number/,
    },
    {
      name: 'Prometheus JSON, truncated',
      files: [['query_range.json', truncated(json)]],
      cores: '4',
      message: /query_range\.json, line 1: not JSON: .*\(column \d+\)/,
    },
    {
      name: 'Alibaba, a bad value',
      files: [['container_usage.csv', withField(ali, 4, 3, '-3')], ...aliMeta],
      message: /container_usage\.csv, line 4: cpu_util_percent "-3" is negative/,
    },
    {
      name: 'Alibaba, truncated',
      files: [['container_usage.csv', truncated(ali, 12)], ...aliMeta],
      message: /container_usage\.csv, line \d+: \d columns, expected at least 4/,
    },
    {
      name: 'Azure V2, a bad value',
      files: [[`${AZ}.gz`, gzipSync(Buffer.from(withField(az, 4, 3, 'x'), 'latin1'))], vmtable],
      message: /vm_cpu_readings-file-1-of-195\.csv\.gz, line 4: max CPU x is not a number/,
    },
    {
      name: 'Azure V2, a truncated gzip',
      files: [[`${AZ}.gz`, azGz.subarray(0, Math.floor(azGz.length * 0.6))], vmtable],
      message: /vm_cpu_readings-file-1-of-195\.csv\.gz, line \d+: /,
    },
    {
      name: 'Google 2019, a bad value',
      files: [['instance_usage.csv', withField(g19, 3, 12, '-1')]],
      message: /instance_usage\.csv, line 3: random_sample_usage\.cpus -1 is negative/,
    },
    {
      name: 'Google 2019, truncated',
      files: [['instance_usage.csv', truncated(g19)]],
      message: /instance_usage\.csv, line \d+: /,
    },
    {
      name: 'Bitbrains, a bad value',
      files: [['1.csv', withField(bb, 4, 4, '\tabc', ';')]],
      message: /1\.csv, line 4: CPU usage \[%\] abc .*is not a number/,
    },
    {
      name: 'Bitbrains, truncated',
      files: [['1.csv', truncated(bb)]],
      message: /1\.csv, line \d+: /,
    },
    {
      name: 'wide CSV, a bad value',
      files: [['pl.csv', withField(wide, 7, 20, '1e')]],
      message: /pl\.csv, line 7: "1e" in column t18 is not a number/,
    },
    {
      name: 'wide CSV, truncated',
      files: [['pl.csv', truncated(wide)]],
      message: /pl\.csv, line \d+: \d+ columns, the header has 290/,
    },
    {
      name: 'wide CSV, percents read as fractions',
      files: [['pl.csv', wide]],
      unit: 'fraction',
      message: /pl\.csv, line 2: "24" in column t0 is above 1/,
    },
    {
      name: 'column-per-task CSV, a bad value',
      files: [['max.csv', withField(cols, 9, 5, 'abc')]],
      message: /max\.csv, line 9: "abc" in column vm_586116 is not a number/,
    },
    {
      name: 'column-per-task CSV, truncated',
      files: [['max.csv', truncated(cols)]],
      message: /max\.csv, line \d+: \d+ columns, the header has 101/,
    },
    {
      name: 'Google 2011, a bad value',
      files: [['task_usage.csv', withField(g11, 9, 5, 'abc')]],
      message: /task_usage\.csv, line 9: CPU rate \(column 6\) "abc" is not a number/,
    },
    {
      name: 'Google 2011, truncated',
      files: [['task_usage.csv', truncated(g11)]],
      message: /task_usage\.csv, line \d+: \d+ columns, expected 20/,
    },
  ];
}

/**
 * Every bad-input case on one page, opened once: each is dropped after the last, so the data that
 * must stay are the ones the page opened with, kept through all of them. Error notices are
 * dismissed between cases, so each message checked is the case's own.
 */
test.describe('bad input on one page', () => {
  const shared = sharedPage(DATA_VIEW);
  let page: Page;
  test.beforeAll(async () => {
    page = shared();
    await expect(page.getByTestId('dataset-title')).toContainText('PlanetLab');
  });

  test('a bad file: a notice naming it and why, the previous data stays loaded', async () => {
    await expect(page.getByTestId('dataset-title')).toContainText('PlanetLab');
    await page.getByTestId('upload').setInputFiles([join(FIXTURES, 'prometheus/error.json')]);
    await page.getByTestId('opt-coresPerMachine').fill('4');
    await expect(page.getByTestId('preview-error')).toContainText('error.json');
    await expect(page.getByTestId('use-files')).toBeDisabled();
    await expect(page.getByTestId('dataset-title')).toContainText('PlanetLab');
  });

  test('cores loaded as percent: the implausible-unit warning before anything is packed', async () => {
    await page.getByTestId('upload').setInputFiles([join(FIXTURES, 'prometheus/export.csv')]);
    await expect(page.getByTestId('preview')).toBeVisible();
    await expect(page.getByTestId('unit-guess')).toContainText('cores');
    await page.getByTestId('opt-unit').selectOption('percent');
    await expect(page.getByTestId('unit-warning').first()).toContainText('look like cores');
    // Nothing replaced the default dataset yet.
    await expect(page.getByTestId('dataset-title')).toContainText('PlanetLab');
    await keepShot(page, join(SHOTS, 'traces-warning.png'), { fullPage: true });
  });

  for (const c of badCases())
    test(`bad input, ${c.name}: named with file, line and field; the data stay`, async () => {
      const dir = join(BAD, c.name.replace(/\W+/g, '-'));
      mkdirSync(dir, { recursive: true });
      const paths = c.files.map(([name, content]) => {
        const path = join(dir, name);
        writeFileSync(path, typeof content === 'string' ? Buffer.from(content, 'latin1') : content);
        return path;
      });
      const errorNotices = page.locator('[data-testid=notice].notice-error');
      const dismiss = errorNotices.getByRole('button', { name: 'Dismiss notice' });
      while ((await dismiss.count()) > 0) await dismiss.first().click();
      await expect(errorNotices).toHaveCount(0);
      await expect(page.getByTestId('dataset-title')).toContainText('PlanetLab');
      await page.getByTestId('upload').setInputFiles(paths);
      await expect(page.getByTestId('preview')).toBeVisible();
      if (c.unit) await page.getByTestId('opt-unit').selectOption(c.unit);
      // The cores per machine are kept from file to file: each case sets its own (or none).
      const cores = page.getByTestId('opt-coresPerMachine');
      if ((await cores.inputValue()) !== (c.cores ?? '')) await cores.fill(c.cores ?? '');
      // A problem within the preview's rows is named there and Use stays off; one further on is
      // named when the files are read. The verdict is the preview read under the last option set
      // (the panel is busy until it is in).
      await expect(page.getByTestId('upload-preview')).toHaveAttribute('aria-busy', 'false');
      const previewError = page.getByTestId('preview-error');
      if (await previewError.isVisible()) {
        await expect(previewError).toContainText(c.message);
        await expect(page.getByTestId('use-files')).toBeDisabled();
      } else {
        await page.getByTestId('use-files').click();
        await expect(errorNotices.last()).toContainText(c.message);
      }
      await expect(page.getByTestId('dataset-title')).toContainText('PlanetLab');
      await expect(page.getByTestId('tasks-kept')).toContainText('1,052 kept');
    });
});
