/**
 * The registry's entry of the percentile tests perc(p) and max: its description (label,
 * parameters, sweep, tuning), which the first page reads; its code is `../perc.ts`.
 */
import { numberRange } from '../../ranges.ts';
import { linearGrid, type FitEntry } from '../entry.ts';
import { DETERMINISTIC_SLACK } from '../fitTest.ts';

export const PERCENTILE = numberRange('percentile', 'p', { min: 0, max: 100 });

export const PERC_FIT: FitEntry = {
  kind: 'perc',
  label: 'percentile (P_p)',
  group: 'paper',
  family: { name: 'perc p' },
  slackMeaning: DETERMINISTIC_SLACK,
  sweep: [[50], [70], [90], [95], [99]],
  readsPercentiles: true,
  parameters: [
    {
      key: 'p',
      range: PERCENTILE,
      input: { label: 'p (percentile)', widget: 'number', min: 0, max: 100 },
      arbitrary: { min: 0, max: 100 },
    },
  ],
  example: { kind: 'perc', p: 95 },
  // A single task exceeds its p-th percentile with frequency 1 − p/100.
  tuning: {
    label: 'perc p',
    direction: 1,
    scale: 'linear',
    grid: linearGrid(40, 100, 2.5),
    nominalSlo: (p) => 1 - p / 100,
    nominalSloMeaning: 'one task’s 1 − p/100',
    defaultRank: 2,
    alignedRank: 1,
  },
};

export const MAX_FIT: FitEntry = {
  kind: 'max',
  label: 'maximum (P₁₀₀)',
  group: 'paper',
  family: { name: 'perc p', at: 100 },
  slackMeaning: DETERMINISTIC_SLACK,
  sweep: [[]],
  readsPercentiles: true,
  parameters: [],
  example: { kind: 'max' },
};
