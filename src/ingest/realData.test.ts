/**
 * Every file in ../shared/data, loaded through the streaming layer, checked against the numbers in
 * each folder's README and against a naive independent reading of the same file.
 */
import { readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { DataError, EVENTS_COLUMNS, USAGE_COLUMNS } from '../engine/index.ts';
import { loadDataset, type LoadRequest } from './load.ts';
import { SHARED_DATA, dataInput, naiveCsv } from './testing.ts';
import { seriesAt, seriesList } from '../engine/index.ts';

async function load(files: (string | [string, string])[], request: LoadRequest) {
  const inputs = await Promise.all(
    files.map((f) => (typeof f === 'string' ? dataInput(f) : dataInput(f[0], f[1]))),
  );
  return loadDataset(inputs, request);
}

async function samplesOf(files: (string | [string, string])[], request: LoadRequest) {
  const r = await load(files, request);
  if (r.kind !== 'samples') throw new Error('expected samples');
  return r;
}

function mean(series: readonly Float64Array[]): number {
  let s = 0;
  let n = 0;
  for (const x of series) {
    for (const v of x) s += v;
    n += x.length;
  }
  return s / n;
}

function count(series: readonly Float64Array[]): number {
  return series.reduce((a, x) => a + x.length, 0);
}

const PL_DAY = 'planetlab-cloudsim/planetlab_20110303.csv';
const PL_ALL = 'planetlab-cloudsim/planetlab_all_10_days.csv.gz';
const GCD_CPU = 'google-2011-gcd-vms/gcd_vms_cpu_pct_wide.csv';
const GCD_MEM = 'google-2011-gcd-vms/gcd_vms_mem_pct_wide.csv.gz';
const AZ_AVG = 'azure-v1-datacentersim/microsoft_avg_100.csv.gz';
const AZ_MAX = 'azure-v1-datacentersim/microsoft_max_100.csv.gz';
const BB = 'bitbrains-rnd/rnd_2013-7_vms1-100_cpu_mem.csv.gz';
const G_USAGE = 'google-2011-task-usage/task_usage_part-00000_first10000.csv';
const G_EVENTS = 'google-2011-task-usage/task_events_part-00000_first20000.csv';
const G_SLICE = 'google-2011-task-usage/task_usage_slice_6tasks_17intervals.csv';
const G_SCHEMA = 'google-2011-task-usage/schema.csv';

describe('the shared data folder', () => {
  it('holds exactly the files these tests load (a new file needs a test)', () => {
    const files = readdirSync(SHARED_DATA, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile() && !d.name.endsWith('.md'))
      .map((d) => `${d.parentPath.slice(SHARED_DATA.length + 1)}/${d.name}`)
      .sort();
    expect(files).toEqual(
      [
        PL_DAY,
        PL_ALL,
        GCD_CPU,
        GCD_MEM,
        AZ_AVG,
        AZ_MAX,
        BB,
        G_USAGE,
        G_EVENTS,
        G_SLICE,
        G_SCHEMA,
      ].sort(),
    );
  });
});

describe('PlanetLab (wide CSV, integer percent)', () => {
  it('one day: 1,052 VMs × 288 samples, values = percent / 100 × scale', async () => {
    const r = await samplesOf([PL_DAY], { format: 'wide', unit: 'percent', scale: 0.25 });
    const s = r.samples;
    const naive = naiveCsv(PL_DAY);
    expect(s.ids).toHaveLength(1052);
    expect(seriesList(s.inst).every((x) => x.length === 288)).toBe(true);
    expect(s.ids[0]).toBe('20110303:146-179_surfsnel_dsl_internl_net_colostate_557');
    expect(Array.from(seriesAt(s.inst, 0).subarray(0, 3))).toEqual(
      [24, 34, 29].map((v) => (v / 100) * 0.25),
    );
    const last = naive[naive.length - 1];
    expect(s.ids[1051]).toBe(`${last[0]}:${last[1]}`);
    expect(seriesAt(s.inst, 1051)[287]).toBe((Number(last[289]) / 100) * 0.25);
    expect(r.report.tasksKept).toBe(1052);
    expect(r.report.files[0].lines).toBe(1053);
  });

  it('all ten days: 11,746 VM-days with the README per-day counts, mean 11.10 %, max 99', async () => {
    const r = await samplesOf([PL_ALL], { format: 'auto' });
    expect(r.spec.format).toBe('wide');
    const s = r.samples;
    expect(s.ids).toHaveLength(11746);
    const perDay = new Map<string, number>();
    for (const id of s.ids) {
      const day = id.slice(0, 8);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    expect(Object.fromEntries(perDay)).toEqual({
      '20110303': 1052,
      '20110306': 898,
      '20110309': 1061,
      '20110322': 1516,
      '20110325': 1078,
      '20110403': 1463,
      '20110409': 1358,
      '20110411': 1233,
      '20110412': 1054,
      '20110420': 1033,
    });
    // auto: percent of a whole machine (scale 1)
    expect(mean(seriesList(s.inst)) * 100).toBeCloseTo(11.1, 2);
    expect(Math.max(...seriesList(s.inst).map((x) => Math.max(...x))) * 100).toBeCloseTo(99, 9);
    const naive = naiveCsv(PL_ALL);
    expect(s.ids[11745]).toBe(`${naive[11746][0]}:${naive[11746][1]}`);
    expect(seriesAt(s.inst, 11745)[287] * 100).toBeCloseTo(Number(naive[11746][289]), 9);
  });
});

describe('Google GCD per-job series (wide CSV)', () => {
  it('CPU: 1,600 × 288, mean 21.85 %, first row as in the README', async () => {
    const s = (await samplesOf([GCD_CPU], { format: 'wide', unit: 'percent', scale: 1 })).samples;
    expect(s.ids).toHaveLength(1600);
    expect(seriesList(s.inst).every((x) => x.length === 288)).toBe(true);
    expect(mean(seriesList(s.inst)) * 100).toBeCloseTo(21.85, 2);
    expect(s.ids[0]).toBe('vm_3418442_1');
    expect(seriesAt(s.inst, 0)[0]).toBe(22.492 / 100);
    expect(seriesAt(s.inst, 0)[1]).toBe(22.601 / 100);
    const naive = naiveCsv(GCD_CPU);
    expect(s.ids[1599]).toBe(naive[1600][0]);
    expect(seriesAt(s.inst, 1599)[287]).toBe(Number(naive[1600][288]) / 100);
  });

  it('memory (gzip): 1,600 × 288, first values 9.264, 9.268; sums above 100 % need the clamp', async () => {
    const e = await load([GCD_MEM], { format: 'auto' }).catch((x) => x);
    expect(e).toBeInstanceOf(DataError);
    expect(e.message).toMatch(
      /gcd_vms_mem_pct_wide\.csv\.gz, line \d+: "[\d.]+" in column t\d+ is above 100 %/,
    );
    const r = await samplesOf([GCD_MEM], { format: 'auto', scale: 1, clamp: true });
    const s = r.samples;
    expect(s.ids).toHaveLength(1600);
    expect(count(seriesList(s.inst))).toBe(1600 * 288);
    expect(seriesAt(s.inst, 0)[0]).toBe(9.264 / 100);
    expect(seriesAt(s.inst, 0)[1]).toBe(9.268 / 100);
    const above = naiveCsv(GCD_MEM)
      .slice(1)
      .flatMap((row) => row.slice(1).map(Number))
      .filter((v) => v > 100).length;
    expect(above).toBeGreaterThan(0);
    expect(r.report.filters).toContainEqual(
      expect.objectContaining({ id: 'clamped', count: above }),
    );
  });
});

describe('Azure V1 (column-per-task CSV, avg and max files paired)', () => {
  it('100 VMs × 8,004 steps; the max file is inst, the avg file avg; README means and bounds', async () => {
    const r = await samplesOf([AZ_MAX, AZ_AVG], { format: 'auto', scale: 1 });
    expect(r.spec.format).toBe('columns');
    expect(r.report.files.map((f) => f.role)).toEqual(['inst', 'avg']);
    const s = r.samples;
    expect(s.ids).toHaveLength(100);
    expect(s.ids[0]).toBe('vm_1633748');
    expect(seriesList(s.inst).every((x) => x.length === 8004)).toBe(true);
    expect(seriesList(s.avg!).every((x) => x.length === 8004)).toBe(true);
    expect(seriesAt(s.inst, 0)[0]).toBe(71.889037 / 100);
    expect(seriesAt(s.inst, 0)[1]).toBe(84.010293 / 100);
    expect(seriesAt(s.avg!, 0)[0]).toBe(44.459092 / 100);
    expect(seriesAt(s.avg!, 0)[1]).toBe(47.934517 / 100);
    expect(mean(seriesList(s.avg!)) * 100).toBeCloseTo(10.62, 2);
    expect(mean(seriesList(s.inst)) * 100).toBeCloseTo(21.45, 2);
    expect(Math.min(...seriesList(s.avg!).map((x) => Math.min(...x))) * 100).toBeCloseTo(0.267, 3);
    expect(Math.max(...seriesList(s.avg!).map((x) => Math.max(...x))) * 100).toBeCloseTo(99.41, 2);
    expect(Math.max(...seriesList(s.inst).map((x) => Math.max(...x)))).toBe(1);
    const naive = naiveCsv(AZ_AVG);
    expect(s.ids[99]).toBe(naive[0][100]);
    expect(seriesAt(s.avg!, 99)[8003]).toBe(Number(naive[8004][100]) / 100);
  });

  it('the avg file alone is a dataset of inst only', async () => {
    const s = (await samplesOf([[AZ_AVG, 'inst']], { format: 'columns', scale: 1 })).samples;
    expect(s.avg).toBeUndefined();
    expect(seriesAt(s.inst, 0)[0]).toBe(44.459092 / 100);
  });
});

/**
 * The Bitbrains file read naively once for its four tests (832,073 rows: each naive reading took
 * 1.5–2 s and a few hundred MB), kept as the columns they check: cpu_cores and cpu_usage_pct.
 */
function bitbrainsNaive() {
  const rows = naiveCsv(BB).slice(1);
  return {
    cores: Float64Array.from(rows, (row) => Number(row[2])),
    cpu: Float64Array.from(rows, (row) => Number(row[5])),
    first: rows[0],
    last: rows[rows.length - 1],
  };
}

describe('Bitbrains Rnd (long CSV)', () => {
  let naiveBB: ReturnType<typeof bitbrainsNaive>;
  beforeAll(() => {
    naiveBB = bitbrainsNaive();
  });

  it('100 VMs, 832,073 rows, VM 14 has 428, rows per VM 428–20,702, mean cpu_usage_pct 10.14', async () => {
    const s = (
      await samplesOf([BB], {
        format: 'long',
        idColumn: 'vm_id',
        valueColumn: 'cpu_usage_pct',
        unit: 'percent',
        scale: 100,
        clamp: true,
      })
    ).samples;
    expect(s.ids).toHaveLength(100);
    expect(s.ids[0]).toBe('1');
    expect(s.ids[99]).toBe('100');
    expect(count(seriesList(s.inst))).toBe(832073);
    const lengths = seriesList(s.inst).map((x) => x.length);
    expect(lengths[s.ids.indexOf('14')]).toBe(428);
    expect(Math.min(...lengths)).toBe(428);
    expect(Math.max(...lengths)).toBe(20702);
    expect(Array.from(seriesAt(s.inst, 0).subarray(0, 2))).toEqual([1.5, 0.5]);
    // Clamping moved the values above 100; the README's mean is of the raw column.
    const raw = naiveBB.cpu;
    const above = raw.filter((v) => v > 100);
    const rawMean = raw.reduce((a, b) => a + b, 0) / raw.length;
    expect(rawMean).toBeCloseTo(10.14, 2);
    const clampedMean = raw.reduce((a, b) => a + Math.min(b, 100), 0) / raw.length;
    expect(mean(seriesList(s.inst))).toBeCloseTo(clampedMean, 9);
    expect(above.length).toBeGreaterThan(0);
    const lastRow = naiveBB.last;
    expect(seriesAt(s.inst, 99)[seriesAt(s.inst, 99).length - 1]).toBe(Number(lastRow[5]));
  });

  it('without clamping, a value above 100 % is an error naming the file and line', async () => {
    const e = await load([BB], { format: 'auto' }).catch((x) => x);
    expect(e).toBeInstanceOf(DataError);
    // The header is line 1, the first row line 2.
    const line = naiveBB.cpu.findIndex((v) => v > 100) + 2;
    expect(e.line).toBe(line);
    expect(e.message).toMatch(
      /rnd_2013-7_vms1-100_cpu_mem\.csv\.gz, line \d+: "[\d.]+" in column cpu_usage_pct is above 100 %/,
    );
  });

  it('auto-detection picks vm_id and cpu_usage_pct; with the clamp the count of clamped values is reported', async () => {
    const r = await samplesOf([BB], { format: 'auto', clamp: true, scale: 1 });
    expect(r.spec).toMatchObject({
      format: 'long',
      idColumn: 'vm_id',
      valueColumn: 'cpu_usage_pct',
    });
    const above = naiveBB.cpu.filter((v) => v > 100).length;
    expect(r.report.filters).toContainEqual(
      expect.objectContaining({ id: 'clamped', count: above }),
    );
  });

  it('a per-row scale column (cores): rows with 0 cores give 0, the README’s 53,304 of them', async () => {
    const s = (
      await samplesOf([BB], {
        format: 'long',
        idColumn: 'vm_id',
        valueColumn: 'cpu_usage_pct',
        scaleColumn: 'cpu_cores',
        unit: 'percent',
        scale: 1 / 32,
        clamp: true,
      })
    ).samples;
    const { cores, cpu } = naiveBB;
    const zeroCores = cores.filter((c) => c === 0).length;
    expect(zeroCores).toBe(53304);
    const row0 = naiveBB.first;
    expect(seriesAt(s.inst, 0)[0]).toBe((Number(row0[5]) / 100) * (1 / 32) * Number(row0[2]));
    const expected =
      cpu.reduce((a, v, i) => a + (Math.min(v, 100) / 100) * (cores[i] / 32), 0) / cpu.length;
    expect(mean(seriesList(s.inst))).toBeCloseTo(expected, 12);
  });
});

describe('Google 2011 task_usage excerpt and task_events', () => {
  it('the schema says what the loader reads: column 6 CPU rate, 20 sampled CPU usage, events 10/11 requests', () => {
    const rows = naiveCsv(G_SCHEMA);
    const field = (table: string, n: number) =>
      rows.find((r) => r[0].startsWith(`${table}/`) && r[1] === String(n))?.[2];
    expect(rows.filter((r) => r[0].startsWith('task_usage/'))).toHaveLength(USAGE_COLUMNS);
    expect(rows.filter((r) => r[0].startsWith('task_events/'))).toHaveLength(EVENTS_COLUMNS);
    expect(field('task_usage', 3)).toBe('job ID');
    expect(field('task_usage', 4)).toBe('task index');
    expect(field('task_usage', 6)).toBe('CPU rate');
    expect(field('task_usage', 20)).toBe('sampled CPU usage');
    expect(field('task_events', 6)).toBe('event type');
    expect(field('task_events', 10)).toBe('CPU request');
    expect(field('task_events', 11)).toBe('memory request');
  });

  it('10,000 rows, one record per task: mean of column 6 is 0.01786 (filters off)', async () => {
    const r = await samplesOf([G_USAGE], {
      format: 'google',
      filters: { minRecords: 1, dropAllZeroInst: false },
    });
    expect(r.report.records).toBe(10000);
    expect(r.report.tasksRead).toBe(10000);
    expect(r.samples.ids).toHaveLength(10000);
    expect(seriesList(r.samples.inst).every((x) => x.length === 1)).toBe(true);
    expect(mean(seriesList(r.samples.avg!))).toBeCloseTo(0.01786, 5);
    expect(r.report.filters.find((f) => f.id === 'avgReplaced')!.count).toBe(0);
    // first row of the file: job 3418309 task 0, avg 0.001562, inst 0
    const k = r.samples.ids.indexOf('3418309:0');
    expect(seriesAt(r.samples.avg!, k)[0]).toBe(0.001562);
    expect(seriesAt(r.samples.inst, k)[0]).toBe(0);
    // tasks in (job, task index) order
    const naive = naiveCsv(G_USAGE).slice(1);
    const keys = naive
      .map((row) => [Number(row[2]), Number(row[3])])
      .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(r.samples.ids[0]).toBe(`${keys[0][0]}:${keys[0][1]}`);
    expect(r.samples.ids[9999]).toBe(`${keys[9999][0]}:${keys[9999][1]}`);
  });

  it('the all-zero-inst filter keeps the 2,723 tasks whose column 20 is > 0', async () => {
    const r = await samplesOf([G_USAGE], { format: 'google', filters: { minRecords: 1 } });
    expect(r.samples.ids).toHaveLength(2723);
    expect(r.report.filters).toContainEqual(
      expect.objectContaining({ id: 'allZeroInst', count: 7277 }),
    );
    expect(seriesList(r.samples.inst).every((x) => x[0] > 0)).toBe(true);
  });

  it('with the paper’s ≥ 24-records filter nothing is left, and the error says why with counts', async () => {
    const e = await load([G_USAGE], { format: 'google' }).catch((x) => x);
    expect(e).toBeInstanceOf(DataError);
    expect(e.message).toMatch(
      /no task left after the filters: 10000 records of 10000 tasks read; 10000 tasks with fewer than 24 records, dropped/,
    );
  });

  it('task_events: requests of 9,891 tasks kept as metadata (19,886 of 20,000 events have one); none failing', async () => {
    const naive = naiveCsv(G_EVENTS).slice(1);
    expect(naive).toHaveLength(20000);
    expect(naive.filter((row) => row[9] !== '')).toHaveLength(19886);
    const r = await samplesOf([G_USAGE, G_EVENTS], {
      format: 'google',
      filters: { minRecords: 1, dropAllZeroInst: false },
    });
    expect(r.report.files.map((f) => [f.role, f.lines])).toEqual([
      ['task_usage', 10001],
      ['task_events', 20001],
    ]);
    const req = r.samples.requests!;
    expect(req.cpu.filter((v) => !Number.isNaN(v))).toHaveLength(9891);
    expect(r.report.filters).toContainEqual(expect.objectContaining({ id: 'failed', count: 0 }));
    const withRequest = naive.find((row) => row[9] !== '')!;
    const k = r.samples.ids.indexOf(`${withRequest[2]}:${withRequest[3]}`);
    expect(req.cpu[k]).toBe(Number(withRequest[9]));
    expect(req.memory[k]).toBe(Number(withRequest[10]));
  });

  it('the 6-task × 17-window slice (no header): 6 series of 17 records in time order', async () => {
    const r = await samplesOf([G_SLICE], {
      format: 'auto',
      filters: { minRecords: 1, dropAllZeroInst: false },
    });
    expect(r.spec.format).toBe('google');
    expect(r.samples.ids).toEqual([
      '3418309:0',
      '3418309:1',
      '3418314:0',
      '3418314:1',
      '3418319:0',
      '3418319:1',
    ]);
    expect(
      seriesList(r.samples.inst).every((x) => x.length === 17 && x.every((v) => v === 0)),
    ).toBe(true);
    expect(seriesAt(r.samples.avg!, 0)[0]).toBe(0.001562);
    const naive = naiveCsv(G_SLICE);
    const rows = naive.filter((row) => row[2] === '3418319' && row[3] === '1');
    rows.sort((a, b) => Number(a[0]) - Number(b[0]));
    expect(seriesAt(r.samples.avg!, 5)[16]).toBe(Number(rows[16][5]));
    expect(mean(seriesList(r.samples.avg!))).toBeCloseTo(0.0007348, 7);
  });

  it('the slice with the paper’s filters: 17 records < 24 and inst all 0, so every task is dropped, visibly', async () => {
    const e = await load([G_SLICE], { format: 'google' }).catch((x) => x);
    expect(e).toBeInstanceOf(DataError);
    expect(e.message).toMatch(
      /6 tasks with fewer than 24 records, dropped; 0 tasks whose inst samples are all 0/,
    );
    const e2 = await load([G_SLICE], { format: 'google', filters: { minRecords: 17 } }).catch(
      (x) => x,
    );
    expect(e2.message).toMatch(
      /0 tasks with fewer than 17 records, dropped; 6 tasks whose inst samples are all 0, dropped/,
    );
  });

  it('several shards load as one dataset: the excerpt and the slice together', async () => {
    const r = await samplesOf([G_USAGE, G_SLICE], {
      format: 'google',
      filters: { minRecords: 1, dropAllZeroInst: false },
    });
    // The slice's first window repeats rows of the excerpt (same tasks at start 600 s): one record
    // of a task at a start time is kept, and the repeats are counted in the notes.
    const naive = [...naiveCsv(G_USAGE).slice(1), ...naiveCsv(G_SLICE)];
    const tasks = new Set(naive.map((row) => `${row[2]}:${row[3]}`));
    const starts = new Set(naive.map((row) => `${row[2]}:${row[3]}@${row[0]}`));
    const repeated = naive.length - starts.size;
    expect(repeated).toBeGreaterThan(0);
    expect(r.samples.ids).toHaveLength(tasks.size);
    expect(r.report.records).toBe(naive.length);
    const counted = r.report.notes
      .map((n) => /^(\d+) repeated start time/.exec(n))
      .reduce((sum, m) => sum + (m ? Number(m[1]) : 0), 0);
    expect(counted).toBe(repeated);
    const k = r.samples.ids.indexOf('3418309:0');
    expect(seriesAt(r.samples.inst, k)).toHaveLength(17);
  });
});
