/**
 * Per-machine aligned totals for the fit tests that read what tasks do together (`cov`, `peak`):
 * machine j's total S_j[t] over the observed columns t ∈ O, with Σ_t S_j[t] and Σ_t S_j[t]², kept as
 * tasks come and go, so that a check against a task x is one pass over O: the mean and population
 * variance of S_j + x follow from Σ S, Σ S², Σ x, Σ x² and Σ S·x. On a time-aligned matrix (column t
 * one instant for every task) var(S_j + x) = Σ σᵢ² + 2 Σ cov(i, k) over the machine's tasks and x,
 * with the covariances observed; on independent draws the covariances are sampling noise around 0.
 */
import type { TaskStats } from '../stats/taskStats.ts';
import type { MachineState, TaskSizes } from './fitTest.ts';

/** Per candidate check: the total's mean and variance with the task, and the task's base in `data`. */
export interface TotalsView {
  readonly width: number;
  /** Mean and population variance of S_j + x_t over O (j = −1: an empty machine). */
  moments(j: number, t: number): { mean: number; variance: number };
  /** #{t ∈ O : S_j[t] + x_t[t] > c}, counted up to `stop`. */
  overflows(j: number, t: number, capacity: number, stop: number): number;
  /** S_j over O, without any candidate (null: an empty machine); read-only. */
  total(j: number): Float64Array | null;
}

export function alignedTotals(
  stats: TaskStats,
  rows: ArrayLike<number>,
  score: (view: TotalsView, j: number, t: number) => number,
): () => MachineState {
  const { data, cols } = stats.matrix;
  const width = stats.width;
  const base = Int32Array.from(rows, (r) => r * cols + stats.start);
  const taskSum = new Float64Array(rows.length);
  const taskSq = new Float64Array(rows.length);
  for (let k = 0; k < rows.length; k++) {
    let s = 0;
    let q = 0;
    for (let c = 0; c < width; c++) {
      const v = data[base[k] + c];
      s += v;
      q += v * v;
    }
    taskSum[k] = s;
    taskSq[k] = q;
  }
  return () => {
    const totals: Float64Array[] = [];
    const sum: number[] = [];
    const sq: number[] = [];
    const addTo = (j: number, t: number) => {
      const s = totals[j];
      const b = base[t];
      let q = 0;
      for (let c = 0; c < width; c++) {
        s[c] += data[b + c];
        q += s[c] * s[c];
      }
      sum[j] += taskSum[t];
      sq[j] = q;
    };
    const view: TotalsView = {
      width,
      moments(j, t) {
        const b = base[t];
        if (j < 0) {
          const mean = taskSum[t] / width;
          return { mean, variance: Math.max(0, taskSq[t] / width - mean * mean) };
        }
        const s = totals[j];
        let cross = 0;
        for (let c = 0; c < width; c++) cross += s[c] * data[b + c];
        const mean = (sum[j] + taskSum[t]) / width;
        const second = (sq[j] + 2 * cross + taskSq[t]) / width;
        return { mean, variance: Math.max(0, second - mean * mean) };
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
    };
    return {
      open(j, t) {
        totals[j] = new Float64Array(width);
        sum[j] = 0;
        sq[j] = 0;
        addTo(j, t);
      },
      add: addTo,
      remove(j, _t, remaining) {
        totals[j].fill(0);
        sum[j] = 0;
        sq[j] = 0;
        for (const r of remaining) addTo(j, r);
      },
      slack: (j, t) => score(view, j, t),
    };
  };
}

/**
 * The sizes of a test that scores through the machine's aligned totals: each task's mean and
 * variance, and a per-machine state whose `score` also sees the machine's capacity.
 */
export function alignedSizes(
  stats: TaskStats,
  rows: ArrayLike<number>,
  score: (view: TotalsView, j: number, t: number, capacity: number) => number,
): TaskSizes {
  stats.ensureMoments(rows);
  let capacity = 1;
  const state = alignedTotals(stats, rows, (view, j, t) => score(view, j, t, capacity));
  return {
    size: Float64Array.from(rows, (r) => stats.mean[r]),
    variance: Float64Array.from(rows, (r) => stats.variance[r]),
    machineState: (_sums, c) => {
      capacity = c;
      return state();
    },
  };
}
