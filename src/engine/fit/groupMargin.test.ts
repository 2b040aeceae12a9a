import { describe, expect, it } from 'vitest';
import { capacityLimit } from '../capacity.ts';
import { matrixOfRows } from '../testing.ts';
import { matrixFrom, type RealizationMatrix } from '../matrix.ts';
import { Rng, streamKey } from '../random/rng.ts';
import { CORRELATED_WEEK, correlatedWeek } from '../synthetic/correlatedWeek.ts';
import { packAligned } from '../replay/tuneAligned.ts';
import { sliceColumns } from '../replay/timeSplit.ts';
import { TaskStats } from '../stats/taskStats.ts';
import { identityRows } from '../workload.ts';
import { ALIGNED_FAMILIES, FAMILIES } from '../tune/families.ts';
import { fitEntries, fitTest, formatFit, parseFit } from './index.ts';
import type { FitSpec, MachineSums } from './fitTest.ts';
import { registerGroupMargin, taskGroups } from './groupMargin.ts';

registerGroupMargin();

const SUMS: MachineSums = { load: new Float64Array(8), variance: new Float64Array(8) };
const C = capacityLimit(1);
const spec = (k: number, threshold = 0.8, rho = 0.25) =>
  ({ kind: 'grpm', k, threshold, rho }) as FitSpec;

function groupsOf(m: RealizationMatrix, threshold: number) {
  return taskGroups(new TaskStats(m, 0, m.cols), identityRows(m.rows), threshold);
}

/** Coefficient of variation of the summed rows, computed plainly. */
function variationByHand(rows: number[][]): number {
  const total = rows[0].map((_, t) => rows.reduce((s, r) => s + Math.fround(r[t]), 0));
  const mean = total.reduce((s, v) => s + v, 0) / total.length;
  const sd = Math.sqrt(total.reduce((s, v) => s + (v - mean) ** 2, 0) / total.length);
  return sd / mean;
}

describe('grpm(k, r, ρ): the empirical test with a margin per group of correlated tasks', () => {
  // Two bursty tasks that rise together, two quiet ones that move together, and a flat task.
  const burstyA = [0.1, 0.1, 0.4, 0.1, 0.1, 0.1, 0.4, 0.1];
  const burstyB = [0.05, 0.05, 0.3, 0.05, 0.05, 0.06, 0.3, 0.05];
  const quietA = [0.2, 0.22, 0.2, 0.22, 0.2, 0.22, 0.2, 0.22];
  const quietB = [0.1, 0.12, 0.1, 0.12, 0.1, 0.12, 0.1, 0.12];
  const flat = [0.15, 0.15, 0.15, 0.15, 0.15, 0.15, 0.15, 0.15];
  const rows = [burstyA, quietA, burstyB, flat, quietB];

  it('groups tasks by correlation with a group’s total, and reads each group’s spread over mean', () => {
    const g = groupsOf(matrixOfRows(rows), 0.8);
    expect(Array.from(g.group)).toEqual([0, 1, 0, 2, 1]);
    expect(g.variation[0]).toBeCloseTo(variationByHand([burstyA, burstyB]), 9);
    expect(g.variation[1]).toBeCloseTo(variationByHand([quietA, quietB]), 9);
    expect(g.variation[2]).toBe(0);
    // At 1 only the quiet pair (one the other shifted) still shares; at −1 all but the flat task.
    expect(Array.from(groupsOf(matrixOfRows(rows), 1).group)).toEqual([0, 1, 2, 3, 1]);
    expect(Array.from(groupsOf(matrixOfRows(rows), -1).group)).toEqual([0, 0, 0, 1, 0]);
  });

  it('charges the bursty group its margin and the quiet one little', () => {
    const m = matrixOfRows(rows);
    const stats = new TaskStats(m, 0, m.cols);
    stats.ensureMoments(identityRows(m.rows));
    const sizes = fitTest(spec(2)).sizes(stats, identityRows(m.rows));
    const ratio = (r: number) => sizes.size[r] / stats.mean[r];
    const g = groupsOf(m, 0.8);
    expect(ratio(0)).toBeCloseTo(1 + 2 * g.variation[0], 6);
    expect(ratio(1)).toBeCloseTo(1 + 2 * g.variation[1], 6);
    expect(ratio(3)).toBe(1);
    expect(ratio(0)).toBeGreaterThan(2);
    expect(ratio(1)).toBeLessThan(1.2);
  });

  it('counts the instants where the scaled total exceeds c, as a plain computation does', () => {
    const rng = new Rng(streamKey(5, 'synthetic', 1));
    for (let trial = 0; trial < 20; trial++) {
      const n = 6;
      const cols = 24;
      const base = Array.from({ length: cols }, () => rng.nextFloat());
      const data = Array.from({ length: n }, (_, i) =>
        Array.from({ length: cols }, (_, t) =>
          i % 2 === 0 ? 0.2 * base[t] + 0.05 * rng.nextFloat() : 0.25 * rng.nextFloat(),
        ),
      );
      const m = matrixOfRows(data);
      const k = 3 * rng.nextFloat();
      const { group, variation } = groupsOf(m, 0.6);
      const scale = (i: number) => 1 + k * variation[group[i]];
      const stats = new TaskStats(m, 0, cols);
      const state = fitTest(spec(k, 0.6)).sizes(stats, identityRows(n)).machineState!(SUMS, 1);
      state.open(0, 0);
      for (let i = 1; i < n - 1; i++) state.add(0, i);
      let over = 0;
      for (let t = 0; t < cols; t++) {
        let total = 0;
        for (let i = 0; i < n; i++) total += scale(i) * data[i][t];
        if (total > C) over++;
      }
      expect(state.slack(0, n - 1)).toBeCloseTo(0.25 - over / cols, 12);
      expect(Math.sign(state.quickSlack!(0, n - 1))).toBe(Math.sign(0.25 - over / cols));
    }
  });

  it('packs as the empirical test at k = 0, and takes more machines as k grows', () => {
    const u = correlatedWeek({ ...CORRELATED_WEEK, tasks: 60, days: 2, seed: 3 }).usage;
    const m = matrixFrom(
      u.rows,
      u.cols,
      Float32Array.from(u.data, (v) => v * 4),
    );
    const learn = sliceColumns(m, { start: 0, end: 288 });
    const pack = { packer: 'bf', capacity: 1, rebalance: 5 } as const;
    const emp = packAligned(learn, { kind: 'emp', rho: 0.01 }, pack);
    const flat = packAligned(learn, spec(0, 0.8, 0.01), pack);
    expect(flat.map((a) => Array.from(a))).toEqual(emp.map((a) => Array.from(a)));
    expect(packAligned(learn, spec(1, 0.8, 0.01), pack).length).toBeGreaterThan(emp.length);
  });

  it('is registered once, with its notation, defaults, ranges and tuning', () => {
    expect(parseFit('grpm:0.5')).toEqual({ kind: 'grpm', k: 0.5, threshold: 0.8, rho: 0.01 });
    expect(formatFit(parseFit('grpm:0.5:0.6'))).toBe('grpm:0.5:0.6');
    expect(() => parseFit('grpm:0.5:2')).toThrow(/group correlation/);
    registerGroupMargin();
    expect(fitEntries().filter((e) => e.kind === 'grpm')).toHaveLength(1);
    expect(() => parseFit('grpm:-1')).toThrow(/group margin scale/);
    expect(FAMILIES).toContain('grpm');
    // Measured, not wired: its knob known ex post does not reach the goal (docs/advice.md).
    expect(ALIGNED_FAMILIES).not.toContain('grpm');
  });
});
