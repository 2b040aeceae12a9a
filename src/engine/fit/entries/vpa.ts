/**
 * The registry's entry of the VPA recommender's sizing with its parameters' ranges and defaults:
 * its description (label, parameters, sweep, tuning), which the first page reads; its code is
 * `../scheduler/vpa.ts`.
 */
import { numberRange } from '../../ranges.ts';
import { linearGrid, type FitEntry } from '../entry.ts';
import { DETERMINISTIC_SLACK } from '../fitTest.ts';

export const VPA_PERCENTILE = numberRange('target-cpu-percentile', 'p', {
  min: 0,
  minOpen: true,
  max: 1,
});
export const VPA_MARGIN = numberRange('recommendation-margin-fraction', 'm', { min: 0 });

/** The recommender's flag defaults (config.go). */
export const VPA_DEFAULTS = { percentile: 0.9, margin: 0.15 } as const;

export const VPA_FIT: FitEntry = {
  kind: 'vpa',
  label: 'VPA percentile sizing (target-cpu-percentile × (1 + recommendation-margin-fraction))',
  group: 'scheduler',
  family: { name: 'VPA percentile' },
  slackMeaning: `${DETERMINISTIC_SLACK}, size = P_p × (1 + margin)`,
  sweep: [[0.9], [0.95]],
  parameters: [
    {
      key: 'percentile',
      range: VPA_PERCENTILE,
      input: { label: 'target-cpu-percentile p', widget: 'number', min: 0.01, max: 1 },
      arbitrary: { min: 0.01, max: 1 },
    },
    {
      key: 'margin',
      range: VPA_MARGIN,
      default: VPA_DEFAULTS.margin,
      input: { label: 'recommendation-margin-fraction', widget: 'number', min: 0, max: 2 },
      arbitrary: { min: 0, max: 1 },
    },
  ],
  example: { kind: 'vpa', percentile: 0.9, margin: 0.15 },
  tuning: {
    label: 'VPA target-cpu-percentile',
    direction: 1,
    scale: 'linear',
    grid: linearGrid(0.5, 1, 0.025),
    nominalSlo: () => null,
    nominalSloMeaning: 'none: one container’s percentile names no machine’s overflow probability',
    alignedRank: 9,
  },
};
