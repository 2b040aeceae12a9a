/**
 * Time-aligned matrices from every format with a time axis, checked instant by instant and task by
 * task against a straightforward reading of the same file (split lines, Number, a Map per task).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  alignSamples,
  createLoader,
  seriesAt,
  type AlignOptions,
  type LoadSpec,
  type RealizationMatrix,
  type TaskSamples,
} from '../engine/index.ts';
import { loadDataset } from './load.ts';
import { dataInput, naiveCsv } from './testing.ts';
import { fixture } from './traceFixtures.ts';

async function loadTimed(files: string[], spec: LoadSpec): Promise<TaskSamples> {
  const inputs = await Promise.all(files.map((f) => dataInput(f)));
  const r = await loadDataset(inputs, { ...spec, times: true });
  if (r.kind !== 'samples') throw new Error('expected samples');
  return r.samples;
}

function runTimed(spec: LoadSpec, files: [string, Uint8Array][]): TaskSamples {
  const loader = createLoader(spec, 'compact', { times: true });
  for (const [name, bytes] of files) {
    const sink = loader.file(name);
    sink.push(bytes);
    sink.end();
  }
  const r = loader.finish();
  if (r.kind !== 'samples') throw new Error('expected samples');
  return r.samples;
}

/** Per task, its value at each instant of the naive reading: {id → {instant → value}}. */
type Naive = Map<string, Map<number, number>>;

/** (id, seconds, value) rows bucketed to `step` from the earliest; the first of a bucket kept. */
function bucketed(rows: [string, number, number][], step: number): Naive {
  const origin = rows.reduce((m, r) => Math.min(m, r[1]), Infinity);
  const out: Naive = new Map();
  for (const [id, time, value] of rows) {
    const task = out.get(id) ?? new Map<number, number>();
    out.set(id, task);
    const k = Math.round((time - origin) / step);
    if (!task.has(k)) task.set(k, value);
  }
  return out;
}

/** Checks `m` (rows = ids) against the naive reading on the instants every task has (or all, 0). */
function expectAligned(
  ids: readonly string[],
  m: RealizationMatrix,
  naive: Naive,
  absent: 'drop' | 'zero',
  tolerance = 1e-6,
): void {
  expect([...ids].sort()).toEqual([...naive.keys()].sort());
  const all = new Set<number>();
  for (const task of naive.values()) for (const k of task.keys()) all.add(k);
  const last = Math.max(...all);
  const instants = Array.from({ length: last + 1 }, (_, k) => k).filter((k) =>
    absent === 'zero' ? true : ids.every((id) => naive.get(id)!.has(k)),
  );
  expect(m.cols).toBe(instants.length);
  let worst = 0;
  ids.forEach((id, i) =>
    instants.forEach((k, c) => {
      const want = naive.get(id)!.get(k) ?? 0;
      worst = Math.max(worst, Math.abs(m.data[i * m.cols + c] - want));
    }),
  );
  expect(worst).toBeLessThan(tolerance);
}

function wideNaive(rel: string, scale: number, idColumns: number): Naive {
  const rows = naiveCsv(rel).slice(1);
  return new Map(
    rows.map((r) => [
      r.slice(0, idColumns).join(':'),
      new Map(r.slice(idColumns).map((v, k) => [k, (Number(v) / 100) * scale])),
    ]),
  );
}

describe('aligned matrices equal a straightforward reading of the file', () => {
  it('wide CSV: the PlanetLab day, column t = sample t of every VM', async () => {
    const rel = 'planetlab-cloudsim/planetlab_20110303.csv';
    const s = await loadTimed([rel], { format: 'wide', unit: 'percent', scale: 0.25 });
    const a = alignSamples(s);
    expect(a.report.columns).toBe(288);
    // One day: the ids are "date:vm" and the VMs are the tasks.
    const naive = new Map([...wideNaive(rel, 0.25, 2)].map(([id, v]) => [id.slice(9), v]));
    expectAligned(a.ids, a.inst, naive, 'drop');
  });

  it('wide CSV: the GCD per-job series', async () => {
    const rel = 'google-2011-gcd-vms/gcd_vms_cpu_pct_wide.csv';
    const s = await loadTimed([rel], { format: 'wide', unit: 'percent', scale: 0.25 });
    const a = alignSamples(s);
    expectAligned(a.ids, a.inst, wideNaive(rel, 0.25, 1), 'drop');
  });

  it('wide CSV over ten days: a VM per task, day d sample k at instant 288·d + k', async () => {
    const rel = 'planetlab-cloudsim/planetlab_all_10_days.csv.gz';
    const s = await loadTimed([rel], { format: 'wide', unit: 'percent', scale: 0.25 });
    const a = alignSamples(s, { absent: 'zero' });
    const rows = naiveCsv(rel).slice(1);
    const days = [...new Set(rows.map((r) => r[0]))].sort();
    const naive: Naive = new Map();
    for (const r of rows) {
      const task = naive.get(r[1]) ?? new Map<number, number>();
      naive.set(r[1], task);
      const base = days.indexOf(r[0]) * 288;
      r.slice(2).forEach((v, k) => task.set(base + k, (Number(v) / 100) * 0.25));
    }
    expect(a.report.instants).toBe(2880);
    expectAligned(a.ids, a.inst, naive, 'zero');
    expect(a.report.zeroFilled).toBe(3596 * 2880 - rows.length * 288);
  });

  it('column-per-task CSV: Azure V1, row t = instant t', async () => {
    const rel = 'azure-v1-datacentersim/microsoft_max_100.csv.gz';
    const s = await loadTimed([rel], { format: 'columns', unit: 'percent', scale: 0.25 });
    const a = alignSamples(s);
    const rows = naiveCsv(rel);
    const naive: Naive = new Map(
      rows[0]
        .slice(1)
        .map((id, i) => [
          id,
          new Map(rows.slice(1).map((r, t) => [t, (Number(r[i + 1]) / 100) * 0.25])),
        ]),
    );
    expectAligned(a.ids, a.inst, naive, 'drop');
  });

  it('long CSV with timestamps: Bitbrains, bucketed to 300 s, well-covered VMs', async () => {
    const rel = 'bitbrains-rnd/rnd_2013-7_vms1-100_cpu_mem.csv.gz';
    const s = await loadTimed([rel], {
      format: 'long',
      idColumn: 'vm_id',
      valueColumn: 'cpu_usage_pct',
      scaleColumn: 'cpu_cores',
      timeColumn: 'timestamp_s',
      unit: 'percent',
      scale: 1 / 32,
      clamp: true,
    });
    const options: AlignOptions = { step: 300, minCoverage: 0.9 };
    const a = alignSamples(s, options);
    const rows = naiveCsv(rel).slice(1);
    const value = (r: string[]) => (Math.min(Number(r[5]), 100) / 100) * (Number(r[2]) / 32);
    const all = bucketed(
      rows.map((r) => [r[0], Number(r[1]), value(r)]),
      300,
    );
    const dropped = new Set(a.report.tasksDropped.map((d) => d.id));
    expect([...dropped].sort()).toEqual(['14', '82']);
    const naive = new Map([...all].filter(([id]) => !dropped.has(id)));
    expectAligned(a.ids, a.inst, naive, 'drop');
    expect(a.report.merged).toBeGreaterThan(0);
  });

  it('Prometheus query_range JSON, bucketed to its step', () => {
    const bytes = fixture('prometheus/query_range.json');
    const s = runTimed({ format: 'prometheus', unit: 'cores', capacity: 8, idLabel: 'container' }, [
      ['q.json', bytes],
    ]);
    // The fixture's VMs ran at different times: absent instants count 0 here.
    const a = alignSamples(s, { absent: 'zero' });
    expect(a.report.step).toBe(300);
    const doc = JSON.parse(new TextDecoder().decode(bytes)) as {
      data: { result: { metric: { container: string }; values: [number, string][] }[] };
    };
    const rows: [string, number, number][] = doc.data.result.flatMap((series) =>
      series.values.map(
        ([t, v]) => [series.metric.container, t, Number(v) / 8] as [string, number, number],
      ),
    );
    expectAligned(a.ids, a.inst, bucketed(rows, 300), 'zero');
    expect(() => alignSamples(s)).toThrow(/no instant where all 3 tasks have a sample/);
  });

  it('Google task_usage: 5-minute windows, a task absent from a window counts 0', async () => {
    const rel = 'google-2011-task-usage/task_usage_slice_6tasks_17intervals.csv';
    const s = await loadTimed([rel], {
      format: 'google',
      filters: { minRecords: 1, dropAllZeroInst: false },
    });
    const a = alignSamples(s, { step: 300, absent: 'zero' });
    const rows = naiveCsv(rel).filter((r) => /^\d/.test(r[0]));
    const naive = bucketed(
      rows.map((r) => [`${r[2]}:${r[3]}`, Number(r[0]) / 1e6, Number(r[19])]),
      300,
    );
    expectAligned(a.ids, a.inst, naive, 'zero');
  });

  it('Alibaba, Azure V2, Google 2019: the loaders keep each sample’s timestamp from the file', () => {
    const cases: [LoadSpec, [string, Uint8Array][], (r: string[]) => [string, number] | null][] = [
      [
        { format: 'alibaba' },
        [
          ['container_usage.csv', fixture('alibaba/container_usage.csv')],
          ['container_meta.csv', fixture('alibaba/container_meta.csv')],
          ['machine_meta.csv', fixture('alibaba/machine_meta.csv')],
        ],
        (r) => [r[0], Number(r[2])],
      ],
      [
        { format: 'azure2' },
        [
          [
            'vm_cpu_readings-file-1-of-195.csv',
            fixture('azure2/vm_cpu_readings-file-1-of-195.csv.gz'),
          ],
          ['vmtable.csv', fixture('azure2/vmtable.csv')],
        ],
        (r) => [r[1], Number(r[0])],
      ],
      [
        { format: 'google2019' },
        [['instance_usage.csv', fixture('google2019/instance_usage.csv')]],
        (r) => (/^\d/.test(r[0]) ? [`${r[2]}:${r[3]}`, Number(r[0]) / 1e6] : null),
      ],
    ];
    for (const [spec, files, read] of cases) {
      const s = runTimed(spec, files);
      const text = new TextDecoder().decode(files[0][1]);
      const byTask = new Map<string, number[]>();
      for (const line of text.split('\n')) {
        const got = line.trim() === '' ? null : read(line.split(','));
        if (!got || Number.isNaN(got[1])) continue;
        byTask.set(got[0], [...(byTask.get(got[0]) ?? []), got[1]]);
      }
      expect(s.times, spec.format).toBeDefined();
      s.ids.forEach((id, i) => {
        const want = byTask.get(id);
        expect(want, `${spec.format} ${id}`).toBeDefined();
        expect(Array.from(s.times![i]), `${spec.format} ${id}`).toEqual(want);
        expect(seriesAt(s.inst, i).length).toBe(want!.length);
      });
      const a = alignSamples(s, { absent: 'zero', step: 300 });
      expect(a.inst.rows, spec.format).toBe(s.ids.length);
    }
  });
});

describe('bad input to alignment says what and where', () => {
  const timed = (times: number[][]): TaskSamples => ({
    ids: times.map((_, i) => `t${i}`),
    inst: times.map((t) => Float64Array.from(t, () => 0.1)),
    times: times.map((t) => Float64Array.from(t)),
  });

  it('different steps in one load', () => {
    expect(() =>
      alignSamples(
        timed([
          [0, 300, 600, 900],
          [0, 60, 120, 180],
          [0, 300, 600, 900],
        ]),
      ),
    ).toThrow(
      /different sampling steps in one load: task t1 is sampled every 60 s, most tasks every 300 s/,
    );
  });

  it("the inferred step is the median of the tasks' median steps", () => {
    const sortedMedian = (v: number[]) => {
      const s = [...v].sort((a, b) => a - b);
      const n = s.length;
      return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    };
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: 280, max: 320 }), { minLength: 1, maxLength: 30 }), {
          minLength: 1,
          maxLength: 6,
        }),
        (gaps) => {
          const times = gaps.map((g) => g.reduce((t, d) => [...t, t[t.length - 1] + d], [0]));
          const perTask = gaps.map((g) => sortedMedian(g));
          const a = alignSamples(timed(times), { absent: 'zero' });
          expect(a.report.step).toBe(sortedMedian(perTask));
        },
      ),
    );
  });

  it('no overlapping timestamps: how much overlaps', () => {
    expect(() =>
      alignSamples(
        timed([
          [0, 300, 600],
          [900, 1200, 1500],
        ]),
      ),
    ).toThrow(/no instant where all 2 tasks have a sample: their spans overlap on 0 of 6 instants/);
  });

  it('timestamps loaded without the option are dropped', () => {
    const loader = createLoader({ format: 'prometheus', unit: 'cores', capacity: 8 });
    const sink = loader.file('q.json');
    sink.push(fixture('prometheus/query_range.json'));
    sink.end();
    const r = loader.finish();
    expect(r.kind === 'samples' && r.samples.times).toBeFalsy();
  });
});
