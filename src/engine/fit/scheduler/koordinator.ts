/**
 * Koordinator's `LoadAwareScheduling` filter, CPU only (koordinator-sh/koordinator at a7a1b76,
 * pkg/scheduler/plugins/loadaware/load_aware.go `Filter` and `filterNodeUsage`, estimator/
 * default_estimator.go `estimatedUsedByResource`, pod_assign_cache.go
 * `GetNodeMetricAndEstimatedOfExisting`, pkg/koordlet/metriccache/util.go
 * `fieldPercentileOfMetricList`; defaults pkg/scheduler/apis/config/v1/defaults.go and types.go).
 *
 * A pod fits a node iff round(100 · (U + E) / c) ≤ T, where
 * - T is `usageThresholds[cpu]` (an integer percent, 0–100; default 65; a fractional T here acts as
 *   ⌊T⌋, as the comparison of an integer with T does), or `aggregated.usageThresholds[cpu]` when an
 *   aggregation is set;
 * - U is the node's usage: the latest sample (`nodeUsage`), or with `aggregated` the koordlet
 *   percentile p of the node's samples over `usageAggregatedDuration` (the sorted samples' element
 *   ⌊n·p⌋ − 1, at least the first, computed in float32 as koordlet does; 0 s = the longest period
 *   recorded, here the whole learned part). Koordinator's scheduler accepts p50, p90, p95, p99 and
 *   avg; any percentile is taken here, avg is not offered;
 * - E is the new pod's estimate, `estimatedScalingFactors[cpu]` % × its request (default 85). Not
 *   modelled: the code's rounding to whole millicores (the data give no core count) and the cap at
 *   the pod's limit (the data have no limits).
 * The request is assumed (`REQUEST_ASSUMPTION`). Slack = ⌊T⌋ + ½ − 100·(U + E)/c: ≥ 0 iff the rounded
 * percentage is within T (at exactly ⌊T⌋ + ½, which Go's math.Round sends up, it is a miss).
 */
import { checkRange } from '../../ranges.ts';
import type { FitCode } from '../entry.ts';
import { stateOnlySlack, type FitTest } from '../fitTest.ts';
import { assumedRequests, kthSmallest, windowColumns, windowSizes } from './usage.ts';
import { STEP_PARAMETER } from '../entries/usage.ts';
import {
  KOORD_THRESHOLD,
  KOORD_FACTOR,
  KOORD_AGGREGATION,
  KOORD_DURATION,
  KOORD_DEFAULTS,
} from '../entries/koordinator.ts';

/** Koordlet's index of percentile p among n ascending samples: ⌊n·p⌋ − 1 in float32, at least 0. */
export function koordletIndex(n: number, p: number): number {
  return Math.max(0, Math.trunc(Math.fround(Math.fround(n) * Math.fround(p))) - 1);
}

export function koordinatorLoadAware(
  threshold: number,
  factor: number = KOORD_DEFAULTS.factor,
  aggregation: number = KOORD_DEFAULTS.aggregation,
  duration: number = KOORD_DEFAULTS.duration,
  step: number = STEP_PARAMETER.default as number,
): FitTest {
  checkRange(KOORD_THRESHOLD, threshold);
  checkRange(KOORD_FACTOR, factor);
  checkRange(KOORD_AGGREGATION, aggregation);
  checkRange(KOORD_DURATION, duration);
  checkRange(STEP_PARAMETER.range, step);
  const limit = Math.floor(threshold) + 0.5;
  return {
    spec: { kind: 'koord', threshold, factor, aggregation, duration, step },
    usesVariance: false,
    sizes(stats, rows) {
      const columns = () =>
        aggregation === 0
          ? 1
          : duration === 0
            ? stats.width
            : windowColumns('usageAggregatedDuration', duration, step, stats.width);
      const request = assumedRequests(stats, rows);
      let scratch = new Float64Array(0);
      return windowSizes(stats, rows, columns, request, (view, j, t, capacity) => {
        const total = view.total(j);
        let usage = 0;
        if (total !== null && aggregation === 0) usage = total[total.length - 1];
        else if (total !== null) {
          if (scratch.length !== total.length) scratch = new Float64Array(total.length);
          scratch.set(total);
          usage = kthSmallest(scratch, koordletIndex(total.length, aggregation / 100));
        }
        const slack = limit - (100 * (usage + (request[t] * factor) / 100)) / capacity;
        return slack === 0 ? -Number.MIN_VALUE : slack;
      });
    },
    slack: stateOnlySlack('koord'),
  };
}

declare module '../fitTest.ts' {
  interface FitSpecs {
    koord: {
      readonly kind: 'koord';
      readonly threshold: number;
      readonly factor: number;
      readonly aggregation: number;
      readonly duration: number;
      readonly step: number;
    };
  }
}

export const KOORD_CODE: FitCode = {
  kind: 'koord',
  create: ([threshold, factor, aggregation, duration, step]) =>
    koordinatorLoadAware(threshold, factor, aggregation, duration, step),
};
