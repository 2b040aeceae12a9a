import { describe, expect, it } from 'vitest';
import { alignSamples } from '../data/realize/aligned.ts';
import { parseWideCsv } from '../data/readers/wide.ts';
import { driftAlarm } from '../replay/drift.ts';
import { sliceColumns } from '../replay/timeSplit.ts';
import type { RealizationMatrix } from '../matrix.ts';
import {
  CORRELATED_WEEK,
  correlatedWeek,
  correlatedWeekCsv,
  type CorrelatedWeekParams,
} from './correlatedWeek.ts';

const PER_DAY = 288;
const week = (p: Partial<CorrelatedWeekParams>) => correlatedWeek({ ...CORRELATED_WEEK, ...p });

function total(m: RealizationMatrix, start: number, end: number): Float64Array {
  const out = new Float64Array(end - start);
  for (let i = 0; i < m.rows; i++)
    for (let t = start; t < end; t++) out[t - start] += m.data[i * m.cols + t];
  return out;
}

function correlation(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = a.length;
  let ma = 0;
  let mb = 0;
  for (let t = 0; t < n; t++) [ma, mb] = [ma + a[t] / n, mb + b[t] / n];
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let t = 0; t < n; t++) {
    ab += (a[t] - ma) * (b[t] - mb);
    aa += (a[t] - ma) ** 2;
    bb += (b[t] - mb) ** 2;
  }
  return ab / Math.sqrt(aa * bb);
}

const row = (m: RealizationMatrix, i: number) => m.data.subarray(i * m.cols, (i + 1) * m.cols);
const split = (m: RealizationMatrix) => ({
  learn: sliceColumns(m, { start: 0, end: 5 * PER_DAY }),
  judge: sliceColumns(m, { start: 5 * PER_DAY, end: m.cols }),
});

describe('the correlated-week generator', () => {
  it('is seeded, and a task does not depend on how many are drawn', () => {
    const a = week({ tasks: 40 });
    const b = week({ tasks: 60 });
    expect(a.usage.cols).toBe(7 * PER_DAY);
    expect(Array.from(row(a.usage, 17))).toEqual(Array.from(row(b.usage, 17)));
    expect(a.ids[17]).toBe(b.ids[17]);
    expect(Array.from(row(week({ tasks: 40, seed: 2 }).usage, 17))).not.toEqual(
      Array.from(row(a.usage, 17)),
    );
  });

  it('moves a group’s tasks together, more than tasks of different groups', () => {
    const w = week({ tasks: 64, groups: 8 });
    let within = 0;
    let across = 0;
    for (let i = 0; i < 8; i++) {
      within += correlation(row(w.usage, i), row(w.usage, i + 8)) / 8;
      across += correlation(row(w.usage, i), row(w.usage, ((i + 4) % 8) + 8)) / 8;
    }
    expect(within).toBeGreaterThan(0.5);
    expect(within).toBeGreaterThan(across + 0.3);
  });

  it('lines the peaks up on the chosen days: the cluster peaks higher there', () => {
    const w = week({ tasks: 200, alignedDays: [5, 6], bursts: 0 });
    const peak = (d: number) => Math.max(...total(w.usage, d * PER_DAY, (d + 1) * PER_DAY));
    const ordinary = Math.max(...[0, 1, 2, 3, 4].map(peak));
    expect(Math.min(peak(5), peak(6))).toBeGreaterThan(1.2 * ordinary);
  });

  it('a level shift fires the drift alarm; the stationary week stays quiet', () => {
    for (const seed of [1, 2, 3]) {
      const quiet = split(week({ seed }).usage);
      expect(driftAlarm(quiet.learn, quiet.judge, 300).fired).toBe(false);
      const shifted = split(week({ seed, shiftDay: 5, shiftShare: 1, shiftSize: 0.3 }).usage);
      const d = driftAlarm(shifted.learn, shifted.judge, 300);
      expect(d.fired).toBe(true);
      expect(d.reasons).toContain('level');
    }
  });

  it('draws the days after again for the same past: days 1–5 equal, days 6–7 differ', () => {
    const base = week({ seed: 3, tasks: 40 }).usage;
    const again = (seed: number) => week({ seed: 3, tasks: 40, redraw: { fromDay: 5, seed } });
    const a = again(1).usage;
    expect(Array.from(a.data)).toEqual(Array.from(again(1).usage.data));
    const from = 5 * PER_DAY + 1;
    let movedRows = 0;
    for (let i = 0; i < base.rows; i++) {
      const r0 = row(base, i);
      const r1 = row(a, i);
      expect(Array.from(r1.subarray(0, from))).toEqual(Array.from(r0.subarray(0, from)));
      const later0 = r0.subarray(from);
      const later1 = r1.subarray(from);
      if (later1.some((v, t) => v !== later0[t])) movedRows++;
    }
    expect(movedRows).toBe(base.rows);
    const b = again(2).usage;
    expect(Array.from(b.data.subarray(from))).not.toEqual(Array.from(a.data.subarray(from)));
    // Same curves and levels: the redrawn days' totals follow the original days' daily shape.
    const t0 = total(base, from, base.cols);
    const t1 = total(a, from, a.cols);
    expect(correlation(t0, t1)).toBeGreaterThan(0.5);
  });

  it('reads back from its wide CSV as the same matrix (percent, to 1e-6 of a machine)', () => {
    const w = week({ tasks: 12, days: 2 });
    const samples = parseWideCsv(new TextEncoder().encode(correlatedWeekCsv(w)), 'week.csv', {
      scale: 1,
      percent: true,
    });
    const a = alignSamples(samples);
    expect(a.ids).toEqual(w.ids);
    expect(a.inst.cols).toBe(w.usage.cols);
    for (let k = 0; k < w.usage.data.length; k += 37)
      expect(Math.abs(a.inst.data[k] - w.usage.data[k])).toBeLessThan(1e-6);
  });
});
