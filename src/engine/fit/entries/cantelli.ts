/**
 * The registry's entry of Cantelli's test at b: its description (label, parameters, sweep,
 * tuning), which the first page reads; its code is `../cantelli.ts`.
 */
import { numberRange } from '../../ranges.ts';
import { linearGrid, type FitEntry } from '../entry.ts';
import { DETERMINISTIC_SLACK } from '../fitTest.ts';

export const CANTELLI_B = numberRange('Cantelli b', 'b', { min: 0 });

export const CANTELLI_FIT: FitEntry = {
  kind: 'cantelli',
  label: 'Cantelli (μ + b·σ)',
  group: 'paper',
  family: { name: 'Cantelli b' },
  slackMeaning: DETERMINISTIC_SLACK,
  sweep: [[1.0], [1.7], [4.4]],
  parameters: [
    {
      key: 'b',
      range: CANTELLI_B,
      input: { label: 'b (σ multiplier)', widget: 'number', min: 0, max: 20 },
      arbitrary: { min: 0, max: 10 },
    },
  ],
  example: { kind: 'cantelli', b: 1.7 },
  // Cantelli's one-task bound 1/(1 + b²) (GPA paper §5).
  tuning: {
    label: 'Cantelli b',
    direction: 1,
    scale: 'linear',
    grid: linearGrid(0, 8, 0.5),
    nominalSlo: (b) => 1 / (1 + b * b),
    nominalSloMeaning: 'Cantelli’s one-task bound 1/(1 + b²)',
    defaultRank: 3,
  },
};
