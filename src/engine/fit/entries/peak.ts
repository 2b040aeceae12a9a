/**
 * The registry's entry of the peak predictor at N and p and its parameters' ranges: its
 * description (label, parameters, sweep, tuning), which the first page reads; its code is
 * `../peak.ts`.
 */
import { numberRange } from '../../ranges.ts';
import { linearGrid, type FitEntry } from '../entry.ts';

export const PEAK_N = numberRange('N-sigma multiplier', 'N', { min: 0, max: 20 });
export const PEAK_P = numberRange('peak percentile', 'p', { min: 50, max: 100 });

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
  tuning: {
    label: 'peak N',
    direction: 1,
    scale: 'linear',
    grid: linearGrid(0, 8, 0.5),
    nominalSlo: () => null,
    nominalSloMeaning: 'none: N and p name no overflow probability',
    alignedRank: 4,
  },
};
