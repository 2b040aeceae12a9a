/**
 * The registry's entry of the average-value test av(f): its description (label, parameters, sweep,
 * tuning), which the first page reads; its code is `../av.ts`.
 */
import { numberRange } from '../../ranges.ts';
import { linearGrid, type FitEntry } from '../entry.ts';
import { DETERMINISTIC_SLACK } from '../fitTest.ts';

export const AV_FACTOR = numberRange('av factor', 'f', { min: 0 });

export const AV_FIT: FitEntry = {
  kind: 'av',
  label: 'average (f·μ)',
  group: 'paper',
  family: { name: 'av f' },
  slackMeaning: DETERMINISTIC_SLACK,
  sweep: [[1.0], [1.25], [2.0]],
  parameters: [
    {
      key: 'f',
      range: AV_FACTOR,
      input: { label: 'f (mean multiplier)', widget: 'number', min: 0, max: 20 },
      arbitrary: { min: 0.01, max: 5 },
    },
  ],
  example: { kind: 'av', f: 1.25 },
  tuning: {
    label: 'av f',
    direction: 1,
    scale: 'linear',
    grid: linearGrid(0.75, 3, 0.125),
    nominalSlo: () => null,
    nominalSloMeaning: 'av requests none',
    defaultRank: 1,
  },
};
