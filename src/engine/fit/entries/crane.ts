/**
 * The registry's entry of Crane's dynamic scheduler rule with its parameters' ranges and defaults:
 * its description (label, parameters, sweep, tuning), which the first page reads; its code is
 * `../scheduler/crane.ts`.
 */
import { numberRange } from '../../ranges.ts';
import { linearGrid, type FitEntry } from '../entry.ts';
import { STEP_PARAMETER } from './usage.ts';

export const CRANE_LIMIT = numberRange('maxLimitPecent of cpu_usage_avg_5m', 'L', {
  min: 0,
  minOpen: true,
  max: 1,
});
export const CRANE_HOUR = numberRange('cpu_usage_max_avg_1h limit as a multiple of L', 'h', {
  min: 0,
});
export const CRANE_DAY = numberRange('cpu_usage_max_avg_1d limit as a multiple of L', 'd', {
  min: 0,
});

/** The default policy (policy.yaml): 0.65 on the 5-minute mean, 0.75 on the hour's maximum. */
export const CRANE_DEFAULTS = { limit: 0.65, hour: 0.75 / 0.65, day: 0 } as const;

export const CRANE_PREDICATES = [
  { name: 'cpu_usage_avg_5m', seconds: 300 },
  { name: 'cpu_usage_max_avg_1h', seconds: 3600 },
  { name: 'cpu_usage_max_avg_1d', seconds: 86400 },
] as const;

export const CRANE_FIT: FitEntry = {
  kind: 'crane',
  label:
    'Crane Dynamic (maxLimitPecent of cpu_usage_avg_5m; 1 h and 1 d maxima at multiples of it)',
  group: 'scheduler',
  family: { name: 'Crane maxLimitPecent' },
  slackMeaning:
    'min over predicates of maxLimitPecent − the node’s window metric / c (the pod’s size unread)',
  sweep: [
    [0.65, 0],
    [0.8, 0],
  ],
  parameters: [
    {
      key: 'limit',
      range: CRANE_LIMIT,
      input: { label: 'maxLimitPecent of cpu_usage_avg_5m L', widget: 'number', min: 0.01, max: 1 },
      arbitrary: { min: 0.01, max: 1 },
    },
    {
      key: 'hour',
      range: CRANE_HOUR,
      default: CRANE_DEFAULTS.hour,
      input: {
        label: 'cpu_usage_max_avg_1h limit, × L (0: off)',
        widget: 'number',
        min: 0,
        max: 5,
      },
      arbitrary: { min: 0, max: 3 },
    },
    {
      key: 'day',
      range: CRANE_DAY,
      default: CRANE_DEFAULTS.day,
      input: {
        label: 'cpu_usage_max_avg_1d limit, × L (0: off)',
        widget: 'number',
        min: 0,
        max: 5,
      },
      arbitrary: { min: 0, max: 3 },
    },
    STEP_PARAMETER,
  ],
  example: { kind: 'crane', limit: 0.65, hour: CRANE_DEFAULTS.hour, day: 0, step: 300 },
  tuning: {
    label: 'Crane maxLimitPecent (5 min)',
    direction: -1,
    scale: 'linear',
    grid: linearGrid(1, 0.2, -0.05),
    nominalSlo: () => null,
    nominalSloMeaning: 'none: a usage limit names no overflow probability',
  },
};
