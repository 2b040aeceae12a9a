/**
 * cov(ρ): GPA with the covariance. The machine's total is taken Gaussian with mean Σμᵢ and variance
 * Σσᵢ² + 2Σ_{i<k} cov(i, k), both estimated from the observed columns of the realization matrix —
 * on a time-aligned matrix (`realize --mode aligned` or `blocks`) the covariances tasks showed at
 * the same instants. A task fits iff P = 1 − Φ((c − μ')/σ') ≤ ρ; slack = ρ − P. The variance is read
 * from the machine's aligned total series (`alignedTotals.ts`), so a check is O(|O|), not O(tasks²).
 * On independent draws (the paper's matrices) the covariances are sampling noise and cov(ρ) packs as
 * GPA(ρ) up to that noise.
 */
import {
  checkRho,
  gaussianOverflow,
  RHO_PARAMETER,
  RHO_SLACK,
  rhoTuning,
  TAIL_SWEEP,
} from './gpa.ts';
import { logGrid, type FitEntry } from './entry.ts';
import { stateOnlySlack, type FitTest } from './fitTest.ts';
import { alignedSizes } from './alignedTotals.ts';

export function covarianceGpa(rho: number): FitTest {
  checkRho(rho);
  return {
    spec: { kind: 'cov', rho },
    usesVariance: false,
    sizes: (stats, rows) =>
      alignedSizes(stats, rows, (view, j, t, capacity) => {
        const { mean, variance } = view.moments(j, t);
        return rho - gaussianOverflow(mean, variance, capacity);
      }),
    slack: stateOnlySlack('cov'),
  };
}

declare module './fitTest.ts' {
  interface FitSpecs {
    cov: { readonly kind: 'cov'; readonly rho: number };
  }
}

export const COV_FIT: FitEntry = {
  kind: 'cov',
  label: 'GPA with covariance (aligned, ρ)',
  group: 'correlation-aware',
  family: { name: 'GPA-cov ρ' },
  slackMeaning: RHO_SLACK,
  sweep: TAIL_SWEEP,
  parameters: [RHO_PARAMETER],
  example: { kind: 'cov', rho: 0.01 },
  create: ([rho]) => covarianceGpa(rho),
  tuning: rhoTuning('GPA-cov ρ', logGrid(0.2, 1e-8, 16)),
};
