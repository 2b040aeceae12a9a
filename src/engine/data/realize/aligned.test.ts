/**
 * alignSamples on timestamped series (random ones, and a small long CSV read by the loader) against
 * a reading of the rules as they are written in aligned.ts's comment, one task and one instant at a
 * time: which tasks stay, which instants become columns, each value of inst and avg (absent as 0),
 * each task's span of own samples and every field of the report.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../random/rng.ts';
import { alignSamples, type AbsentPolicy, type AlignReport, type AlignedData } from './aligned.ts';
import { createLoader } from '../load/loader.ts';
import type { TaskSamples } from '../samples/samples.ts';

function randomSamples(seed: number, tasks: number, instants: number): TaskSamples {
  const rng = new Rng(seed);
  const step = 300;
  const origin = 1_000_000;
  const ids: string[] = [];
  const inst: Float64Array[] = [];
  const avg: Float64Array[] = [];
  const times: Float64Array[] = [];
  for (let i = 0; i < tasks; i++) {
    const keepShare = rng.nextFloat() < 0.3 ? 0.4 : 0.97;
    const v: number[] = [];
    const t: number[] = [];
    // Task 0 always has the first and the last instant, so the grid is fixed.
    for (let k = 0; k < instants; k++) {
      if (i > 0 && rng.nextFloat() > keepShare) continue;
      const jitter = (rng.nextFloat() - 0.5) * 0.6 * step;
      t.push(origin + k * step + (i === 0 ? 0 : jitter));
      v.push(Math.round(rng.nextFloat() * 1000) / 1000);
      if (rng.nextFloat() < 0.02) {
        t.push(origin + k * step + 0.1 * step);
        v.push(7);
      }
    }
    // Some tasks' samples out of time order: the range is then not that of the ends.
    if (rng.nextFloat() < 0.15) [t, v].forEach((a) => a.reverse());
    ids.push(`task-${i}`);
    inst.push(Float64Array.from(v));
    avg.push(Float64Array.from(v, (x, k) => x / 2 + k));
    times.push(Float64Array.from(t));
  }
  return { ids, inst, avg, times };
}

/** The rules, read one sample at a time: instant round((t − origin)/step), the first sample kept. */
function naive(s: TaskSamples, step: number, absent: AbsentPolicy, minCoverage: number) {
  const times = s.times!;
  const origin = Math.min(...times.map((t) => Math.min(...t)));
  const last = Math.max(...times.map((t) => Math.max(...t)));
  const instants = Math.round((last - origin) / step) + 1;
  let merged = 0;
  const onGrid = (series: Float64Array[], count: boolean) =>
    series.map((v, i) => {
      const at = new Map<number, number>();
      v.forEach((x, k) => {
        const slot = Math.round((times[i][k] - origin) / step);
        if (!at.has(slot)) at.set(slot, x);
        else if (count) merged++;
      });
      return at;
    });
  const grids = onGrid(s.inst as Float64Array[], true);
  const avgGrids = s.avg ? onGrid(s.avg as Float64Array[], false) : null;
  const coverageOf = grids.map((g) => g.size / instants);
  const kept = grids.map((_, i) => i).filter((i) => coverageOf[i] >= minCoverage);
  const columns: number[] = [];
  let absentSamples = 0;
  let zeroFilled = 0;
  for (let t = 0; t < instants; t++) {
    const missing = kept.filter((i) => !grids[i].has(t)).length;
    absentSamples += missing;
    if (absent === 'zero' || missing === 0) columns.push(t);
    if (absent === 'zero') zeroFilled += missing;
  }
  const rows = (g: Map<number, number>[]) =>
    kept.map((i) => columns.map((t) => Math.fround(g[i].get(t) ?? 0)));
  const spans = kept.flatMap((i) => {
    const own = columns.map((t, c) => (grids[i].has(t) ? c : -1)).filter((c) => c >= 0);
    return own.length ? [own[0], own[own.length - 1]] : [-1, -1];
  });
  const ids = kept.map((i) => s.ids[i]);
  const dropped = s.ids.flatMap((id, i) =>
    kept.includes(i) ? [] : [{ id, coverage: coverageOf[i] }],
  );
  const least = kept.reduce((a, i) => (coverageOf[i] < coverageOf[a] ? i : a), kept[0]);
  const notes = [
    ...(columns.length < instants
      ? [
          `${instants - columns.length} of ${instants} instants dropped: some task has no sample there`,
        ]
      : []),
    ...(zeroFilled > 0
      ? [`${zeroFilled} absent samples counted as 0 (the task was not running)`]
      : []),
    ...(merged > 0
      ? [`${merged} samples shared an instant with an earlier one of their task`]
      : []),
    ...(dropped.length > 0
      ? [`${dropped.length} tasks left out, covering less than ${minCoverage}`]
      : []),
  ];
  const report: AlignReport = {
    axis: 'timestamps',
    step,
    absent,
    instants,
    columns: columns.length,
    tasksKept: kept.length,
    tasksDropped: dropped,
    tasksSparse: [],
    absentSamples,
    zeroFilled,
    merged,
    coverage: {
      min: coverageOf[least],
      minTask: s.ids[least],
      mean: kept.reduce((sum, i) => sum + coverageOf[i], 0) / kept.length,
    },
    notes,
  };
  return {
    ids,
    columns,
    values: rows(grids),
    avg: avgGrids && rows(avgGrids),
    spans,
    report,
  };
}

/** `a` equals the naive reading `want` in every field (the matrices value by value). */
function expectNaive(a: AlignedData, want: ReturnType<typeof naive>, step: number): void {
  const rows = (m: AlignedData['inst']) =>
    Array.from({ length: m.rows }, (_, r) =>
      Array.from(m.data.subarray(r * m.cols, (r + 1) * m.cols)),
    );
  expect(a.ids).toEqual(want.ids);
  expect(Array.from(a.instants)).toEqual(want.columns.map((t) => t * step));
  expect(rows(a.inst)).toEqual(want.values);
  expect(a.avg && rows(a.avg)).toEqual(want.avg);
  expect(Array.from(a.spans)).toEqual(want.spans);
  expect(a.report).toEqual(want.report);
}

describe('alignSamples against the rules read one sample at a time', () => {
  it('tasks, columns, inst and avg values, spans and the report, with either absent policy', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e6 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 2, max: 60 }),
        fc.constantFrom<AbsentPolicy>('drop', 'zero'),
        fc.constantFrom(0, 0.5, 0.9),
        (seed, tasks, instants, absent, minCoverage) => {
          const s = randomSamples(seed, tasks, instants);
          const want = naive(s, 300, absent, minCoverage);
          let a;
          try {
            a = alignSamples(s, { step: 300, absent, minCoverage });
          } catch (e) {
            // Only when no task is kept, or no instant is shared by every kept task.
            expect(want.ids.length * want.columns.length, String(e)).toBe(0);
            return;
          }
          expectNaive(a, want, 300);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a small long CSV with a gap, a merged sample, a task left out and an instant dropped', () => {
    // Buckets of 300 s from 1000 s: a covers 4 of 4 instants (1310 s falls in 1300 s's bucket,
    // merged), b misses instant 1 (3 of 4), c has only instant 3 (1 of 4, under 0.5).
    const csv =
      'vm_id,timestamp_s,cpu\n' +
      'a,1000,12.5\na,1300,25\na,1310,90\na,1600,37.5\na,1900,50\n' +
      'b,1000,62.5\nb,1600,75\nb,1900,87.5\n' +
      'c,1900,100\n';
    const loader = createLoader(
      {
        format: 'long',
        idColumn: 'vm_id',
        valueColumn: 'cpu',
        timeColumn: 'timestamp_s',
        unit: 'percent',
        scale: 1,
      },
      'float64',
      { times: true },
    );
    const sink = loader.file('small.csv');
    sink.push(new TextEncoder().encode(csv));
    sink.end();
    const loaded = loader.finish();
    if (loaded.kind !== 'samples') throw new Error('expected samples');
    const s = loaded.samples;
    const options = { step: 300, minCoverage: 0.5 };
    const drop = alignSamples(s, options);
    expectNaive(drop, naive(s, 300, 'drop', 0.5), 300);
    // The naive reading itself, by hand: instant 1 dropped (b has none), c left out.
    expect(drop.ids).toEqual(['a', 'b']);
    expect(Array.from(drop.inst.data)).toEqual([0.125, 0.375, 0.5, 0.625, 0.75, 0.875]);
    expect(drop.report.notes).toEqual([
      '1 of 4 instants dropped: some task has no sample there',
      '1 samples shared an instant with an earlier one of their task',
      '1 tasks left out, covering less than 0.5',
    ]);
    expect(drop.report.tasksDropped).toEqual([{ id: 'c', coverage: 0.25 }]);
    expect(drop.report.coverage).toEqual({ min: 0.75, minTask: 'b', mean: 0.875 });
    const zero = alignSamples(s, { ...options, absent: 'zero' });
    expectNaive(zero, naive(s, 300, 'zero', 0.5), 300);
    expect(Array.from(zero.inst.data)).toEqual([0.125, 0.25, 0.375, 0.5, 0.625, 0, 0.75, 0.875]);
    expect(Array.from(zero.spans)).toEqual([0, 3, 0, 3]);
    expect(zero.report.zeroFilled).toBe(1);
    // c kept, 0 where it has no sample; the instants are those where a and b both have one.
    const sparse = alignSamples(s, { ...options, belowCoverage: 'zero' });
    expect(sparse.ids).toEqual(['a', 'b', 'c']);
    expect(Array.from(sparse.inst.data)).toEqual([0.125, 0.375, 0.5, 0.625, 0.75, 0.875, 0, 0, 1]);
    expect(sparse.report.tasksDropped).toEqual([]);
    expect(sparse.report.tasksSparse).toEqual([{ id: 'c', coverage: 0.25 }]);
    expect(sparse.report.columns).toBe(3);
    expect(sparse.report.zeroFilled).toBe(2);
  });
});
