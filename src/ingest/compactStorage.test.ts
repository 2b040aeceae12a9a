/**
 * Coded sample storage on real data: every file of ../shared/data and every trace-format fixture
 * loads bit-identical coded and as float64; integer percents take at most 2 bytes a sample as held
 * (the bytes of the loaded arrays); the estimate uses the bytes the samples will take, and reads the
 * formats that need every file (.npy, compact) from their headers.
 */
import { describe, expect, it } from 'vitest';
import {
  createLoader,
  encodeCompact,
  encodeNpy,
  isCoded,
  sampleCount,
  samplesBytes,
  seriesAt,
  taskCount,
  type LoadResult,
  type LoadSpec,
  type SampleStorage,
  type SeriesSet,
  type TaskSamples,
} from '../engine/index.ts';
import { estimateLoad } from './estimate.ts';
import { loadDataset, type LoadRequest } from './load.ts';
import { DEFAULT_BUDGET_BYTES } from './sizes.ts';
import type { InputFile } from './stream.ts';
import { dataInput } from './testing.ts';
import { fixture } from './traceFixtures.ts';

const bits = (a: Float64Array) => new Uint8Array(a.slice().buffer);

function expectSameSeries(a: SeriesSet, b: SeriesSet, what: string): void {
  expect(taskCount(a), what).toBe(taskCount(b));
  for (let i = 0; i < taskCount(a); i++)
    if (!Buffer.from(bits(seriesAt(a, i))).equals(Buffer.from(bits(seriesAt(b, i)))))
      throw new Error(`${what}: task ${i} differs`);
}

function expectSame(coded: TaskSamples, plain: TaskSamples, what: string): void {
  expect(coded.ids, what).toEqual(plain.ids);
  expectSameSeries(coded.inst, plain.inst, `${what} inst`);
  expect(coded.avg === undefined, what).toBe(plain.avg === undefined);
  if (coded.avg && plain.avg) expectSameSeries(coded.avg, plain.avg, `${what} avg`);
  expect(coded.requests, what).toEqual(plain.requests);
}

const SHARED: [string, (string | [string, string])[], LoadRequest][] = [
  [
    'PlanetLab day',
    ['planetlab-cloudsim/planetlab_20110303.csv'],
    { format: 'wide', unit: 'percent', scale: 0.25 },
  ],
  ['PlanetLab 10 days', ['planetlab-cloudsim/planetlab_all_10_days.csv.gz'], { format: 'auto' }],
  [
    'Google GCD VMs cpu',
    ['google-2011-gcd-vms/gcd_vms_cpu_pct_wide.csv'],
    { format: 'wide', unit: 'percent', scale: 1 },
  ],
  [
    'Google GCD VMs memory',
    ['google-2011-gcd-vms/gcd_vms_mem_pct_wide.csv.gz'],
    { format: 'auto', scale: 1, clamp: true },
  ],
  [
    'Azure V1 max + avg',
    [
      'azure-v1-datacentersim/microsoft_max_100.csv.gz',
      'azure-v1-datacentersim/microsoft_avg_100.csv.gz',
    ],
    { format: 'auto', scale: 1 },
  ],
  [
    'Bitbrains',
    ['bitbrains-rnd/rnd_2013-7_vms1-100_cpu_mem.csv.gz'],
    { format: 'auto', clamp: true, scale: 1 },
  ],
  [
    'Google 2011 task usage with events',
    [
      'google-2011-task-usage/task_usage_part-00000_first10000.csv',
      'google-2011-task-usage/task_events_part-00000_first20000.csv',
    ],
    { format: 'google', filters: { minRecords: 1, dropAllZeroInst: false } },
  ],
  [
    'Google 2011 slice',
    ['google-2011-task-usage/task_usage_slice_6tasks_17intervals.csv'],
    { format: 'auto', filters: { minRecords: 1, dropAllZeroInst: false } },
  ],
];

async function loadShared(files: (string | [string, string])[], request: LoadRequest) {
  const inputs = await Promise.all(
    files.map((f) => (typeof f === 'string' ? dataInput(f) : dataInput(f[0], f[1]))),
  );
  const r = await loadDataset(inputs, request);
  if (r.kind !== 'samples') throw new Error('expected samples');
  return r;
}

function runFixture(spec: LoadSpec, files: [string, Uint8Array][], storage: SampleStorage) {
  const loader = createLoader(spec, storage);
  for (const [name, bytes] of files) {
    const sink = loader.file(name);
    for (let i = 0; i < bytes.length; i += 4096) sink.push(bytes.subarray(i, i + 4096));
    sink.end();
  }
  return loader.finish();
}

const samplesOf = (r: LoadResult) => {
  if (r.kind !== 'samples') throw new Error('expected samples');
  return r.samples;
};

const FIXTURES: [string, LoadSpec, [string, string][]][] = [
  ['Bitbrains', { format: 'bitbrains' }, [1, 2, 3].map((v) => [`${v}.csv`, `bitbrains/${v}.csv`])],
  [
    'Prometheus',
    { format: 'prometheus', capacity: 8 },
    [['q.json', 'prometheus/query_range.json']],
  ],
  [
    'Prometheus export (columns)',
    { format: 'columns', unit: 'cores', capacity: 8, scale: 1 },
    [['export.csv', 'prometheus/export.csv']],
  ],
  [
    'Alibaba',
    { format: 'alibaba' },
    [
      ['container_usage.csv', 'alibaba/container_usage.csv'],
      ['container_meta.csv', 'alibaba/container_meta.csv'],
      ['machine_meta.csv', 'alibaba/machine_meta.csv'],
    ],
  ],
  [
    'Azure V2',
    { format: 'azure2' },
    [
      ['r.csv', 'azure2/vm_cpu_readings-file-1-of-195.csv.gz'],
      ['vmtable.csv', 'azure2/vmtable.csv'],
    ],
  ],
  ['Google 2019 CSV', { format: 'google2019' }, [['i.csv', 'google2019/instance_usage.csv']]],
  ['Google 2019 JSON', { format: 'google2019' }, [['i.json', 'google2019/instance_usage.json']]],
];

describe('coded sample storage', () => {
  it.each(SHARED)(
    '%s: coded and float64 loads are bit-identical',
    async (what, files, request) => {
      const coded = await loadShared(files, request);
      const plain = await loadShared(files, { ...request, storage: 'float64' });
      expect(isCoded(plain.samples.inst)).toBe(false);
      expectSame(coded.samples, plain.samples, what);
      expect(coded.report).toEqual(plain.report);
      expect(samplesBytes(coded.samples)).toBeLessThanOrEqual(samplesBytes(plain.samples));
    },
    60_000,
  );

  it.each(FIXTURES)(
    '%s fixture: coded and float64 loads are bit-identical',
    (what, spec, files) => {
      const bytes = files.map(([name, rel]) => [name, fixture(rel)] as [string, Uint8Array]);
      const coded = samplesOf(runFixture(spec, bytes, 'compact'));
      const plain = samplesOf(runFixture(spec, bytes, 'float64'));
      expectSame(coded, plain, what);
    },
  );

  it('a wide CSV coded as it parses: integers seen before, clamped values, decimals, bad rows', () => {
    const rows = ['id,t0,t1,t2,t3'];
    for (let r = 0; r < 400; r++)
      rows.push(
        `v${r},${(r * 7) % 160},${r % 3 ? '12.5' : '7'},${(r * 13) % 101},${r === 77 ? 'x' : r % 150}`,
      );
    const bytes = new TextEncoder().encode(rows.join('\n'));
    const spec: LoadSpec = {
      format: 'wide',
      unit: 'percent',
      scale: 0.5,
      clamp: true,
      skipBadLines: true,
    };
    const coded = runFixture(spec, [['w.csv', bytes]], 'compact');
    const plain = runFixture(spec, [['w.csv', bytes]], 'float64');
    expect(isCoded(samplesOf(coded).inst)).toBe(true);
    expectSame(samplesOf(coded), samplesOf(plain), 'wide');
    expect(coded.report).toEqual(plain.report);
    expect(coded.report.filters.some((f) => f.count > 0)).toBe(true);
    expect(coded.report.skippedLines).toBe(1);
  });

  it('integer percents are held in at most 2 bytes a sample (PlanetLab: 1 byte)', async () => {
    for (const [what, files, request] of SHARED.slice(0, 2)) {
      const { samples } = await loadShared(files, request);
      const n = sampleCount(samples.inst);
      expect(isCoded(samples.inst), what).toBe(true);
      // Every typed array the dataset holds: codes, dictionary and task offsets.
      expect(samplesBytes(samples) / n, what).toBeLessThanOrEqual(2);
      expect(isCoded(samples.inst) && samples.inst.codes.BYTES_PER_ELEMENT, what).toBe(1);
    }
  });
});

/** A file in memory as a streaming input. */
function memoryInput(name: string, bytes: Uint8Array, role?: string): InputFile {
  return {
    name,
    size: bytes.length,
    role,
    open: async () =>
      new ReadableStream<Uint8Array>({
        start(c) {
          for (let i = 0; i < bytes.length; i += 1 << 16) c.enqueue(bytes.slice(i, i + (1 << 16)));
          c.close();
        },
      }),
  };
}

describe('the estimate with coded samples', () => {
  it('a wide CSV of integer percents: 1 byte a sample, at least what the load holds', async () => {
    const spec: LoadSpec = { format: 'wide', unit: 'percent', scale: 0.25 };
    const file = 'planetlab-cloudsim/planetlab_all_10_days.csv.gz';
    const e = await estimateLoad([await dataInput(file)], spec, 1000, DEFAULT_BUDGET_BYTES);
    const real = await loadDataset([await dataInput(file)], spec);
    if (real.kind !== 'samples') throw new Error('expected samples');
    expect(e!.bytesPerSample).toBe(1);
    expect(e!.storedBytes).toBeGreaterThanOrEqual(samplesBytes(real.samples));
    expect(e!.storedBytes).toBeLessThan(e!.samples * 8);
  });

  it('.npy and the compact format from their headers: exact tasks and samples, coded width', async () => {
    const real = await loadShared(...(SHARED[0].slice(1) as [string[], LoadRequest]));
    const s = real.samples;
    const n = taskCount(s.inst);
    const t = seriesAt(s.inst, 0).length;
    const flat = new Float64Array(n * t);
    for (let i = 0; i < n; i++) flat.set(seriesAt(s.inst, i), i * t);
    const npy = encodeNpy(flat, [n, t]);
    const spec: LoadSpec = { format: 'npy', scale: 1 };
    const e = await estimateLoad([memoryInput('inst.npy', npy, 'inst')], spec, 100, 2 ** 40);
    expect(e).toMatchObject({
      tasks: n,
      samples: n * t,
      bytesPerSample: 1,
      poolBytes: n * 100 * 4,
    });
    const loaded = await loadDataset([memoryInput('inst.npy', npy, 'inst')], spec);
    if (loaded.kind !== 'samples') throw new Error('expected samples');
    expect(e!.storedBytes).toBeGreaterThanOrEqual(samplesBytes(loaded.samples));

    const files = encodeCompact(s, real.report, {}, 'pl.npy');
    const inputs = [
      memoryInput('pl.json', new TextEncoder().encode(files.json), 'sidecar'),
      memoryInput('pl.npy', files.npy, 'samples'),
    ];
    const c = await estimateLoad(inputs, { format: 'compact' }, 100, 2 ** 40);
    expect(c).toMatchObject({ tasks: n, samples: n * t, bytesPerSample: 1 });
    const back = await loadDataset(inputs, { format: 'compact' });
    if (back.kind !== 'samples') throw new Error('expected samples');
    expect(c!.storedBytes).toBeGreaterThanOrEqual(samplesBytes(back.samples));
  });
});
