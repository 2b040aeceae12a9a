/**
 * cov(ρ): GPA with the covariance. The machine's total is taken Gaussian with mean Σμᵢ and variance
 * Σσᵢ² + 2Σ_{i<k} cov(i, k), both estimated from the observed columns of the realization matrix —
 * on a time-aligned matrix (`realize --mode aligned` or `blocks`) the covariances tasks showed at
 * the same instants. A task fits iff P = 1 − Φ((c − μ')/σ') ≤ ρ; slack = ρ − P. The variance is read
 * from the machine's aligned total series (`alignedTotals.ts`), so a check is O(|O|), not O(tasks²).
 * On independent draws (the paper's matrices) the covariances are sampling noise and cov(ρ) packs as
 * GPA(ρ) up to that noise.
 *
 * `quickSlack` (what packers call) refuses most machines without the whole dot: first by the mean
 * of the total with the task (over c: P ≥ ½ > ρ), then by a lower bound of the variance from the
 * block sketch and the part of the dot already summed (`TotalsView.screen`), refused where
 * c − μ' < (z_ρ − band)·σ'_low as GPA's own screen does. Where it cannot refuse, the dot is
 * completed in the same order as `slack`'s and the slack is `slack`'s, bit for bit: packings do
 * not change, only the work spent on machines that are full for the task.
 */
import { withinCapacity } from '../capacity.ts';
import { gaussianOverflow, screenThreshold } from './gpa.ts';
import { checkRho } from './entries/gpa.ts';
import type { FitCode } from './entry.ts';
import { stateOnlySlack, type FitTest } from './fitTest.ts';
import {
  alignedSizes,
  type ScreenCounts,
  type ScreenTest,
  type TotalsView,
} from './alignedTotals.ts';
import type { ChoiceTest } from './alignedChoice.ts';

/** cov(ρ); `counts`, when given, tallies how `quickSlack` decided each check. */
export function covarianceGpa(rho: number, counts?: ScreenCounts): FitTest {
  checkRho(rho);
  const threshold = screenThreshold(rho);
  const slack = (view: TotalsView, j: number, t: number, capacity: number) => {
    const { mean, variance } = view.moments(j, t);
    return rho - gaussianOverflow(mean, variance, capacity);
  };
  let above = Infinity;
  let looserAt = Infinity;
  let capacity = 1;
  const test: ScreenTest = {
    refuseAbove: Infinity,
    looserBelow: -Infinity,
    settle(mean, low, high) {
      const room = capacity - mean;
      if (low > 0 && room < threshold * Math.sqrt(low)) return -1;
      if (room >= looserAt * Math.sqrt(high)) {
        if (counts) counts.looser++;
        return above;
      }
      return null;
    },
    exact: (mean, variance) => rho - gaussianOverflow(mean, variance, capacity),
  };
  const quickSlack = (view: TotalsView, j: number, t: number, c: number, bestSoFar: number) => {
    if (j < 0) return slack(view, j, t, c);
    const mean = view.mean(j, t);
    if (!withinCapacity(mean, c)) {
      if (counts) counts.byMean++;
      return -1;
    }
    if (bestSoFar !== above) {
      above = bestSoFar;
      looserAt = above < rho ? screenThreshold(rho - above, 1) : Infinity;
    }
    capacity = c;
    const room = Math.max(0, c - mean);
    test.refuseAbove = (room / threshold) ** 2;
    test.looserBelow = looserAt < Infinity ? (room / looserAt) ** 2 : -Infinity;
    return view.screen(j, t, test);
  };
  // Best Fit's whole choice refuses as `quickSlack` does (not by "no tighter than the best").
  const choice: ChoiceTest = {
    refuseAbove(mean, c) {
      if (!withinCapacity(mean, c)) return -1;
      const r = Math.max(0, c - mean) / threshold;
      return r * r;
    },
    refuses: (mean, low, c) => low > 0 && c - mean < threshold * Math.sqrt(low),
    exact: (mean, variance, c) => rho - gaussianOverflow(mean, variance, c),
  };
  const screened = threshold > 0;
  return {
    spec: { kind: 'cov', rho },
    usesVariance: false,
    sizes: (stats, rows) =>
      alignedSizes(
        stats,
        rows,
        slack,
        screened ? quickSlack : undefined,
        counts,
        screened ? choice : undefined,
      ),
    slack: stateOnlySlack('cov'),
  };
}

declare module './fitTest.ts' {
  interface FitSpecs {
    cov: { readonly kind: 'cov'; readonly rho: number };
  }
}

export const COV_CODE: FitCode = { kind: 'cov', create: ([rho]) => covarianceGpa(rho) };
