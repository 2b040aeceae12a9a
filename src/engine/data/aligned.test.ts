/**
 * alignSamples on random timestamped series against a reading of the rules as they are written in
 * aligned.ts's comment, one task and one instant at a time: which tasks stay, which instants become
 * columns, each value (absent as 0), each task's span of own samples and the report's counts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from '../random/rng.ts';
import { alignSamples, type AbsentPolicy } from './aligned.ts';
import type { TaskSamples } from './samples.ts';

function randomSamples(seed: number, tasks: number, instants: number): TaskSamples {
  const rng = new Rng(seed);
  const step = 300;
  const origin = 1_000_000;
  const ids: string[] = [];
  const inst: Float64Array[] = [];
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
    ids.push(`task-${i}`);
    inst.push(Float64Array.from(v));
    times.push(Float64Array.from(t));
  }
  return { ids, inst, times };
}

/** The rules, read one sample at a time: instant round((t − origin)/step), the first sample kept. */
function naive(s: TaskSamples, absent: AbsentPolicy, minCoverage: number) {
  const times = s.times!;
  const series = s.inst as Float64Array[];
  const origin = Math.min(...times.map((t) => Math.min(...t)));
  const last = Math.max(...times.map((t) => Math.max(...t)));
  const step = 300;
  const instants = Math.round((last - origin) / step) + 1;
  let merged = 0;
  const grids = series.map((v, i) => {
    const at = new Map<number, number>();
    v.forEach((x, k) => {
      const slot = Math.round((times[i][k] - origin) / step);
      if (at.has(slot)) merged++;
      else at.set(slot, x);
    });
    return at;
  });
  const kept = grids.map((_, i) => i).filter((i) => grids[i].size / instants >= minCoverage);
  const columns: number[] = [];
  for (let t = 0; t < instants; t++) {
    const present = kept.filter((i) => grids[i].has(t)).length;
    if (absent === 'zero' || present === kept.length) columns.push(t);
  }
  const values = kept.map((i) => columns.map((t) => grids[i].get(t) ?? 0));
  const spans = kept.flatMap((i) => {
    const own = columns.map((t, c) => (grids[i].has(t) ? c : -1)).filter((c) => c >= 0);
    return own.length ? [own[0], own[own.length - 1]] : [-1, -1];
  });
  let absentSamples = 0;
  for (const i of kept) absentSamples += instants - grids[i].size;
  return {
    ids: kept.map((i) => s.ids[i]),
    dropped: s.ids.filter((_, i) => !kept.includes(i)),
    columns,
    values,
    spans,
    absentSamples,
    merged,
  };
}

describe('alignSamples against the rules read one sample at a time', () => {
  it('tasks, columns, values, spans and the report, with either absent policy', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e6 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 2, max: 60 }),
        fc.constantFrom<AbsentPolicy>('drop', 'zero'),
        fc.constantFrom(0, 0.5, 0.9),
        (seed, tasks, instants, absent, minCoverage) => {
          const s = randomSamples(seed, tasks, instants);
          const want = naive(s, absent, minCoverage);
          let a;
          try {
            a = alignSamples(s, { step: 300, absent, minCoverage });
          } catch (e) {
            // Only when no task is kept, or no instant is shared by every kept task.
            expect(want.ids.length * want.columns.length, String(e)).toBe(0);
            return;
          }
          const { cols, data } = a.inst;
          expect(a.ids).toEqual(want.ids);
          expect(a.report.tasksDropped.map((d) => d.id)).toEqual(want.dropped);
          expect(Array.from(a.instants)).toEqual(want.columns.map((t) => t * 300));
          want.values.forEach((row, r) =>
            expect(Array.from(data.subarray(r * cols, (r + 1) * cols))).toEqual(
              row.map((v) => Math.fround(v)),
            ),
          );
          expect(Array.from(a.spans)).toEqual(want.spans);
          expect(a.report.absentSamples).toBe(want.absentSamples);
          expect(a.report.merged).toBe(want.merged);
        },
      ),
      { numRuns: 300 },
    );
  });
});
