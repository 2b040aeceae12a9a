/**
 * GPA(ρ), the Gaussian Packing Algorithm's fit test (GPA paper §4; SPEC §5): with μ' and σ'² the
 * machine's summed means and variances including the task, P = 1 − Φ((c − μ')/σ') = ½·erfc((c − μ')/(σ'√2)),
 * and slack = ρ − P (P = 0 or 1 by μ' ≤ c when σ' = 0).
 */
import { withinCapacity } from '../capacity.ts';
import { erfc, normalSurvivalQuantile } from '../stats/normal.ts';
import type { FitCode } from './entry.ts';
import type { FitTest } from './fitTest.ts';
import { checkRho } from './entries/gpa.ts';

export function gaussianOverflow(mean: number, variance: number, capacity: number): number {
  const sd = Math.sqrt(variance);
  if (sd > 0) return 0.5 * erfc((capacity - mean) / (sd * Math.SQRT2));
  return withinCapacity(mean, capacity) ? 0 : 1;
}

/**
 * The load GPA's Gaussian exceeds with probability ρ, μ + z_ρ·σ with z_ρ = Φ⁻¹(1 − ρ): the machine's
 * GPA percentile (the load at which GPA's slack is 0 for capacity c = this load).
 */
export function gaussianLoadAt(rho: number, mean: number, sd: number): number {
  return mean + normalSurvivalQuantile(checkRho(rho)) * sd;
}

// P > ρ ⇔ (c − μ')/σ' < z_ρ = Φ⁻¹(1 − ρ). Rounding in the exact test moves its threshold by a relative
// ~1e-14 at most; outside a band 1e-9·(|z_ρ| + 1)·σ' wide the bound decides the same way.
const SCREEN_BAND = 1e-9;

/**
 * z_ρ less that band (side −1): where c − μ' < screenThreshold(ρ)·σ' with σ' > 0, P > ρ whatever the
 * rounding of the exact test; not positive (ρ near ½ or above): no screening. Plus the band (side
 * +1): where c − μ' ≥ screenThreshold(ρ, 1)·σ' (> 0), P < ρ.
 */
export function screenThreshold(rho: number, side: 1 | -1 = -1): number {
  const zRho = normalSurvivalQuantile(rho);
  return zRho + side * SCREEN_BAND * (Math.abs(zRho) + 1);
}

/**
 * GPA's slack, with `quickSlack` screening by c − μ' < z_ρ·σ' (one square root, no erfc) before the
 * exact survival; results equal `slack`'s wherever the task fits, so packings are unchanged.
 */
export function gpa(rho: number): FitTest {
  checkRho(rho);
  const zRho = normalSurvivalQuantile(rho);
  const margin = SCREEN_BAND * (Math.abs(zRho) + 1);
  const slack = (
    load: number,
    variance: number,
    size: number,
    taskVariance: number,
    capacity: number,
  ) => rho - gaussianOverflow(load + size, variance + taskVariance, capacity);
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
    slack,
    // A task fits only where c − μ − s ≥ (z_ρ − margin)·√(v + v_task) ≥ (z_ρ − margin)·√v (z_ρ > 0,
    // ρ < ½), so s ≤ c − μ − (z_ρ − margin)·√v; 1e-9 of the terms' size covers the rounding.
    room:
      zRho - margin > 0
        ? (load, variance, capacity) => {
            const bound = (zRho - margin) * Math.sqrt(variance);
            return capacity - load - bound + 1e-9 * (Math.abs(capacity) + Math.abs(load) + bound);
          }
        : undefined,
    quickSlack(load, variance, size, taskVariance, capacity) {
      const sd = Math.sqrt(variance + taskVariance);
      if (capacity - (load + size) < (zRho - margin) * sd) return -1;
      return slack(load, variance, size, taskVariance, capacity);
    },
  };
}

declare module './fitTest.ts' {
  interface FitSpecs {
    gpa: { readonly kind: 'gpa'; readonly rho: number };
  }
}

export const GPA_CODE: FitCode = { kind: 'gpa', create: ([rho]) => gpa(rho) };
