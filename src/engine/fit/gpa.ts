/**
 * GPA(ρ), the Gaussian Packing Algorithm's fit test (GPA paper §4; SPEC §5): with μ' and σ'² the
 * machine's summed means and variances including the task, P = 1 − Φ((c − μ')/σ') = ½·erfc((c − μ')/(σ'√2)),
 * and slack = ρ − P (P = 0 or 1 by μ' ≤ c when σ' = 0).
 */
import { erfc } from '../stats/normal.ts';
import type { FitTest } from './fitTest.ts';

export function checkRho(rho: number): number {
  if (!(rho > 0 && rho < 1)) throw new RangeError(`invalid ρ: ${rho} (need 0 < ρ < 1)`);
  return rho;
}

export function gaussianOverflow(mean: number, variance: number, capacity: number): number {
  const sd = Math.sqrt(variance);
  if (sd > 0) return 0.5 * erfc((capacity - mean) / (sd * Math.SQRT2));
  return mean <= capacity ? 0 : 1;
}

export function gpa(rho: number): FitTest {
  checkRho(rho);
  return {
    spec: { kind: 'gpa', rho },
    usesVariance: true,
    sizes(stats, rows) {
      stats.ensureMoments(rows);
      const size = new Float64Array(rows.length);
      const variance = new Float64Array(rows.length);
      for (let k = 0; k < rows.length; k++) {
        size[k] = stats.mean[rows[k]];
        variance[k] = stats.variance[rows[k]];
      }
      return { size, variance };
    },
    slack: (load, variance, size, taskVariance, capacity) =>
      rho - gaussianOverflow(load + size, variance + taskVariance, capacity),
  };
}
