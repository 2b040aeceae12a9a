/**
 * Sums of tasks become Gaussian (GPA paper §3.6): the total of the first N tasks of an instance over
 * every realization, the Anderson–Darling verdict on it and the error of the fitted Gaussian's 99th
 * percentile (SPEC §9).
 */
import { andersonNormal } from '../analysis/anderson.ts';
import { machineTotals } from '../metrics/evaluate.ts';
import { normalQuantile } from '../stats/normal.ts';
import { percentileOfSorted } from '../stats/percentile.ts';
import type { WorkloadStats } from '../workload.ts';

/** Per-column totals of workload rows 0..n−1 over all R columns. */
export function sumOfFirst(stats: WorkloadStats, n: number): Float64Array {
  const { inst } = stats.workload;
  if (!(Number.isInteger(n) && n >= 1 && n <= inst.rows))
    throw new RangeError(`invalid number of tasks: ${n} (need 1..${inst.rows})`);
  const totals = new Float64Array(inst.cols);
  machineTotals(
    inst,
    Int32Array.from({ length: n }, (_, i) => i),
    0,
    inst.cols,
    Infinity,
    totals,
  );
  return totals;
}

export interface SumVerdict {
  /** The fitted Gaussian: mean and σ (ddof = 1) of the totals. */
  readonly mean: number;
  readonly sd: number;
  /** Anderson–Darling A² and the 5 % critical value; rejected: A² above it (not Gaussian). */
  readonly a2: number;
  readonly critical: number;
  readonly rejected: boolean;
  /** Measured and Gaussian 99th percentiles, and (Gaussian − measured) / measured. */
  readonly p99: number;
  readonly gaussianP99: number;
  readonly relativeError99: number;
}

/** How Gaussian a sample of totals is (SPEC §9): A–D at 5 % and the 99th-percentile error. */
export function sumVerdict(totals: ArrayLike<number>): SumVerdict {
  const ad = andersonNormal(totals);
  const sorted = Float64Array.from(totals).sort();
  const p99 = percentileOfSorted(sorted, 99);
  const gaussianP99 = ad.mean + normalQuantile(0.99) * ad.sd;
  return {
    mean: ad.mean,
    sd: ad.sd,
    a2: ad.statistic,
    critical: ad.criticalValues[2],
    rejected: ad.rejected,
    p99,
    gaussianP99,
    relativeError99: (gaussianP99 - p99) / p99,
  };
}
