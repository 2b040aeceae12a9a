/**
 * The realization switch on data with timestamps, in the page: the bundled Bitbrains VMs (timestamps
 * bucketed to 300 s) and PlanetLab's ten days (a VM's days joined along time) replayed in time give
 * the numbers the command line gives on the same file (`realize --mode aligned` then `pack`),
 * computed here in Node by the command line's own functions.
 */
import type { Page } from '@playwright/test';
import { WorkloadStats, runPacking, sampleInstance } from '../src/engine/index.ts';
import { loadReplay } from '../src/cli/commands/replayData.ts';
import { dataPath } from '../src/ingest/testing.ts';
import { DEFAULT_PARAMS, packParams } from '../src/state/common/store/params.ts';
import { formatCount, formatQ } from '../src/present/format.ts';
import { expect, test } from './fixtures.ts';

async function numbers(page: Page) {
  await expect(page.getByTestId('m-abs')).toHaveText(/^\d+$/, { timeout: 150_000 });
  await expect(page.getByTestId('stale')).toHaveCount(0, { timeout: 150_000 });
  const read = async (id: string) => (await page.getByTestId(id).textContent())?.trim();
  return { mAbs: await read('m-abs'), q: await read('q') };
}

/** What `pack --instance 0 --tasks N` prints (m_abs, q as the page writes it) on the CLI's matrix. */
async function cliNumbers(options: Record<string, unknown>, tasks: number) {
  const replay = await loadReplay({ ...options, mode: 'aligned', 'memory-budget': 0 }, 0, 1);
  const p = { ...DEFAULT_PARAMS, tasks };
  const rows = sampleInstance(replay.inst.rows, tasks, p.seed, p.instance);
  const r = runPacking(new WorkloadStats({ inst: replay.inst, avg: null }), rows, packParams(p));
  return { mAbs: String(r.mAbs), q: formatQ(r.q, r.evaluated), columns: replay.inst.cols };
}

test('Bitbrains replayed in time: the same machines and q as realize --mode aligned + pack', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.goto('/?view=pack&d=bitbrains-rnd&s=0.03125&rz=aligned');
  const got = await numbers(page);
  const cli = await cliNumbers(
    {
      data: dataPath('bitbrains-rnd/rnd_2013-7_vms1-100_cpu_mem.csv.gz'),
      format: 'long',
      'id-column': 'vm_id',
      'value-column': 'cpu_usage_pct',
      'scale-column': 'cpu_cores',
      'time-column': 'timestamp_s',
      scale: 1 / 32,
      clamp: true,
      step: 300,
      'min-coverage': 0.9,
      'below-coverage': 'zero',
    },
    100,
  );
  expect(got).toEqual({ mAbs: cli.mAbs, q: cli.q });
  await expect(page.getByTestId('time-split')).toContainText(
    `${formatCount(cli.columns)} instants`,
  );
});

test('the Bitbrains preset replays every VM: its headline q is the replay of its independent packing', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.goto('/?view=pack&d=bitbrains-rnd&s=0.03125');
  const got = await numbers(page);
  await expect(page.getByTestId('q')).toHaveAttribute('data-method', 'replayed', {
    timeout: 60_000,
  });
  await expect(page.getByTestId('q-aligned')).toHaveText(got.q!);
  await expect(page.getByTestId('q-independent-value')).toHaveText(/\d/);
});

test('PlanetLab’s ten days replayed in time: a task per VM, 2,880 instants, as the command line', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.goto('/?view=pack&d=planetlab-10days&n=1000&rz=aligned');
  const got = await numbers(page);
  const cli = await cliNumbers(
    {
      data: dataPath('planetlab-cloudsim/planetlab_all_10_days.csv.gz'),
      scale: 0.25,
      absent: 'zero',
    },
    1000,
  );
  expect(got).toEqual({ mAbs: cli.mAbs, q: cli.q });
  await expect(page.getByTestId('time-split')).toContainText('2,880 instants');
});
