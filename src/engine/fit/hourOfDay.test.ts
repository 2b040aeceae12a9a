import { describe, expect, it } from 'vitest';
import { capacityLimit } from '../capacity.ts';
import { matrixOfRows } from '../testing.ts';
import type { RealizationMatrix } from '../matrix.ts';
import { TaskStats } from '../stats/taskStats.ts';
import { identityRows } from '../workload.ts';
import { FAMILIES, ALIGNED_FAMILIES } from '../tune/families.ts';
import { fitTest, formatFit, parseFit } from './index.ts';
import { fitEntry } from './registry.ts';
import type { FitSpec, MachineSums } from './fitTest.ts';
import { hourBins } from './hourOfDay.ts';

const SUMS: MachineSums = { load: new Float64Array(8), variance: new Float64Array(8) };
// Four instants a day, six hours apart; bins of twelve hours: columns 0–1 and 2–3 of each day.
const STEP = 21_600;
const HALF_DAY = 720;
/** Capacity 1 as every fit test compares against it (its rounding tolerance included). */
const C = capacityLimit(1);

/** The last row's slack on a machine holding the others (observed from column `start`). */
function slackOf(m: RealizationMatrix, n: number, start = 0): number {
  const stats = new TaskStats(m, start, m.cols);
  const spec = { kind: 'hod', n, binMinutes: HALF_DAY, step: STEP } as FitSpec;
  const state = fitTest(spec).sizes(stats, identityRows(m.rows)).machineState!(SUMS, 1);
  const last = m.rows - 1;
  if (last === 0) return state.slack(-1, 0);
  state.open(0, 0);
  for (let k = 1; k < last; k++) state.add(0, k);
  return state.slack(0, last);
}

/** The same room computed plainly: the total's values grouped by half-day, means, pooled spread. */
function roomByHand(rows: number[][], n: number, start = 0): number {
  const total = rows[0].map((_, t) => rows.reduce((s, r) => s + r[t], 0)).slice(start);
  const groups = new Map<number, number[]>();
  total.forEach((v, k) => {
    const hour = (((start + k) * STEP) / 3600) % 24;
    const bin = hour < 12 ? 0 : 1;
    groups.set(bin, [...(groups.get(bin) ?? []), v]);
  });
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  let squares = 0;
  for (const xs of groups.values()) for (const x of xs) squares += (x - mean(xs)) ** 2;
  const sd = Math.sqrt(squares / total.length);
  return Math.min(...[...groups.values()].map((xs) => C - (mean(xs) + n * sd)));
}

describe('hod(N, w, Δ): a daily profile plus N·sd of the machine total', () => {
  // A morning task and an evening task, two days: the total is 0.6 in every bin on average.
  const morning = [0.5, 0.5, 0.1, 0.1, 0.6, 0.4, 0.1, 0.1];
  const evening = [0.1, 0.1, 0.5, 0.5, 0.1, 0.1, 0.4, 0.6];

  it('bins columns by their time of day from the history’s origin', () => {
    expect(Array.from(hourBins(0, 9, HALF_DAY, STEP).binOf)).toEqual([0, 0, 1, 1, 0, 0, 1, 1, 0]);
    expect(Array.from(hourBins(3, 3, HALF_DAY, STEP).binOf)).toEqual([1, 0, 0]);
    const hourly = hourBins(0, 2 * 288, 60, 300);
    expect(hourly.bins).toBe(24);
    expect(hourly.binOf[11]).toBe(0);
    expect(hourly.binOf[12]).toBe(1);
    expect(hourly.binOf[287]).toBe(23);
    expect(hourly.binOf[288]).toBe(0);
  });

  it('reads per-bin means and the pooled spread about them, as a plain computation does', () => {
    const rows = [morning, evening];
    for (const n of [0, 1, 2.5]) {
      expect(slackOf(matrixOfRows(rows), n)).toBeCloseTo(roomByHand(rows, n), 6);
      expect(slackOf(matrixOfRows(rows), n, 3)).toBeCloseTo(roomByHand(rows, n, 3), 6);
    }
    // By hand: bin means 0.6 and 0.6, residuals ±0.1 on four of eight columns: sd √0.005.
    expect(slackOf(matrixOfRows(rows), 2)).toBeCloseTo(C - 0.6 - 2 * Math.sqrt(0.005), 6);
    const third = [0.2, 0.3, 0.1, 0.4, 0.2, 0.1, 0.3, 0.3];
    const three = [morning, evening, third];
    expect(slackOf(matrixOfRows(three), 1.5)).toBeCloseTo(roomByHand(three, 1.5), 6);
    expect(slackOf(matrixOfRows([third]), 1.5)).toBeCloseTo(roomByHand([third], 1.5), 6);
  });

  it('lets tasks peaking at different hours share a machine where N-sigma refuses', () => {
    const swing = [0.8, 0.8, 0.1, 0.1, 0.8, 0.8, 0.1, 0.1];
    const flat = [0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1];
    // Total 0.9 every morning, 0.2 every evening: no spread about the profile.
    expect(slackOf(matrixOfRows([swing, flat]), 3)).toBeCloseTo(C - 0.9, 6);
    const nsig = fitTest({ kind: 'nsig', n: 3 } as FitSpec);
    const stats = new TaskStats(matrixOfRows([swing, flat]), 0, 8);
    const state = nsig.sizes(stats, [0, 1]).machineState!(SUMS, 1);
    state.open(0, 0);
    expect(state.slack(0, 1)).toBeLessThan(0);
    // The same swing twice on one machine peaks at 1.6 every morning.
    expect(slackOf(matrixOfRows([swing, swing]), 0)).toBeLessThan(0);
  });

  it('is one registry line: its notation, its defaults and its tuning', () => {
    expect(parseFit('hod:4')).toEqual({ kind: 'hod', n: 4, binMinutes: 60, step: 300 });
    expect(formatFit(parseFit('hod:4:120'))).toBe('hod:4:120');
    expect(() => parseFit('hod:4:0')).toThrow(/bin width/);
    expect(fitEntry('hod')?.group).toBe('correlation-aware');
    expect(FAMILIES).toContain('hod');
    // Measured, not wired: its knob known ex post does not beat the aligned families' (advice.md).
    expect(ALIGNED_FAMILIES).not.toContain('hod');
  });
});
