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
import { checkRange, numberRange } from '../ranges.ts';
import { linearGrid, type FitEntry } from './entry.ts';
import { stateOnlySlack, type FitTest } from './fitTest.ts';
import { alignedSizes } from './alignedTotals.ts';
import { capacityLimit } from '../capacity.ts';

export const PEAK_N = numberRange('N-sigma multiplier', 'N', { min: 0, max: 20 });
export const PEAK_P = numberRange('peak percentile', 'p', { min: 50, max: 100 });

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

export const PEAK_FIT: FitEntry = {
  kind: 'peak',
  label: 'peak predictor, max of N-sigma and p-th percentile (aligned)',
  group: 'correlation-aware',
  family: { name: 'peak N' },
  slackMeaning: 'c − max(μ + N·σ, p-th percentile) of the machine total with the task',
  sweep: [
    [2, 99],
    [3, 99],
    [4, 99],
  ],
  parameters: [
    {
      key: 'n',
      range: PEAK_N,
      arbitrary: { min: 0, max: 8 },
      input: { label: 'N (σ multiplier)', widget: 'number', min: 0, max: 20 },
    },
    {
      key: 'p',
      range: PEAK_P,
      arbitrary: { min: 50, max: 100 },
      default: 99,
      input: { label: 'percentile p', widget: 'number', min: 50, max: 100 },
    },
  ],
  example: { kind: 'peak', n: 3, p: 99 },
  create: ([n, p]) => peakPredictor(n, p),
  tuning: {
    label: 'peak N',
    direction: 1,
    scale: 'linear',
    grid: linearGrid(0, 8, 0.5),
    nominalSlo: () => null,
    nominalSloMeaning: 'none: N and p name no overflow probability',
  },
};
