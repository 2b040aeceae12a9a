/**
 * peak(N, p): the max-of-predictors peak test of Bashir, Deng, Rzadca, Grove & Wilkes, "Take it to
 * the limit: peak prediction-driven resource overcommitment in datacenters", EuroSys 2021. A
 * machine's peak is predicted from its tasks' observed usage summed at the same instants (their
 * aligned total S over the observed columns O) as the larger of two predictors: N-sigma,
 * mean(S) + N·sd(S), and the p-th percentile of S (their "RC-like" predictor; here the nearest-rank
 * percentile, so "≤ c" reads as #{t ∈ O : S[t] > c} ≤ ⌊(1 − p/100)·|O|⌋). A task x fits iff the
 * peak predicted for S + x is at most c; slack = c − max(N-sigma, percentile), the percentile read
 * as c while the count is within bounds and as +∞ past them (only the sign of a negative slack
 * matters to a packer). Their production defaults are N = 5 over a long history; on the short
 * windows here the tuner sweeps N.
 */
import { checkRange } from '../ranges.ts';
import type { FitCode } from './entry.ts';
import { stateOnlySlack, type FitTest } from './fitTest.ts';
import { alignedSizes } from './alignedTotals.ts';
import { capacityLimit } from '../capacity.ts';
import { PEAK_N, PEAK_P } from './entries/peak.ts';

export function peakPredictor(n: number, p: number): FitTest {
  checkRange(PEAK_N, n);
  checkRange(PEAK_P, p);
  return {
    spec: { kind: 'peak', n, p },
    usesVariance: false,
    sizes(stats, rows) {
      const allowed = Math.floor((1 - p / 100) * stats.width + 1e-9);
      return alignedSizes(stats, rows, (view, j, t, capacity) => {
        const { mean, variance } = view.moments(j, t);
        const sigma = capacity - (mean + n * Math.sqrt(variance));
        if (sigma < 0) return sigma;
        const over = view.overflows(j, t, capacityLimit(capacity), allowed + 1);
        return over > allowed ? -Infinity : sigma;
      });
    },
    slack: stateOnlySlack('peak'),
  };
}

declare module './fitTest.ts' {
  interface FitSpecs {
    peak: { readonly kind: 'peak'; readonly n: number; readonly p: number };
  }
}

export const PEAK_CODE: FitCode = { kind: 'peak', create: ([n, p]) => peakPredictor(n, p) };
