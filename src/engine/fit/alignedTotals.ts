/**
 * Per-machine aligned totals for the fit tests that read what tasks do together (`cov`, `peak`):
 * machine j's total S_j[t] over the observed columns t ∈ O, with Σ_t S_j[t] and Σ_t S_j[t]², kept as
 * tasks come and go, so that a check against a task x is one pass over O: the mean and population
 * variance of S_j + x follow from Σ S, Σ S², Σ x, Σ x² and Σ S·x. On a time-aligned matrix (column t
 * one instant for every task) var(S_j + x) = Σ σᵢ² + 2 Σ cov(i, k) over the machine's tasks and x,
 * with the covariances observed; on independent draws the covariances are sampling noise around 0.
 * `screen` decides most checks that fail without the whole pass (`alignedBlocks.ts`); the machine's
 * block sketch is kept in the pass that adds a task, not recomputed per check.
 */
import type { TaskStats } from '../stats/taskStats.ts';
import {
  BLOCK,
  blockCount,
  crossAt,
  putBlock,
  rowSums,
  suffixBounds,
  totalVariance,
  type ScreenCounts,
} from './alignedBlocks.ts';

export type { ScreenCounts } from './alignedBlocks.ts';
import { bestFitChoice, choiceScratch, dotFrom, type ChoiceTest } from './alignedChoice.ts';
import type { MachineState, TaskSizes } from './fitTest.ts';

/**
 * What `TotalsView.screen` asks of a test. `settle(mean, low, high)` gets the exact mean of S_j + x_t
 * and bounds low ≤ v ≤ high of the exact variance v (tightening block by block as the dot proceeds)
 * and returns the check's result, or null to go on. It is called only where low has passed
 * `refuseAbove` or high is below `looserBelow` (the test's hints for this check, near its own
 * thresholds; rounding in them costs only speed).
 */
export interface ScreenTest {
  refuseAbove: number;
  looserBelow: number;
  settle(mean: number, low: number, high: number): number | null;
  exact(mean: number, variance: number): number;
}

export function screenCounts(): ScreenCounts {
  return { checks: 0, byMean: 0, bySketch: 0, byPartial: 0, looser: 0, exact: 0, columns: 0 };
}

/** Per candidate check: the total's mean and variance with the task, and the task's base in `data`. */
export interface TotalsView {
  readonly width: number;
  /** Mean and population variance of S_j + x_t over O (j = −1: an empty machine). */
  moments(j: number, t: number): { mean: number; variance: number };
  /** #{t ∈ O : S_j[t] + x_t[t] > c}, counted up to `stop`. */
  overflows(j: number, t: number, capacity: number, stop: number): number;
  /** S_j over O, without any candidate (null: an empty machine); read-only. */
  total(j: number): Float64Array | null;
  /** The mean of S_j + x_t over O, as `moments` computes it (j ≥ 0). */
  mean(j: number, t: number): number;
  /**
   * A check of x_t against machine j ≥ 0, settled before the whole dot where `test` can settle it
   * from bounds of the variance; else `test.exact` with `moments`' mean and variance, bit for bit.
   */
  screen(j: number, t: number, test: ScreenTest): number;
}

export function alignedTotals(
  stats: TaskStats,
  rows: ArrayLike<number>,
  score: (view: TotalsView, j: number, t: number) => number,
  quickScore?: (view: TotalsView, j: number, t: number, above: number) => number,
  counts?: ScreenCounts,
  choice?: ChoiceTest,
): (capacity?: number) => MachineState {
  const { data, cols } = stats.matrix;
  const width = stats.width;
  const base = new Int32Array(rows.length);
  for (let k = 0; k < rows.length; k++) base[k] = rows[k] * cols + stats.start;
  const task = rowSums(stats, rows, quickScore !== undefined);
  const { sum: taskSum, sq: taskSq } = task;
  const blocks = blockCount(width);
  const scratch = { low: new Float64Array(blocks + 1), high: new Float64Array(blocks + 1) };
  const { machine: machineSide, task: taskSide } = screenSides(data);
  return (capacity = 1) => {
    const totals: Float64Array[] = [];
    const sum: number[] = [];
    const sq: number[] = [];
    const sketch: Float64Array[] = [];
    const machines = { totals, sketch, sum, sq };
    const choosing = choiceScratch(rows.length, width);
    const sketched = quickScore !== undefined;
    const addTo = (j: number, t: number) =>
      addToTotal(machines, j, data, base[t], width, taskSum[t], sketched);
    const view: TotalsView = {
      width,
      moments(j, t) {
        const b = base[t];
        if (j < 0) {
          const mean = taskSum[t] / width;
          return { mean, variance: totalVariance(0, 0, taskSq[t], width, mean) };
        }
        const cross = dotFrom(0, totals[j], data, b, 0, width);
        const mean = (sum[j] + taskSum[t]) / width;
        return { mean, variance: totalVariance(sq[j], cross, taskSq[t], width, mean) };
      },
      overflows(j, t, capacity, stop) {
        const b = base[t];
        let count = 0;
        if (j < 0) {
          for (let c = 0; c < width && count < stop; c++) if (data[b + c] > capacity) count++;
          return count;
        }
        const s = totals[j];
        for (let c = 0; c < width && count < stop; c++) if (s[c] + data[b + c] > capacity) count++;
        return count;
      },
      total: (j) => (j < 0 ? null : totals[j]),
      mean: (j, t) => (sum[j] + taskSum[t]) / width,
      screen(j, t, test) {
        if (counts) counts.checks++;
        machineSide.total = totals[j];
        machineSide.sketch = sketch[j];
        machineSide.sum = sum[j];
        machineSide.sq = sq[j];
        taskSide.base = base[t];
        taskSide.sketch = task.sketches;
        taskSide.at = task.at[t];
        taskSide.sum = taskSum[t];
        taskSide.sq = taskSq[t];
        return screenedCheck(machineSide, taskSide, width, test, scratch, counts);
      },
    };
    return {
      open(j, t) {
        totals[j] = new Float64Array(width);
        sketch[j] = new Float64Array(3 * blocks);
        sum[j] = 0;
        sq[j] = 0;
        addTo(j, t);
      },
      add: addTo,
      remove(j, _t, remaining) {
        totals[j].fill(0);
        sketch[j].fill(0);
        sum[j] = 0;
        sq[j] = 0;
        for (const r of remaining) addTo(j, r);
      },
      slack: (j, t) => score(view, j, t),
      columnTotals: {
        matrix: stats.matrix,
        start: stats.start,
        end: stats.end,
        of: (j) => totals[j],
      },
      ...(quickScore && {
        quickSlack: (j: number, t: number) => quickScore(view, j, t, Infinity),
        slackBelow: (j: number, t: number, above: number) => quickScore(view, j, t, above),
      }),
      ...(choice && {
        bestFit(t: number, count: number) {
          taskSide.base = base[t];
          taskSide.sketch = task.sketches;
          taskSide.at = task.at[t];
          taskSide.sum = taskSum[t];
          taskSide.sq = taskSq[t];
          return bestFitChoice(
            machines,
            count,
            taskSide,
            width,
            capacity,
            choice,
            choosing,
            counts,
          );
        },
      }),
    };
  };
}

/**
 * S_j += x (the task's row from `b` in `data`) and S_j's sum of squares, with its block sketch in
 * the same pass when `sketched` (the screened tests read it at the next check).
 */
function addToTotal(
  m: { totals: Float64Array[]; sketch: Float64Array[]; sum: number[]; sq: number[] },
  j: number,
  data: ArrayLike<number>,
  b: number,
  width: number,
  xSum: number,
  sketched: boolean,
): void {
  const { totals, sketch, sum, sq } = m;
  const s = totals[j];
  sum[j] += xSum;
  if (!sketched) {
    let q = 0;
    for (let c = 0; c < width; c++) {
      const v = s[c] + data[b + c];
      s[c] = v;
      q += v * v;
    }
    sq[j] = q;
    return;
  }
  const out = sketch[j];
  let q = 0;
  for (let k = 0, c0 = 0; c0 < width; k++, c0 += BLOCK) {
    const c1 = Math.min(width, c0 + BLOCK);
    let blockSum = 0;
    let blockSq = 0;
    let c = c0;
    // Unrolled, the same additions in the same order.
    for (; c < c1 - 3; c += 4) {
      const a = b + c;
      const v0 = s[c] + data[a];
      const v1 = s[c + 1] + data[a + 1];
      const v2 = s[c + 2] + data[a + 2];
      const v3 = s[c + 3] + data[a + 3];
      s[c] = v0;
      s[c + 1] = v1;
      s[c + 2] = v2;
      s[c + 3] = v3;
      const w0 = v0 * v0;
      const w1 = v1 * v1;
      const w2 = v2 * v2;
      const w3 = v3 * v3;
      blockSum = blockSum + v0 + v1 + v2 + v3;
      blockSq = blockSq + w0 + w1 + w2 + w3;
      q = q + w0 + w1 + w2 + w3;
    }
    for (; c < c1; c++) {
      const v = s[c] + data[b + c];
      s[c] = v;
      const v2 = v * v;
      blockSum += v;
      blockSq += v2;
      q += v2;
    }
    putBlock(out, 3 * k, c1 - c0, blockSum, blockSq);
  }
  sq[j] = q;
}

/** The two sides of a screened check, refilled per check rather than allocated. */
function screenSides(data: ArrayLike<number>) {
  const none: Float64Array = new Float64Array(0);
  return {
    machine: { total: none, sketch: none, sum: 0, sq: 0 },
    task: { data, base: 0, sketch: none, at: 0, sum: 0, sq: 0 },
  };
}

/** One side of a screened check: a series over O (at `base` in its array), its sketch and sums. */
interface Side {
  /** The sketch, from `at` in the task's case (the instance's sketches share one array). */
  readonly sketch: Float64Array;
  readonly sum: number;
  readonly sq: number;
}

/**
 * `TotalsView.screen` for machine total S and task x: the dot S·x summed block by block in the
 * plain order, `test.settle` asked with the variance's bounds near its hints, `test.exact` with the
 * plain moments if nothing settles.
 */
function screenedCheck(
  machine: Side & { readonly total: Float64Array },
  task: Side & { readonly data: ArrayLike<number>; readonly base: number; readonly at: number },
  width: number,
  test: ScreenTest,
  { low, high }: { readonly low: Float64Array; readonly high: Float64Array },
  counts: ScreenCounts | undefined,
): number {
  const s = machine.total;
  const { data, base: b } = task;
  const blocks = blockCount(width);
  const allowance = suffixBounds(machine.sketch, task.sketch, task.at, width, low, 0, high);
  const mean = (machine.sum + task.sum) / width;
  const sj = machine.sq;
  const st = task.sq;
  // The dots at which the variance reaches the test's hints, to call `settle` only near them.
  const refuseAt = crossAt(test.refuseAbove, sj, st, width, mean);
  const looserAt = crossAt(test.looserBelow, sj, st, width, mean);
  let cross = 0;
  for (let k = 0, c0 = 0; k < blocks; k++, c0 += BLOCK) {
    const lo = cross + low[k] - allowance;
    const hi = cross + high[k] + allowance;
    if (lo >= refuseAt || hi <= looserAt) {
      const settled = test.settle(
        mean,
        totalVariance(sj, lo, st, width, mean),
        totalVariance(sj, hi, st, width, mean),
      );
      if (settled !== null) {
        if (counts) {
          if (k === 0) counts.bySketch++;
          else counts.byPartial++;
          counts.columns += c0;
        }
        return settled;
      }
    }
    cross = dotFrom(cross, s, data, b, c0, Math.min(width, c0 + BLOCK));
  }
  if (counts) {
    counts.exact++;
    counts.columns += width;
  }
  return test.exact(mean, totalVariance(sj, cross, st, width, mean));
}

/**
 * The sizes of a test that scores through the machine's aligned totals: each task's mean and
 * variance, and a per-machine state whose `score` also sees the machine's capacity.
 */
export function alignedSizes(
  stats: TaskStats,
  rows: ArrayLike<number>,
  score: (view: TotalsView, j: number, t: number, capacity: number) => number,
  quickScore?: (view: TotalsView, j: number, t: number, capacity: number, above: number) => number,
  counts?: ScreenCounts,
  choice?: ChoiceTest,
): TaskSizes {
  stats.ensureMoments(rows);
  let capacity = 1;
  const state = alignedTotals(
    stats,
    rows,
    (view, j, t) => score(view, j, t, capacity),
    quickScore && ((view, j, t, above) => quickScore(view, j, t, capacity, above)),
    counts,
    choice,
  );
  const size = new Float64Array(rows.length);
  const variance = new Float64Array(rows.length);
  for (let k = 0; k < rows.length; k++) {
    size[k] = stats.mean[rows[k]];
    variance[k] = stats.variance[rows[k]];
  }
  return {
    size,
    variance,
    machineState: (_sums, c) => {
      capacity = c;
      return state(c);
    },
  };
}
