/**
 * The registry's entry of the Autopilot-style moving-window percentile with a margin, with its
 * parameters' ranges and defaults: its description (label, parameters, sweep, tuning), which the
 * first page reads; its code is `../autopilot.ts`.
 */
import { numberRange } from '../../ranges.ts';
import { linearGrid, type FitEntry } from '../entry.ts';
import { DETERMINISTIC_SLACK } from '../fitTest.ts';

export const AUTOPILOT_MARGIN = numberRange('Autopilot margin', 'm', { min: 0, max: 10 });
export const AUTOPILOT_PERCENTILE = numberRange('Autopilot percentile', 'p', { min: 0, max: 100 });
export const AUTOPILOT_HALF_LIFE = numberRange('sample half-life (hours)', 'h', {
  min: 0,
  minOpen: true,
});
export const AUTOPILOT_STEP = numberRange('sampling step (seconds)', 'Δ', {
  min: 0,
  minOpen: true,
});

/** Autopilot's CPU recommender: the 95th percentile of samples decaying with a 12-hour half-life. */
const AUTOPILOT_DEFAULTS = { percentile: 95, halfLife: 12, step: 300 } as const;

export const AUTOPILOT_FIT: FitEntry = {
  kind: 'apw',
  label: 'Autopilot moving window, (1 + m) × decayed p-th percentile per task',
  group: 'scheduler',
  family: { name: 'Autopilot margin m' },
  slackMeaning: `${DETERMINISTIC_SLACK}, size = (1 + m) × the task's decayed p-th percentile`,
  sweep: [[0], [0.1], [0.2]],
  parameters: [
    {
      key: 'margin',
      range: AUTOPILOT_MARGIN,
      arbitrary: { min: 0, max: 2 },
      input: { label: 'margin m', widget: 'number', min: 0, max: 10 },
    },
    {
      key: 'percentile',
      range: AUTOPILOT_PERCENTILE,
      default: AUTOPILOT_DEFAULTS.percentile,
      arbitrary: { min: 0, max: 100 },
      input: { label: 'percentile p', widget: 'number', min: 0, max: 100 },
    },
    {
      key: 'halfLife',
      range: AUTOPILOT_HALF_LIFE,
      default: AUTOPILOT_DEFAULTS.halfLife,
      arbitrary: { min: 0.1, max: 96 },
      input: { label: 'half-life (hours)', widget: 'number', min: 0.1, max: 1000 },
    },
    {
      key: 'step',
      range: AUTOPILOT_STEP,
      default: AUTOPILOT_DEFAULTS.step,
      arbitrary: { min: 1, max: 3600 },
      input: { label: 'step Δ (s)', widget: 'number', min: 1, max: 86400 },
    },
  ],
  example: { kind: 'apw', margin: 0.1, ...AUTOPILOT_DEFAULTS },
  tuning: {
    label: 'Autopilot margin m',
    direction: 1,
    scale: 'linear',
    grid: linearGrid(0, 1, 0.05),
    nominalSlo: () => null,
    nominalSloMeaning: 'none: one task’s percentile names no machine’s overflow probability',
    alignedRank: 8,
  },
};
