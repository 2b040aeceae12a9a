/**
 * A real Prometheus (Debian's, a backfilled Bitbrains history of the last hours) in two more views
 * of the page in Chromium: the Cluster view packs the link's source, CPU and memory on the server's
 * own node, with the numbers of `cluster --prometheus` on the same range; and Pack's time-aligned
 * replay of the source read in the page gives the machines and q of `realize --prometheus … --mode
 * aligned` then `pack` (the page's instance 0 of the same rows).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { sampleInstance } from '../src/engine/workload.ts';
import { matrixFrom } from '../src/engine/matrix.ts';
import { readMatrix, writeMatrix } from '../src/cli/matrixFiles.ts';
import { main } from '../src/cli/main.ts';
import { startPrometheus, type RunningPrometheus } from '../src/cli/testing/prometheus.ts';
import { DEFAULT_PARAMS } from '../src/state/common/store/params.ts';
import { formatCount, formatQ } from '../src/present/format.ts';

const HOURS = 6 * 3600;
const PODS = 24;
let prom: RunningPrometheus;
let dir: string;
let start: number;
let end: number;

/** Runs the command line in this process; its output lines. */
async function cli(args: string[]): Promise<string> {
  const lines: string[] = [];
  const code = await main(args, (l) => lines.push(l));
  expect(code, `${args.join(' ')}\n${lines.join('\n')}`).toBe(0);
  return lines.join('\n');
}

test.describe('Prometheus in the Cluster view and the aligned replay', () => {
  test.describe.configure({ timeout: 300_000 });

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    dir = mkdtempSync(join(tmpdir(), 'slopack-prom-cluster-e2e-'));
    start = Math.floor(Date.now() / 60_000) * 60 - HOURS - 600;
    end = start + HOURS;
    prom = await startPrometheus(
      {
        pods: PODS,
        nodes: 3,
        nodeCores: 8,
        seconds: HOURS,
        scrape: 60,
        start,
        nodeMemoryBytes: 64 * 2 ** 30,
      },
      { corsOrigin: '.*' },
    );
  });
  test.afterAll(async () => {
    await prom?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('the Cluster view packs the linked source’s CPU and memory as cluster --prometheus does', async ({
    page,
  }) => {
    const source = `prom=${encodeURIComponent(prom.url)}&pstart=${start}&pend=${end}&pstep=60`;
    await page.goto(`/?view=cluster&cd=prometheus&cr=200&ckap=1&${source}`);
    await expect(page.getByTestId('fit-table').locator('tbody tr')).toHaveCount(4, {
      timeout: 120_000,
    });
    await expect(page.getByTestId('fit-table')).not.toHaveClass(/stale/, { timeout: 120_000 });
    await expect(page.getByTestId('fit-table')).toContainText('node (8 cores, 64 GiB)');
    // The link keeps the source (no data, no token) beside the view's settings.
    const link = new URL(page.url());
    expect(link.searchParams.get('prom')).toBe(prom.url);
    expect(link.searchParams.get('cd')).toBe('prometheus');

    const download = page.waitForEvent('download');
    await page
      .getByTestId('cluster-compare')
      .getByRole('button', { name: 'JSON', exact: true })
      .click();
    const file = join(dir, 'fits.json');
    await (await download).saveAs(file);
    const shown = JSON.parse(readFileSync(file, 'utf8')) as {
      results: { machines: number; qByResource: number[]; qAny: number }[];
    };
    const range = ['--start', String(start), '--end', String(end), '--step', '60s'];
    for (const [k, fit] of [
      [0, 'gpa:0.01:union'],
      [1, 'additive:0.01:union'],
      [2, 'request'],
      [3, 'maxred'],
    ] as const) {
      const out = JSON.parse(
        await cli([
          'cluster',
          '--prometheus',
          prom.url,
          ...range,
          '--fit',
          fit,
          '--realizations',
          '200',
          '--seed',
          '1',
          '--clairvoyance',
          '1',
          '--json',
        ]),
      ) as { machines: number; q: { cpu: number; mem: number }; q_any: number };
      expect(shown.results[k].machines, fit).toBe(out.machines);
      expect(shown.results[k].qByResource, fit).toEqual([out.q.cpu, out.q.mem]);
      expect(shown.results[k].qAny, fit).toBe(out.q_any);
    }

    // The node's memory typed in the view replaces the server's, as --memory-per-machine does;
    // a bad value is refused with the field's range and the packing before stays.
    const memory = page.getByTestId('cluster-node-memory');
    await memory.fill('-3');
    await memory.press('Enter');
    await expect(page.getByTestId('cluster-settings').getByRole('alert')).toContainText(
      'node memory',
    );
    await expect(page.getByTestId('fit-table')).toContainText('node (8 cores, 64 GiB)');
    await memory.fill('24');
    await memory.press('Enter');
    await expect(page.getByTestId('fit-table')).toContainText('node (8 cores, 24 GiB)', {
      timeout: 120_000,
    });
    await expect(page.getByTestId('fit-table')).not.toHaveClass(/stale/, { timeout: 120_000 });
    await expect.poll(() => new URL(page.url()).searchParams.get('cmem')).toBe('24');
    const gpa = JSON.parse(
      await cli([
        'cluster',
        '--prometheus',
        prom.url,
        ...range,
        '--memory-per-machine',
        '24Gi',
        '--fit',
        'gpa:0.01:union',
        '--realizations',
        '200',
        '--seed',
        '1',
        '--clairvoyance',
        '1',
        '--json',
      ]),
    ) as { machines: number };
    await expect(page.getByTestId('fit-machines-gpa')).toHaveText(String(gpa.machines));
  });

  test('Pack’s aligned replay of the source read in the page equals realize --mode aligned + pack', async ({
    page,
  }) => {
    await page.goto(`/?view=data&n=${PODS}&K=2&r=1000`);
    await page.getByText('From Prometheus').click();
    await page.getByTestId('prom-url').fill(prom.url);
    await page.getByTestId('prom-start').fill(String(start));
    await page.getByTestId('prom-end').fill(String(end));
    await page.getByTestId('prom-read').click();
    await expect(page.getByTestId('prom-assessment')).toBeVisible({ timeout: 120_000 });
    await expect.poll(() => new URL(page.url()).searchParams.get('prom')).toBe(prom.url);
    const link = new URL(page.url());
    link.searchParams.set('view', 'pack');
    link.searchParams.set('rz', 'aligned');
    await page.goto(link.toString());
    await expect(page.getByTestId('m-abs')).toHaveText(/^\d+$/, { timeout: 150_000 });
    await expect(page.getByTestId('stale')).toHaveCount(0, { timeout: 150_000 });
    const got = {
      mAbs: (await page.getByTestId('m-abs').textContent())?.trim(),
      q: (await page.getByTestId('q').textContent())?.trim(),
    };

    const aligned = join(dir, 'aligned.npy');
    await cli([
      'realize',
      '--prometheus',
      prom.url,
      '--start',
      String(start),
      '--end',
      String(end),
      '--step',
      '60',
      '--mode',
      'aligned',
      '--out-inst',
      aligned,
    ]);
    // The page packs its instance 0: the rows drawn with the seed, in draw order.
    const m = readMatrix(aligned);
    expect(m.rows).toBe(PODS);
    const rows = sampleInstance(m.rows, PODS, DEFAULT_PARAMS.seed, 0);
    const data = new Float32Array(rows.length * m.cols);
    rows.forEach((r, i) => data.set(m.data.subarray(r * m.cols, (r + 1) * m.cols), i * m.cols));
    const instance = join(dir, 'instance0.npy');
    writeMatrix(instance, matrixFrom(rows.length, m.cols, data));
    const out = JSON.parse(
      await cli([
        'pack',
        '--inst',
        instance,
        '--algo',
        'bf',
        '--fit',
        'gpa:0.01',
        '--capacity',
        '1',
        '--clairvoyance',
        '1',
        '--source',
        'inst',
        '--rebalance',
        '5',
      ]),
    ) as { m_abs: number; q: number; evaluated_columns: number };
    expect(got).toEqual({ mAbs: String(out.m_abs), q: formatQ(out.q, out.evaluated_columns) });
    // The page's replay is over the server's own instants, as many as the command line's columns.
    await expect(page.getByTestId('time-split')).toContainText(`${formatCount(m.cols)} instants`);
  });
});
