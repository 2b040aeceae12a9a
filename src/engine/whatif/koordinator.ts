/**
 * Koordinator's LoadAwareScheduling, online (koordinator-sh/koordinator,
 * pkg/scheduler/plugins/loadaware/load_aware.go `Filter`, `Score`, `GetEstimatedUsed`,
 * `estimatedAssignedPodUsed`, `filterNodeUsage`, `loadAwareSchedulingScorer`/`leastUsedScore`;
 * helper.go `missedLatestUpdateTime`, `stillInTheReportInterval`, `getTargetAggregatedUsage`;
 * estimator/default_estimator.go `estimatedUsedByResource`; the aggregated percentile of
 * pkg/koordlet/metriccache/util.go `fieldPercentileOfMetricList`), CPU only, beside kube's
 * NodeResourcesFit filter on requests (koord-scheduler keeps the default filters).
 *
 * The node's NodeMetric is its report at the latest report instant u before the arrival: koordlet
 * reports every `reportIntervalSeconds` (NodeMetric collectPolicy; default 60 s), here at every
 * instant whose index is a multiple of max(1, round(interval / step)); its usage is the node's total
 * at u (or, aggregated, the percentile of its totals over the `duration` before u, as many as the
 * node has: a window not yet filled reads what there is). A node with no report yet has no
 * NodeMetric: the filter lets the pod through and the score is 0, as upstream does.
 *
 * The estimate: the new pod's `estimatedScalingFactors` % × its request (250 m without one), plus
 * every pod this scheduler bound to the node that the report does not show at full weight: bound
 * after u, or less than the report interval before it; each counts max(its estimate, its reported
 * usage), and the reported usage of those pods is taken off the node's (when the node's is larger).
 * Passes iff round(100 · estimate / allocatable) ≤ usageThresholds (0: no limit); the score is
 * (allocatable − estimate) · 100 / allocatable in integers, 0 above allocatable. Reports are taken
 * as fresh (the data's step stands for their age): NodeMetric expiry is not modelled. Only this
 * plugin scores; ties go to the lowest node name.
 */
import { checkRange } from '../ranges.ts';
import { koordletIndex } from '../fit/scheduler/koordinator.ts';
import { KOORD_FACTOR, KOORD_THRESHOLD } from '../fit/entries/koordinator.ts';
import type { ClusterView, OnlineScheduler } from './model.ts';
import { keptPerInstant } from './perInstant.ts';
import { fitsRequest, MAX_NODE_SCORE } from './kubeDefault.ts';

/** estimator/default_estimator.go: the estimate of a pod without a CPU request. */
const KOORD_DEFAULT_MILLI_CPU = 250;

type KoordAggregation = 'avg' | 'p50' | 'p90' | 'p95' | 'p99';

export interface KoordinatorSettings {
  /** usageThresholds.cpu (%; 0: no limit). */
  readonly threshold: number;
  /** estimatedScalingFactors.cpu (%). */
  readonly factor: number;
  /** NodeMetric collectPolicy.reportIntervalSeconds. */
  readonly reportInterval: number;
  /** aggregated.usageAggregationType and its threshold and duration (s; 0: the longest, 30 min). */
  readonly aggregation?: {
    readonly type: KoordAggregation;
    readonly threshold: number;
    readonly duration: number;
  };
}

export const KOORD_ONLINE_DEFAULTS: KoordinatorSettings = {
  threshold: 65,
  factor: 85,
  reportInterval: 60,
};

/** koordlet's longest default aggregation window (NodeMetric aggregate durations 5, 10, 30 min). */
const LONGEST_AGGREGATION = 1800;

function aggregate(values: number[], type: KoordAggregation): number {
  if (type === 'avg') return values.reduce((a, b) => a + b, 0) / values.length;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[koordletIndex(sorted.length, Number(type.slice(1)) / 100)];
}

export function koordinatorOnline(
  settings: KoordinatorSettings = KOORD_ONLINE_DEFAULTS,
  step: number,
): OnlineScheduler {
  checkRange(KOORD_THRESHOLD, settings.threshold);
  checkRange(KOORD_FACTOR, settings.factor);
  const every = Math.max(1, Math.round(settings.reportInterval / step));
  const agg = settings.aggregation;
  const window = agg
    ? Math.max(1, Math.round((agg.duration === 0 ? LONGEST_AGGREGATION : agg.duration) / step))
    : 1;
  const estimate = (view: ClusterView, p: number) => {
    const r = view.requestMilli(p);
    return r === 0 ? KOORD_DEFAULT_MILLI_CPU : Math.round((r * settings.factor) / 100);
  };
  /**
   * The node's estimated usage without the arriving pod (its report, less what the report shows of
   * the pods it assigned since, plus their estimates), or NaN without a NodeMetric.
   */
  const reportedEstimate = (view: ClusterView, n: number): number => {
    const since = view.node(n).since;
    let u = view.t - 1;
    u -= u % every;
    if (u < since || u < 0) return NaN;
    let nodeUsage: number;
    if (agg) {
      const values: number[] = [];
      for (let k = Math.max(since, u - window + 1, 0); k <= u; k++)
        values.push(view.nodeUsageMilli(n, k) ?? 0);
      nodeUsage = Math.round(aggregate(values, agg.type));
    } else nodeUsage = view.nodeUsageMilli(n, u) ?? 0;
    let total = 0;
    let reported = 0;
    const interval = settings.reportInterval;
    for (const a of view.assignedSince(n, Math.floor(u - interval / view.step))) {
      const missed = a.at > u;
      const recent = a.at <= u && (u - a.at) * view.step < interval;
      if (!missed && !recent) continue;
      let value = estimate(view, a.pod);
      if (!missed) {
        const used = view.podUsageMilli(a.pod, u);
        if (used > value) value = used;
        reported += used;
      }
      total += value;
    }
    return total + (nodeUsage >= reported ? nodeUsage - reported : nodeUsage);
  };
  /** Integers in millicores: the arriving pod's estimate added later gives the same sum. */
  const estimatedWithout = keptPerInstant(reportedEstimate);
  const threshold = agg ? agg.threshold : settings.threshold;
  return {
    name: 'koordinator',
    settings: {
      'usageThresholds.cpu': settings.threshold,
      'estimatedScalingFactors.cpu': settings.factor,
      reportIntervalSeconds: settings.reportInterval,
      ...(agg
        ? {
            'aggregated.usageAggregationType': agg.type,
            'aggregated.usageThresholds.cpu': agg.threshold,
            'aggregated.usageAggregatedDuration': agg.duration,
          }
        : {}),
    },
    historyInstants: every + window,
    window: agg
      ? {
          what: 'aggregated.usageAggregatedDuration',
          seconds: agg.duration === 0 ? LONGEST_AGGREGATION : agg.duration,
          instants: window,
        }
      : null,
    place(pod, view) {
      const request = view.requestMilli(pod);
      const own = estimate(view, pod);
      let best = -1;
      let bestScore = -1;
      let bestName = '';
      for (let n = 0; n < view.nodeCount; n++) {
        if (!fitsRequest(view, n, request)) continue;
        const node = view.node(n);
        const base = estimatedWithout(view, n);
        const capacity = node.capacityMilli;
        const e = own + base;
        const metric = !Number.isNaN(base) && capacity !== 0;
        if (metric && threshold !== 0 && Math.round((e / capacity) * 100) > threshold) continue;
        const score =
          !metric || e > capacity ? 0 : Math.floor(((capacity - e) * MAX_NODE_SCORE) / capacity);
        if (score > bestScore || (score === bestScore && node.name < bestName)) {
          best = n;
          bestScore = score;
          bestName = node.name;
        }
      }
      return best;
    },
  };
}
