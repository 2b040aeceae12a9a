/**
 * Trimaran's `TargetLoadPacking`, read as a filter (kubernetes-sigs/scheduler-plugins at 903da7d,
 * pkg/trimaran/targetloadpacking/targetloadpacking.go `Score` and `PredictUtilisation`; defaults
 * apis/config/v1/defaults.go; the node's metric from paypal/load-watcher at 17df8f9,
 * pkg/watcher/api/client.go, a 15-minute window). This plugin only scores: it ranks a node highest
 * when the predicted utilisation lands at the target and penalises it above. Here it is read as a
 * filter at the target: a pod fits iff
 *
 *   100 · (A + m · r) / c ≤ U,
 *
 * A the node's average usage over the window (`avg_over_time`; 0 s = the whole learned part), r the
 * pod's request and m `defaultRequestsMultiplier` (default 1.5: a pod with a request and no limit is
 * predicted at 1.5 × its request), U `targetUtilization` (percent; default 40, which the project
 * recommends to set 10 below the utilisation wanted). The request is assumed (`REQUEST_ASSUMPTION`):
 * every task is taken as a Burstable pod (a request, no limit). Slack = U − the predicted percent.
 */
import { checkRange, numberRange } from '../../ranges.ts';
import { linearGrid, type FitEntry, type FitParameter } from '../entry.ts';
import { stateOnlySlack, type FitTest } from '../fitTest.ts';
import {
  assumedRequests,
  meanAndSd,
  REQUEST_ASSUMPTION,
  STEP_PARAMETER,
  windowColumns,
  windowSizes,
} from './usage.ts';

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

/** The window's columns (all observed columns for 0 s). */
export function trimaranColumns(window: number, step: number, history: number): number {
  return window === 0 ? history : windowColumns('the load-watcher window', window, step, history);
}

export function trimaranTargetLoadPacking(
  target: number,
  multiplier: number = TLP_DEFAULTS.multiplier,
  window: number = TLP_DEFAULTS.window,
  step: number = STEP_PARAMETER.default as number,
): FitTest {
  checkRange(TLP_TARGET, target);
  checkRange(TLP_MULTIPLIER, multiplier);
  checkRange(TRIMARAN_WINDOW, window);
  checkRange(STEP_PARAMETER.range, step);
  return {
    spec: { kind: 'tlp', target, multiplier, window, step },
    usesVariance: false,
    sizes(stats, rows) {
      const columns = () => trimaranColumns(window, step, stats.width);
      const request = assumedRequests(stats, rows);
      return windowSizes(stats, rows, columns, request, (view, j, t, capacity) => {
        const average = meanAndSd(view.total(j)).mean;
        return target - (100 * (average + multiplier * request[t])) / capacity;
      });
    },
    slack: stateOnlySlack('tlp'),
  };
}

declare module '../fitTest.ts' {
  interface FitSpecs {
    tlp: {
      readonly kind: 'tlp';
      readonly target: number;
      readonly multiplier: number;
      readonly window: number;
      readonly step: number;
    };
  }
}

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
  create: ([target, multiplier, window, step]) =>
    trimaranTargetLoadPacking(target, multiplier, window, step),
  tuning: {
    label: 'Trimaran targetUtilization %',
    direction: -1,
    scale: 'linear',
    grid: linearGrid(100, 10, -5),
    nominalSlo: () => null,
    nominalSloMeaning: 'none: a target utilisation names no overflow probability',
  },
};
