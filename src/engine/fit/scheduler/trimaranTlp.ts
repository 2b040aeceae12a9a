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
import { checkRange } from '../../ranges.ts';
import type { FitCode } from '../entry.ts';
import { stateOnlySlack, type FitTest } from '../fitTest.ts';
import { assumedRequests, meanAndSd, windowColumns, windowSizes } from './usage.ts';
import { STEP_PARAMETER } from '../entries/usage.ts';
import {
  TLP_TARGET,
  TLP_MULTIPLIER,
  TRIMARAN_WINDOW,
  TLP_DEFAULTS,
} from '../entries/trimaranTlp.ts';

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

export const TLP_CODE: FitCode = {
  kind: 'tlp',
  create: ([target, multiplier, window, step]) =>
    trimaranTargetLoadPacking(target, multiplier, window, step),
};
