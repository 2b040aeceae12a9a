/**
 * The page's time-aligned replay on data with timestamps: the worker-side ingestion (the one the
 * ingestion worker runs, files fetched from public/data) keeps the time axis, and the Pack pool
 * aligned from it packs to the same numbers as the command line's `realize --mode aligned` and
 * `pack` on the same file with the same alignment options.
 */
import { openAsBlob, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  WorkloadStats,
  runPacking,
  sampleInstance,
  type MachineSlo,
  type RealizationMatrix,
} from '../../../../engine/index.ts';
import { createIngestApi } from '../../../../ingest/api.ts';
import { dataPath, naiveCsv } from '../../../../ingest/testing.ts';
import { FIXTURES } from '../../../../ingest/traceFixtures.ts';
import { createInlineRunner } from '../../../../runtime/inlineRunner.ts';
import { loadReplay } from '../../../../cli/commands/replayData.ts';
import { pinnedStep } from '../../../pack/pinned.ts';
import {
  alignedOfDataset,
  replayTasksReason,
  replayedSlo,
  tasksOfPool,
} from '../../../pack/replay.ts';
import { ensurePack } from '../../../pack/steps.ts';
import { fitToDataset } from '../controller.ts';
import type { Ingest } from '../../sources/datasets.ts';
import { DEFAULT_PARAMS, packParams, pinnedOf, type Params } from '../../store/params.ts';
import { createExplorerStore } from '../../store/store.ts';
import type { StepContext } from './context.ts';
import { datasetStep } from './dataset.ts';
import { ensurePool } from './pool.ts';

const PUBLIC = resolve(import.meta.dirname, '../../../../../public');
const runner = createInlineRunner();

beforeAll(() => {
  // The ingestion worker fetches a preset's files from the app's base: here, public/ on disk.
  vi.stubGlobal('fetch', async (url: string) => {
    const blob = await openAsBlob(resolve(PUBLIC, url.replace(/^\//, '')));
    return new Response(blob, { headers: { 'content-length': String(blob.size) } });
  });
});
afterAll(() => {
  vi.unstubAllGlobals();
  runner.dispose();
});

/** The page's ingestion client over the worker-side API, on this thread. */
function apiIngest(): Ingest {
  const api = createIngestApi();
  let token = 1;
  return {
    loadPreset: (p, scale, onProgress) => api.loadPreset(token++, p.id, scale, {}, '', onProgress),
    loadFiles: (files, request, onProgress) => api.loadFiles(token++, files, request, onProgress),
    previewFiles: (files, options) => api.previewFiles(files, options),
  };
}

function setup(params: Partial<Params>) {
  const store = createExplorerStore({ params: { ...DEFAULT_PARAMS, ...params } });
  const ctx: StepContext = { store, runner, ingest: apiIngest() };
  return { ctx, store, s: () => store.getState() };
}

/** What `pack --inst X.npy --instance I --tasks N` prints for the matrix the CLI realized. */
function cliPacking(m: RealizationMatrix, p: Params) {
  const rows = sampleInstance(m.rows, p.tasks, p.seed, p.instance);
  return runPacking(new WorkloadStats({ inst: m, avg: null }), rows, packParams(p));
}

/** The page's numbers for `params` after the dataset, the replay's task count and the pool. */
async function pagePacking(params: Partial<Params>) {
  const { ctx, s } = setup(params);
  const ds = (await datasetStep(ctx).ensure(s().params))!;
  const fix = fitToDataset(s().params, ds, null, { tasksOfPool, replayTasksReason });
  if (fix) s().adjust(fix.patch);
  const p = s().params;
  const pool = (await ensurePool(ctx, p, ds))!;
  expect(pool, s().pool.error ?? '').not.toBeNull();
  await ensurePack(ctx, p, pool);
  return { ds, p, pool, fix, result: s().pack.response!.result };
}

describe('the page replays data with timestamps in time, as the command line does', () => {
  it('Bitbrains: timestamps kept through ingestion, bucketed to 300 s; the numbers equal realize + pack', async () => {
    const page = await pagePacking({
      dataset: 'bitbrains-rnd',
      scale: 1 / 32,
      tasks: 100,
      realization: 'aligned',
    });
    expect(page.ds.samples!.times).toHaveLength(100);
    const cli = await loadReplay(
      {
        data: dataPath('bitbrains-rnd/rnd_2013-7_vms1-100_cpu_mem.csv.gz'),
        format: 'long',
        'id-column': 'vm_id',
        'value-column': 'cpu_usage_pct',
        'scale-column': 'cpu_cores',
        'time-column': 'timestamp_s',
        scale: 1 / 32,
        clamp: true,
        mode: 'aligned',
        step: 300,
        'min-coverage': 0.9,
        'below-coverage': 'zero',
        'memory-budget': 0,
      },
      0,
      1,
    );
    // Two VMs are covered at less than 90 % of the instants: the preset keeps them, their missing
    // instants at 0, so the replay packs all 100 and nothing is adjusted.
    expect(page.fix).toBeNull();
    const aligned = alignedOfDataset(page.ds);
    if (typeof aligned === 'string') throw new Error(aligned);
    expect(aligned.ids).toEqual(cli.aligned.ids);
    expect(aligned.report).toEqual(cli.aligned.report);
    expect(aligned.inst.data).toEqual(cli.inst.data);
    expect(page.pool.tasks).toBe(100);
    expect(page.pool.realizations).toBe(cli.inst.cols);
    const direct = cliPacking(cli.inst, page.p);
    expect(page.result.mAbs).toBe(direct.mAbs);
    expect(page.result.q).toBe(direct.q);
    expect(page.result.machines.map((m) => m.q)).toEqual(direct.machines.map((m) => m.q));
  });

  it('PlanetLab’s ten days: a VM’s days joined along time, aligned across VMs, as realize --absent zero', async () => {
    const page = await pagePacking({
      dataset: 'planetlab-10days',
      tasks: 1000,
      realization: 'aligned',
    });
    const cli = await loadReplay(
      {
        data: dataPath('planetlab-cloudsim/planetlab_all_10_days.csv.gz'),
        scale: 0.25,
        mode: 'aligned',
        absent: 'zero',
        'memory-budget': 0,
      },
      0,
      1,
    );
    expect(page.ds.tasks).toBe(11746);
    expect(page.pool.tasks).toBe(cli.inst.rows);
    expect(page.pool.realizations).toBe(10 * 288);
    expect(tasksOfPool(page.p, page.ds)).toBe(cli.inst.rows);
    expect(tasksOfPool({ ...page.p, realization: 'independent' }, page.ds)).toBe(11746);
    const direct = cliPacking(cli.inst, page.p);
    expect(page.result.mAbs).toBe(direct.mAbs);
    expect(page.result.machines.map((m) => m.q)).toEqual(direct.machines.map((m) => m.q));
  });

  it('an upload with timestamps (Google task_usage): its 5-minute windows, as the command line', async () => {
    const rel = 'google-2011-task-usage/task_usage_slice_6tasks_17intervals.csv';
    const { ctx, s } = setup({ realization: 'aligned', tasks: 6 });
    const file = new File([readFileSync(dataPath(rel))], 'task_usage_slice.csv');
    await datasetStep(ctx).upload([file], {
      format: 'google',
      filters: { minRecords: 1, dropAllZeroInst: false },
    });
    const ds = s().data.dataset!;
    const aligned = alignedOfDataset(ds);
    if (typeof aligned === 'string') throw new Error(aligned);
    const cli = await loadReplay(
      {
        data: dataPath(rel),
        format: 'google',
        'min-records': 1,
        'keep-zero-inst': true,
        mode: 'aligned',
        'memory-budget': 0,
      },
      0,
      1,
    );
    expect(aligned.report).toEqual(cli.aligned.report);
    expect(aligned.report.step).toBe(300);
    expect(aligned.report.absent).toBe('zero');
    expect(aligned.inst.data).toEqual(cli.inst.data);
  });
});

describe('A/B with a side replayed in time', () => {
  it('the pin carries the realization; both sides judged at every instant of the data', async () => {
    const { ctx, s, store } = setup({ tasks: 200 });
    const p0 = s().params;
    const ds = (await datasetStep(ctx).ensure(p0))!;
    const pool = (await ensurePool(ctx, p0, ds))!;
    await ensurePack(ctx, p0, pool);
    const b = s().pack.response!;
    const a: Params = { ...p0, realization: 'aligned' };
    expect(pinnedOf(a)).toMatchObject({ realization: 'aligned', block: p0.block });
    const p = { ...p0, pinned: pinnedOf(a) };
    store.setState({ params: p });
    const step = pinnedStep(ctx);
    await step.ensure(p, ds, pool);
    step.dispose();
    expect(s().ab.status).toBe('ready');
    const sideA = s().ab.response!;
    // Side A packed the file's 288 instants, not independent draws.
    expect(sideA.result.evaluated).toBe(288);
    // An independent reading of the day: each machine's tasks summed at each of the 288 instants
    // (in float64; a total within 10⁻⁵ of the capacity may fall either way in float32).
    const cells = naiveCsv('planetlab-cloudsim/planetlab_20110303.csv').slice(1);
    const expectDirect = (judged: MachineSlo, response: typeof b) =>
      response.result.machines.forEach((m, j) => {
        let surely = 0;
        let maybe = 0;
        for (let t = 0; t < 288; t++) {
          let total = 0;
          for (const k of m.tasks) total += (Number(cells[response.rows[k]][t + 2]) / 100) * 0.25;
          if (total > 1 + 1e-5) surely++;
          if (total > 1 - 1e-5) maybe++;
        }
        expect(judged.q[j] * 288).toBeGreaterThanOrEqual(surely - 1e-9);
        expect(judged.q[j] * 288).toBeLessThanOrEqual(maybe + 1e-9);
      });
    const judgedA = replayedSlo(ds, sideA.result, sideA.rows, a)!;
    const judgedB = replayedSlo(ds, b.result, b.rows, p0)!;
    expect(judgedA.columns).toBe(288);
    expectDirect(judgedA, sideA);
    expectDirect(judgedB, b);
    expect(judgedA.q).toEqual(sideA.result.machines.map((m) => m.q));
  });
});

describe('bad input to the page’s replay: a message naming what and where, the data kept', () => {
  it('no common instant (a Prometheus export): how much overlaps, and the dataset stays', async () => {
    const { ctx, s } = setup({ realization: 'aligned' });
    const bytes = readFileSync(resolve(FIXTURES, 'prometheus/query_range.json'));
    await datasetStep(ctx).upload([new File([bytes], 'query_range.json')], {
      format: 'prometheus',
      unit: 'cores',
      capacity: 8,
      idLabel: 'container',
    });
    const ds = s().data.dataset!;
    expect(ds.samples!.times).toHaveLength(3);
    expect(await ensurePool(ctx, s().params, ds)).toBeNull();
    const text = s()
      .notices.map((n) => n.text)
      .join('\n');
    expect(text).toMatch(
      /no instant where all 3 tasks have a sample: their spans overlap on \d+ of \d+ instants/,
    );
    expect(text).toMatch(/task \S+ starts at \d+ s, task \S+ ends at \d+ s/);
    expect(s().data.dataset).toBe(ds);
  });

  it('different sampling steps in one load: the task and both steps named', async () => {
    const { ctx, s } = setup({ realization: 'aligned' });
    const ds = await uploadLong(ctx, [
      ['a', [0, 60, 120, 180, 240, 300]],
      ['b', [0, 300, 600]],
    ]);
    expect(await ensurePool(ctx, s().params, ds)).toBeNull();
    expect(noticeText(s())).toMatch(
      /different sampling steps in one load: task [ab] is sampled every (60|300) s, most tasks every 180 s/,
    );
    expect(s().data.dataset).toBe(ds);
  });

  it('a task with no sample in the judged part (κ < 1): named, with its span', async () => {
    const { ctx, s } = setup({ realization: 'aligned', clairvoyance: 0.5 });
    const loaded = await uploadLong(ctx, [
      ['a', [0, 60, 120, 180, 240, 300, 360, 420]],
      ['b', [0, 60, 120]],
    ]);
    // Absent samples counted as 0 (as Google's windows are): b would be judged on zeros.
    const ds = { ...loaded, align: { absent: 'zero' as const } };
    expect(await ensurePool(ctx, s().params, ds)).toBeNull();
    expect(noticeText(s())).toMatch(
      /task b has no sample in the judged part \(κ = 0\.5: day 1, 00:04 to day 1, 00:07\); its samples span day 1, 00:00 to day 1, 00:02/,
    );
    expect(await ensurePool(ctx, { ...s().params, clairvoyance: 1 }, ds)).not.toBeNull();
  });

  it('the memory question counts tasks × instants: a grid too large is not allocated', async () => {
    const { ctx, s } = setup({ realization: 'aligned', realizations: 2 });
    const { ds } = await twoTasksFarApart(ctx);
    expect(await ensurePool(ctx, s().params, ds)).toBeNull();
    expect(s().pool.error).toMatch(
      /aligned replay of 2 tasks × 200,000,001 instants would take 2\.98 GiB while aligning, above this tab's memory budget of 1\.5 GiB: nothing was allocated/,
    );
    expect(
      s()
        .notices.map((n) => n.action?.label ?? '')
        .join(),
    ).toMatch(/Allocate 2\.98 GiB anyway/);
    expect(s().data.dataset).toBe(ds);
  });
});

/** Two tasks sampled every second, one at the start and one 2·10⁸ s later: 2·10⁸ instants. */
async function twoTasksFarApart(ctx: StepContext) {
  const rows = ['id,t,v'];
  for (let k = 0; k < 3; k++) rows.push(`a,${k},10`, `b,${2e8 - 2 + k},20`);
  const file = new File([rows.join('\n') + '\n'], 'far.csv');
  await datasetStep(ctx).upload([file], {
    format: 'long',
    idColumn: 'id',
    valueColumn: 'v',
    timeColumn: 't',
    unit: 'percent',
    scale: 1,
  });
  return { ds: ctx.store.getState().data.dataset! };
}

const noticeText = (state: { notices: readonly { text: string }[] }) =>
  state.notices.map((n) => n.text).join('\n');

/** Uploads a long CSV of (task, seconds) samples, every value 10 %; the dataset loaded. */
async function uploadLong(ctx: StepContext, tasks: [string, number[]][]) {
  const rows = ['id,t,v', ...tasks.flatMap(([id, times]) => times.map((t) => `${id},${t},10`))];
  await datasetStep(ctx).upload([new File([rows.join('\n') + '\n'], 'tasks.csv')], {
    format: 'long',
    idColumn: 'id',
    valueColumn: 'v',
    timeColumn: 't',
    unit: 'percent',
    scale: 1,
  });
  return ctx.store.getState().data.dataset!;
}
