/**
 * Anderson–Darling normality test with mean and variance estimated, as `scipy.stats.anderson(x,
 * 'norm')` computes it (SPEC §9): w = (y − x̄)/s on the sorted sample y, s with ddof = 1, and
 * A² = −n − Σᵢ (2i − 1)/n · (log Φ(wᵢ) + log(1 − Φ(w₍ₙ₊₁₋ᵢ₎))).
 * Critical values are Stephens' (0.561, 0.631, 0.752, 0.873, 1.035 at 15, 10, 5, 2.5, 1 %) divided
 * by 1 + 0.75/n + 2.25/n², then rounded to 3 decimals, as SciPy reports them; the test rejects when
 * A² is strictly greater. (For n = 10,000 the rounding moves the 5 % value from 0.75194 to 0.752.)
 */
import { pairwiseSum } from '../stats/summation.ts';
import { logNormalCdfFast } from './normalTail.ts';
import { pairwiseSquares64, pairwiseSum64 } from './pairwise64.ts';
import { sortFloat64 } from './sort.ts';

export const AD_SIGNIFICANCE = [15, 10, 5, 2.5, 1] as const;
export type AdSignificance = (typeof AD_SIGNIFICANCE)[number];
const STEPHENS = [0.561, 0.631, 0.752, 0.873, 1.035] as const;

export interface AndersonResult {
  /** A². NaN when the sample has no spread (then nothing is rejected, as in SciPy). */
  readonly statistic: number;
  /** Critical values at AD_SIGNIFICANCE, as SciPy reports them (rounded to 3 decimals). */
  readonly criticalValues: readonly number[];
  /** The fitted mean and the standard deviation with ddof = 1. */
  readonly mean: number;
  readonly sd: number;
  /** A² > the 5 % critical value. */
  readonly rejected: boolean;
}

/** SciPy's critical value of the A–D normality test for n values at a significance level (%). */
export function andersonCritical(n: number, significance: AdSignificance = 5): number {
  const k = AD_SIGNIFICANCE.indexOf(significance);
  if (k < 0)
    throw new RangeError(`invalid significance: ${significance} (expected 15, 10, 5, 2.5 or 1)`);
  if (!(Number.isInteger(n) && n >= 2)) throw new RangeError(`invalid sample size: ${n}`);
  const v = STEPHENS[k] / (1 + 0.75 / n + 2.25 / n / n);
  return Math.round(v * 1000) / 1000;
}

/** Mean and ddof = 1 standard deviation as NumPy's `mean` and `std(ddof=1)` compute them. */
export function meanAndSd(
  x: ArrayLike<number>,
  scratch: Float64Array = new Float64Array(x.length),
): { mean: number; sd: number } {
  const n = x.length;
  if (x instanceof Float64Array) {
    const m = pairwiseSum64(x, 0, n) / n;
    return { mean: m, sd: Math.sqrt(pairwiseSquares64(x, m, 0, n) / (n - 1)) };
  }
  const mean = pairwiseSum(x, 0, n) / n;
  for (let i = 0; i < n; i++) {
    const d = x[i] - mean;
    scratch[i] = d * d;
  }
  return { mean, sd: Math.sqrt(pairwiseSum(scratch, 0, n) / (n - 1)) };
}

/**
 * A² of an ascending-sorted sample with the given fitted mean and sd (the hot path of Table 1). A
 * value equal to the one before it reuses that one's log Φ terms (sums of lattice-valued usage hold
 * many ties); the additions are the same, so the same bits.
 */
export function andersonStatisticSorted(
  sorted: ArrayLike<number>,
  mean: number,
  sd: number,
): number {
  const n = sorted.length;
  if (!(sd > 0)) return NaN;
  let acc = 0;
  let previous = NaN;
  let lower = 0;
  let upper = 0;
  for (let i = 0; i < n; i++) {
    const y = sorted[i];
    if (y !== previous) {
      const w = (y - mean) / sd;
      lower = logNormalCdfFast(w);
      upper = logNormalCdfFast(-w);
      previous = y;
    }
    // Term i (0-based) enters with weight 2i + 1 through log Φ(wᵢ) and 2(n − i) − 1 through log(1 − Φ(wᵢ)).
    acc += (2 * i + 1) * lower + (2 * (n - i) - 1) * upper;
  }
  return -n - acc / n;
}

/** The Anderson–Darling normality test of x (SPEC §9), like `scipy.stats.anderson(x, 'norm')`. */
export function andersonNormal(x: ArrayLike<number>): AndersonResult {
  const n = x.length;
  if (n < 2) throw new RangeError(`the Anderson–Darling test needs at least 2 values, got ${n}`);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = x[i];
    if (!Number.isFinite(v)) throw new RangeError(`invalid value at index ${i}: ${v}`);
    y[i] = v;
  }
  const { mean, sd } = meanAndSd(y);
  sortFloat64(y);
  const statistic = andersonStatisticSorted(y, mean, sd);
  const criticalValues = AD_SIGNIFICANCE.map((s) => andersonCritical(n, s));
  return { statistic, criticalValues, mean, sd, rejected: statistic > criticalValues[2] };
}
