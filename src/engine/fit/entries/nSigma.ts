/**
 * The registry's entries of Bashir et al.'s N-sigma peak predictor and of their max of predictors
 * (N-sigma and RC-like), with their parameters' ranges: their descriptions (label, parameters,
 * sweep, tuning), which the first page reads; their code is `../nSigma.ts`.
 */
import { numberRange } from '../../ranges.ts';
import { linearGrid, type FitEntry, type FitTuning } from '../entry.ts';

export const NSIGMA_N = numberRange('N-sigma multiplier', 'N', { min: 0, max: 20 });
export const RC_PERCENTILE = numberRange('RC-like percentile', 'p', { min: 0, max: 100 });

/** N = 5, their production N-sigma; p = 99, the RC-like percentile the tuner holds. */
const NSIGMA_DEFAULTS = { n: 5, p: 99 } as const;

export const N_PARAMETER = {
  key: 'n',
  range: NSIGMA_N,
  arbitrary: { min: 0, max: 8 },
  input: { label: 'N (σ multiplier)', widget: 'number', min: 0, max: 20 },
} as const;

export const N_TUNING = (label: string, alignedRank?: number): FitTuning => ({
  label,
  direction: 1,
  scale: 'linear',
  grid: linearGrid(0, 8, 0.25),
  nominalSlo: () => null,
  nominalSloMeaning: 'none: N names no overflow probability',
  alignedRank,
});

export const NSIGMA_FIT: FitEntry = {
  kind: 'nsig',
  label: 'N-sigma peak predictor, mean + N·sd of the machine total (aligned)',
  group: 'correlation-aware',
  family: { name: 'N-sigma N' },
  slackMeaning: 'c − (mean + N·sd) of the machine total with the task',
  sweep: [[2], [3], [5]],
  parameters: [N_PARAMETER],
  example: { kind: 'nsig', n: NSIGMA_DEFAULTS.n },
  tuning: N_TUNING('N-sigma N', 5),
};

export const MAX_PREDICTOR_FIT: FitEntry = {
  kind: 'bmax',
  label: 'max of peak predictors, N-sigma and RC-like Σ P_p (aligned)',
  group: 'correlation-aware',
  family: { name: 'max(N-sigma, RC-like) N' },
  slackMeaning: 'c − max(mean + N·sd of the machine total, Σ of its tasks’ p-th percentiles)',
  sweep: [[2], [3], [5]],
  readsPercentiles: true,
  parameters: [
    N_PARAMETER,
    {
      key: 'p',
      range: RC_PERCENTILE,
      default: NSIGMA_DEFAULTS.p,
      arbitrary: { min: 0, max: 100 },
      input: { label: 'RC-like percentile p', widget: 'number', min: 0, max: 100 },
    },
  ],
  example: { kind: 'bmax', n: NSIGMA_DEFAULTS.n, p: NSIGMA_DEFAULTS.p },
  tuning: N_TUNING('max(N-sigma, RC-like) N', 6),
};
