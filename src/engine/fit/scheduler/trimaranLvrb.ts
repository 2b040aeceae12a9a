/**
 * Trimaran's `LoadVariationRiskBalancing`, read as a filter (kubernetes-sigs/scheduler-plugins at
 * 903da7d, pkg/trimaran/loadvariationriskbalancing/analysis.go `computeScore`,
 * pkg/trimaran/resourcestats.go `CreateResourceStats` and `GetMuSigma`, the plugin's README.md;
 * defaults apis/config/v1/defaults.go; the node's `avg_over_time` and `stddev_over_time` over
 * load-watcher's 15-minute window, paypal/load-watcher pkg/watcher/internal/metricsprovider/
 * prometheus.go). This plugin only scores; here it is read as a filter at the risk it names.
 *
 * The code: μ = (A + r)/c clamped to [0, 1] (A the node's average usage over the window, r the pod's
 * request: the pod adds its request to the mean and no variance), σ = S/c clamped to [0, 1] (S the
 * node's population standard deviation over the window), σ' = min(1, margin · σ^(1/sensitivity)),
 * risk = (μ + σ')/2, score = 100·(1 − risk). As a filter, the node with the pod holds when
 *
 *   μ + min(1, margin · min(σ, 1)^(1/sensitivity)) ≤ 1,
 *
 * that is the code's risk ≤ ½ (score ≥ 50) with μ left unclamped, so that a mean past capacity never
 * fits. Slack = 1 − that sum. `safeVarianceMargin` (≥ 0) and `safeVarianceSensitivity` (> 0; the code
 * skips the root for a negative one, which the defaults replace) default to 1 and 1 in the code
 * (defaults.go) while the README recommends 1 and 2: both are always written in the spec and the
 * notation (`lvrb:1:2`). With sensitivity 2 the headroom margin·√σ is a number of σ that depends on
 * the node's own σ (√σ/σ = 1/√σ): 5σ at σ = 0.04, 2σ at σ = 0.25. The request is assumed
 * (`REQUEST_ASSUMPTION`).
 */
import { checkRange } from '../../ranges.ts';
import type { FitCode } from '../entry.ts';
import { stateOnlySlack, type FitTest } from '../fitTest.ts';
import { assumedRequests, meanAndSd, windowSizes } from './usage.ts';
import { STEP_PARAMETER } from '../entries/usage.ts';
import { trimaranColumns } from './trimaranTlp.ts';
import { TRIMARAN_WINDOW, TRIMARAN_WINDOW_PARAMETER } from '../entries/trimaranTlp.ts';
import { LVRB_MARGIN, LVRB_SENSITIVITY } from '../entries/trimaranLvrb.ts';

/** The filter's sum μ + σ' (fractions of capacity): the pod fits iff it is ≤ 1. */
export function lvrbLoad(
  mean: number,
  sd: number,
  request: number,
  capacity: number,
  margin: number,
  sensitivity: number,
): number {
  const mu = Math.max(0, (mean + request) / capacity);
  const sigma = Math.max(0, Math.min(sd / capacity, 1));
  return mu + Math.min(1, margin * sigma ** (1 / sensitivity));
}

export function trimaranLoadVariationRiskBalancing(
  margin: number,
  sensitivity: number,
  window: number = TRIMARAN_WINDOW_PARAMETER.default as number,
  step: number = STEP_PARAMETER.default as number,
): FitTest {
  checkRange(LVRB_MARGIN, margin);
  checkRange(LVRB_SENSITIVITY, sensitivity);
  checkRange(TRIMARAN_WINDOW, window);
  checkRange(STEP_PARAMETER.range, step);
  return {
    spec: { kind: 'lvrb', margin, sensitivity, window, step },
    usesVariance: false,
    sizes(stats, rows) {
      const columns = () => trimaranColumns(window, step, stats.width);
      const request = assumedRequests(stats, rows);
      return windowSizes(stats, rows, columns, request, (view, j, t, capacity) => {
        const { mean, sd } = meanAndSd(view.total(j));
        return 1 - lvrbLoad(mean, sd, request[t], capacity, margin, sensitivity);
      });
    },
    slack: stateOnlySlack('lvrb'),
  };
}

declare module '../fitTest.ts' {
  interface FitSpecs {
    lvrb: {
      readonly kind: 'lvrb';
      readonly margin: number;
      readonly sensitivity: number;
      readonly window: number;
      readonly step: number;
    };
  }
}

export const LVRB_CODE: FitCode = {
  kind: 'lvrb',
  create: ([margin, sensitivity, window, step]) =>
    trimaranLoadVariationRiskBalancing(margin, sensitivity, window, step),
};
