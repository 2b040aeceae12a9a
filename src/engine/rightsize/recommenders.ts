/**
 * The two recommenders SREs run today, on the same learned history as slopack's requests:
 *
 * **krr `simple`** (robusta-dev/krr `robusta_krr/strategies/simple.py`, `SimpleStrategy.
 * __calculate_cpu_proposal` and `SimpleStrategySettings.calculate_cpu_proposal`, with the
 * `PercentileCPULoader` and `CPUAmountLoader` of `core/integrations/prometheus/metrics`): each
 * pod's `quantile_over_time(0.95)` of its usage (Prometheus' φ-quantile: linear interpolation, the
 * type 7 of `percentileOfSorted`), the workload's request the largest over its pods; no limit.
 * `points_required` (100): a workload with fewer samples over all its pods gets no recommendation
 * ("Not enough data"). The percentile is `cpu_percentile` (95 in the releases this follows; the
 * branch that raised it to 99 is named in docs/rightsize.md).
 *
 * **The VPA recommender** (kubernetes/autoscaler `vertical-pod-autoscaler/pkg/recommender`:
 * `logic/recommender.go` `CreatePodResourceRecommender`, `model/aggregate_container_state.go`
 * `addCPUSample`, `util/decaying_histogram.go`, `util/histogram.go` `Percentile`,
 * `util/histogram_options.go` `NewExponentialHistogramOptions`, `model/aggregations_config.go`):
 * every sample of every pod of the workload in one decaying histogram — exponential buckets from
 * 0.01 core growing by 5 % up to 1000 cores, each sample weighted max(request, 0.1 core) ×
 * 2^(age / 24 h half-life) — its 0.9 percentile read as the end of the bucket holding it, × 1.15
 * (`recommendation-margin-fraction`), at least 25 m per pod (`pod-recommendation-min-cpu-
 * millicores`), rounded up to a whole millicore (`round-cpu-millicores`). The request a sample is
 * weighted by is constant over a history here (one request per pod), so it cancels.
 */
import { percentileOfSorted } from '../stats/percentile.ts';

/** One workload's samples as the recommenders read them: per pod its samples and their times (s). */
export interface WorkloadSamples {
  /** Per pod, its usage in cores at its instants. */
  readonly pods: readonly Float64Array[];
  /** Per pod, the time in seconds of each sample. */
  readonly times: readonly Float64Array[];
}

const KRR_DEFAULTS = { percentile: 95, pointsRequired: 100 } as const;

export type Recommendation =
  { readonly cores: number; readonly why: null } | { readonly cores: null; readonly why: string };

/** krr `simple`'s CPU request in cores, or why it gives none. */
export function krrSimple(
  w: WorkloadSamples,
  percentile: number = KRR_DEFAULTS.percentile,
  pointsRequired: number = KRR_DEFAULTS.pointsRequired,
): Recommendation {
  const points = w.pods.reduce((a, s) => a + s.length, 0);
  if (points === 0) return { cores: null, why: 'no data' };
  if (points < pointsRequired)
    return {
      cores: null,
      why: `not enough data: ${points} samples over its pods, krr's simple strategy needs ${pointsRequired} (points_required)`,
    };
  let best = 0;
  for (const s of w.pods) {
    if (s.length === 0) continue;
    const sorted = Float64Array.from(s).sort();
    best = Math.max(best, percentileOfSorted(sorted, percentile));
  }
  return { cores: best, why: null };
}

const VPA_DEFAULTS = {
  targetPercentile: 0.9,
  safetyMargin: 0.15,
  podMinCores: 0.025,
  halfLifeSeconds: 24 * 3600,
  firstBucket: 0.01,
  bucketGrowth: 0.05,
  maxCores: 1000,
  minSampleWeight: 0.1,
} as const;

/** The VPA's CPU histogram buckets (NewExponentialHistogramOptions(1000, 0.01, 1.05, ε)). */
class VpaBuckets {
  readonly count: number;
  private readonly ratio: number;

  constructor(
    private readonly first: number = VPA_DEFAULTS.firstBucket,
    growth: number = VPA_DEFAULTS.bucketGrowth,
    max: number = VPA_DEFAULTS.maxCores,
  ) {
    this.ratio = 1 + growth;
    this.count =
      Math.ceil(Math.log((max * (this.ratio - 1)) / first + 1) / Math.log(this.ratio)) + 1;
  }

  find(value: number): number {
    if (value < this.first) return 0;
    const b = Math.floor(
      Math.log((value * (this.ratio - 1)) / this.first + 1) / Math.log(this.ratio),
    );
    return Math.min(b, this.count - 1);
  }

  start(b: number): number {
    return b === 0 ? 0 : (this.first * (Math.pow(this.ratio, b) - 1)) / (this.ratio - 1);
  }
}

/** The VPA recommender's CPU target in cores (see the file's comment). */
export function vpaTarget(w: WorkloadSamples, buckets = new VpaBuckets()): Recommendation {
  const weights = new Float64Array(buckets.count);
  let total = 0;
  let origin = Infinity;
  for (const t of w.times) if (t.length) origin = Math.min(origin, t[0]);
  if (origin === Infinity) return { cores: null, why: 'no data' };
  let min = buckets.count - 1;
  let max = 0;
  w.pods.forEach((s, p) => {
    const times = w.times[p];
    for (let k = 0; k < s.length; k++) {
      const weight =
        VPA_DEFAULTS.minSampleWeight *
        Math.pow(2, (times[k] - origin) / VPA_DEFAULTS.halfLifeSeconds);
      const b = buckets.find(s[k]);
      weights[b] += weight;
      total += weight;
      min = Math.min(min, b);
      max = Math.max(max, b);
    }
  });
  const threshold = VPA_DEFAULTS.targetPercentile * total;
  let partial = 0;
  let b = min;
  for (; b < max; b++) {
    partial += weights[b];
    if (partial >= threshold) break;
  }
  const percentile = b < buckets.count - 1 ? buckets.start(b + 1) : buckets.start(b);
  const target = Math.max(percentile * (1 + VPA_DEFAULTS.safetyMargin), VPA_DEFAULTS.podMinCores);
  return { cores: Math.ceil(Math.round(target * 1e9) / 1e6) / 1000, why: null };
}
