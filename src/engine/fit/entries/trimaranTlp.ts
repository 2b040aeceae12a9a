/**
 * The registry's entry of Trimaran's TargetLoadPacking rule with its parameters' ranges and
 * defaults, and the window parameter both Trimaran rules share: its description (label,
 * parameters, sweep, tuning), which the first page reads; its code is
 * `../scheduler/trimaranTlp.ts`.
 */
import { numberRange } from '../../ranges.ts';
import { linearGrid, type FitEntry, type FitParameter } from '../entry.ts';
import { REQUEST_ASSUMPTION, STEP_PARAMETER } from './usage.ts';

export const TLP_TARGET = numberRange('targetUtilization', 'U', {
  min: 0,
  minOpen: true,
  max: 100,
});
export const TLP_MULTIPLIER = numberRange('defaultRequestsMultiplier', 'm', {
  min: 0,
  minOpen: true,
});
/** load-watcher's window (seconds); 0: the whole learned part. */
export const TRIMARAN_WINDOW = numberRange('load-watcher window', 'w', { min: 0 });

/** Trimaran's defaults: target 40 %, multiplier 1.5, load-watcher's 15-minute window. */
export const TLP_DEFAULTS = { target: 40, multiplier: 1.5, window: 900 } as const;

export const TRIMARAN_SCORE_ONLY = 'this plugin only scores; read as a filter at the target';

export const TRIMARAN_WINDOW_PARAMETER: FitParameter = {
  key: 'window',
  range: TRIMARAN_WINDOW,
  default: TLP_DEFAULTS.window,
  input: {
    label: 'load-watcher window w (s; 0: the whole learned part)',
    widget: 'number',
    min: 0,
    max: 30 * 86400,
  },
  arbitrary: { min: 0, max: 86400 },
};

export const TLP_FIT: FitEntry = {
  kind: 'tlp',
  label: `Trimaran TargetLoadPacking (targetUtilization %; ${TRIMARAN_SCORE_ONLY}; ${REQUEST_ASSUMPTION})`,
  group: 'scheduler',
  family: { name: 'Trimaran TLP U' },
  slackMeaning: `U − 100·(window average + m × request) / c (${TRIMARAN_SCORE_ONLY}; ${REQUEST_ASSUMPTION})`,
  sweep: [
    [40, 1.5, 0],
    [70, 1.5, 0],
  ],
  readsPercentiles: true,
  parameters: [
    {
      key: 'target',
      range: TLP_TARGET,
      input: { label: 'targetUtilization U (%)', widget: 'number', min: 1, max: 100 },
      arbitrary: { min: 1, max: 100 },
    },
    {
      key: 'multiplier',
      range: TLP_MULTIPLIER,
      default: TLP_DEFAULTS.multiplier,
      input: { label: 'defaultRequestsMultiplier m', widget: 'number', min: 0.1, max: 10 },
      arbitrary: { min: 0.1, max: 4 },
    },
    TRIMARAN_WINDOW_PARAMETER,
    STEP_PARAMETER,
  ],
  example: { kind: 'tlp', target: 40, multiplier: 1.5, window: 900, step: 300 },
  tuning: {
    label: 'Trimaran targetUtilization %',
    direction: -1,
    scale: 'linear',
    grid: linearGrid(100, 10, -5),
    nominalSlo: () => null,
    nominalSloMeaning: 'none: a target utilisation names no overflow probability',
  },
};
