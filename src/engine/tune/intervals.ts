/**
 * Confidence intervals for measured q (for calibration and tuning): Wilson's score interval
 * for one run's overflow count, and Student's t interval for a mean over instances.
 */
import { studentTQuantile } from '../stats/studentT.ts';
import { normalQuantile } from '../stats/normal.ts';

export interface Interval {
  readonly low: number;
  readonly high: number;
}

export function checkConfidence(c: number): number {
  if (!(c > 0.5 && c < 1))
    throw new RangeError(`invalid confidence: ${c} (need 0.5 < confidence < 1)`);
  return c;
}

/** Wilson score interval for k successes in n trials at z (Wilson 1927); [0, 1] when n = 0. */
export function wilson(k: number, n: number, z: number): Interval {
  if (n <= 0) return { low: 0, high: 1 };
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  // At k = 0 (k = n) the bound is exactly 0 (1); the formula leaves rounding dust there.
  return {
    low: k <= 0 ? 0 : Math.max(0, center - half),
    high: k >= n ? 1 : Math.min(1, center + half),
  };
}

/** Two-sided Wilson interval at the given confidence. */
export function wilsonInterval(k: number, n: number, confidence: number): Interval {
  return wilson(k, n, normalQuantile(1 - (1 - confidence) / 2));
}

/** One-sided upper Wilson bound at the given confidence. */
export function wilsonUpper(k: number, n: number, confidence: number): number {
  return wilson(k, n, normalQuantile(confidence)).high;
}

export function mean(values: readonly number[]): number {
  let s = 0;
  for (const v of values) s += v;
  return values.length ? s / values.length : NaN;
}

/** Student's t quantile t_{dof}(p). */
export function studentQuantile(p: number, dof: number): number {
  return studentTQuantile(p, dof);
}

export interface MeanInterval extends Interval {
  readonly mean: number;
  readonly sd: number;
  readonly n: number;
}

/** Mean over instances with a two-sided t interval (a zero-width one for a single value). */
export function meanInterval(values: readonly number[], confidence: number): MeanInterval {
  const n = values.length;
  if (n === 0) return { mean: NaN, sd: NaN, n, low: NaN, high: NaN };
  let sum = 0;
  for (const v of values) sum += v;
  const mean = sum / n;
  if (n === 1) return { mean, sd: 0, n, low: mean, high: mean };
  let ss = 0;
  for (const v of values) ss += (v - mean) ** 2;
  const sd = Math.sqrt(ss / (n - 1));
  const half = (studentQuantile(1 - (1 - confidence) / 2, n - 1) * sd) / Math.sqrt(n);
  return { mean, sd, n, low: mean - half, high: mean + half };
}

/** One-sided upper bound on a mean over instances at the given confidence (the mean if n = 1). */
export function meanUpper(values: readonly number[], confidence: number): number {
  const n = values.length;
  const { mean, sd } = meanInterval(values, 0.95);
  if (n < 2) return mean;
  return mean + (studentQuantile(confidence, n - 1) * sd) / Math.sqrt(n);
}
