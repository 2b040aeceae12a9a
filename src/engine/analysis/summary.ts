/** Summaries ready to plot: box-plot statistics, quantile grids, histograms (GPA paper §3). */
import { percentileOfSorted } from '../stats/percentile.ts';

export interface BoxStats {
  readonly count: number;
  readonly min: number;
  readonly q1: number;
  readonly median: number;
  readonly q3: number;
  readonly max: number;
  readonly mean: number;
  /** Whiskers: the most extreme values within 1.5 × IQR of the box (the paper's box plots). */
  readonly whiskerLow: number;
  readonly whiskerHigh: number;
  /** Values beyond the whiskers. */
  readonly outliers: number;
}

/** Box-plot statistics of the finite values of x (NaN values are ignored). Quartiles are type 7. */
export function boxStats(x: ArrayLike<number>): BoxStats {
  const v = finiteSorted(x);
  const n = v.length;
  if (n === 0)
    return {
      count: 0,
      min: NaN,
      q1: NaN,
      median: NaN,
      q3: NaN,
      max: NaN,
      mean: NaN,
      whiskerLow: NaN,
      whiskerHigh: NaN,
      outliers: 0,
    };
  const q1 = percentileOfSorted(v, 25);
  const q3 = percentileOfSorted(v, 75);
  const iqr = q3 - q1;
  let lo = 0;
  while (v[lo] < q1 - 1.5 * iqr) lo++;
  let hi = n - 1;
  while (v[hi] > q3 + 1.5 * iqr) hi--;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += v[i];
  return {
    count: n,
    min: v[0],
    q1,
    median: percentileOfSorted(v, 50),
    q3,
    max: v[n - 1],
    mean: sum / n,
    whiskerLow: v[lo],
    whiskerHigh: v[hi],
    outliers: lo + (n - 1 - hi),
  };
}

/** The finite values of x, sorted ascending. */
export function finiteSorted(x: ArrayLike<number>): Float64Array {
  let n = 0;
  for (let i = 0; i < x.length; i++) if (Number.isFinite(x[i])) n++;
  const v = new Float64Array(n);
  let k = 0;
  for (let i = 0; i < x.length; i++) if (Number.isFinite(x[i])) v[k++] = x[i];
  return v.sort();
}

export interface Histogram {
  /** Bin edges, bins + 1 values. */
  readonly edges: Float64Array;
  readonly counts: Float64Array;
  /** counts / (total · width): integrates to 1 over [lo, hi]. */
  readonly density: Float64Array;
  /** Values below lo or at/above hi (the last bin includes hi). */
  readonly outside: number;
}

/** A histogram of x with equal bins on [lo, hi]. */
export function histogram(x: ArrayLike<number>, bins: number, lo: number, hi: number): Histogram {
  if (!(Number.isInteger(bins) && bins >= 1)) throw new RangeError(`invalid bin count: ${bins}`);
  if (!(hi > lo)) throw new RangeError(`invalid histogram range [${lo}, ${hi}]`);
  const edges = new Float64Array(bins + 1);
  for (let b = 0; b <= bins; b++) edges[b] = lo + ((hi - lo) * b) / bins;
  const counts = new Float64Array(bins);
  let outside = 0;
  let total = 0;
  const scale = bins / (hi - lo);
  for (let i = 0; i < x.length; i++) {
    const v = x[i];
    if (!(v >= lo && v <= hi)) {
      outside++;
      continue;
    }
    let b = Math.floor((v - lo) * scale);
    if (b >= bins) b = bins - 1;
    counts[b]++;
    total++;
  }
  const density = counts.map((c) => (total > 0 ? (c * scale) / total : 0));
  return { edges, counts, density, outside };
}

/** The type-7 quantiles of x at the probabilities p (in [0, 1]). */
export function quantiles(sorted: ArrayLike<number>, p: ArrayLike<number>): Float64Array {
  const out = new Float64Array(p.length);
  for (let i = 0; i < p.length; i++)
    out[i] = sorted.length ? percentileOfSorted(sorted, 100 * p[i]) : NaN;
  return out;
}

/** n + 1 evenly spaced probabilities 0, 1/n, ..., 1. */
export function probabilityGrid(n: number): Float64Array {
  if (!(Number.isInteger(n) && n >= 1)) throw new RangeError(`invalid grid size: ${n}`);
  return Float64Array.from({ length: n + 1 }, (_, i) => i / n);
}
