/**
 * Memory requests, where the history carries memory (Prometheus' `container_memory_working_set_bytes`
 * in bytes, or a memory file beside a CPU file, in the data's unit). Memory is not shared as CPU is:
 * a container above its memory limit is OOM-killed and a node short of memory evicts the pods
 * furthest above their requests, so no strategy here trades a share of instants for nodes; each
 * sizes a workload on its peaks, learned on the learned part only.
 *
 * **krr `simple`** (robusta-dev/krr `robusta_krr/strategies/simple.py`,
 * `SimpleStrategySettings.calculate_memory_proposal` and `SimpleStrategy.__calculate_memory_proposal`,
 * with `MaxMemoryLoader` and `MemoryAmountLoader`): the largest of the pods' peaks (max over the
 * history) × (1 + `memory_buffer_percentage` / 100), 15 %; no recommendation under
 * `points_required` (100) samples over the pods, as for CPU.
 *
 * **The VPA recommender** (kubernetes/autoscaler `vertical-pod-autoscaler/pkg/recommender`:
 * `model/container.go` `ContainerState.addMemorySample`, `model/aggregations_config.go`
 * `memoryHistogramOptions` and `DefaultMemoryAggregationInterval`, `logic/estimator.go`, `config/
 * config.go`'s defaults): one sample per container per 24-hour interval, its peak (the intervals
 * start at the container's first sample, the peak stamped at the interval's end), in one decaying
 * histogram of every pod of the workload — buckets from 10 MB growing 5 % to 1 TB, weight doubling
 * every 24 h — its 0.9 percentile (the end of the bucket reaching it) × 1.15, at least 250 MiB
 * (`pod-recommendation-min-memory-mb`), rounded up to a byte (`round-memory-bytes` 1). In machine
 * units (files) a machine is read as the bytes the caller gives (`--memory-per-machine`, default
 * MEMORY_GIB_PER_CORE a core).
 *
 * **slopack** (a choice, docs/rightsize.md): the workload's learned peak × (1 + g), g the largest
 * rise seen walk-forward on the learned part — over the folds of `validationFolds` (learn days
 * 1..k, judge day k + 1; four blocks under two days), the judged fold's peak over the peak learned
 * before it, less one, never below 0. A workload whose memory never rose past what came before gets
 * its peak; one that grows (a cache filling, a leak) gets the growth it showed, which krr's fixed
 * 15 % may miss or overpay.
 */
import { validationFolds } from '../replay/walkForward.ts';
import type { Recommendation, WorkloadSamples } from './recommenders.ts';
import type { StrategyName } from './rightsize.ts';

/**
 * A machine's memory where the data give no bytes (files in machine units): 4 GiB a core, the
 * ratio of general-purpose cloud nodes (GKE e2-standard, EC2 m-family), the command line's
 * `--memory-per-machine` default and the Requests view's (docs/rightsize.md).
 */
export const MEMORY_GIB_PER_CORE = 4;

const KRR_MEMORY = { bufferPercent: 15, pointsRequired: 100 } as const;

const VPA_MEMORY = {
  targetPercentile: 0.9,
  safetyMargin: 0.15,
  podMinBytes: 250 * 1024 * 1024,
  intervalSeconds: 24 * 3600,
  halfLifeSeconds: 24 * 3600,
  firstBucket: 1e7,
  bucketGrowth: 0.05,
  maxBytes: 1e12,
} as const;

/** krr `simple`'s memory request (in the samples' unit), or why it gives none. */
function krrMemory(w: WorkloadSamples): Recommendation {
  const points = w.pods.reduce((a, s) => a + s.length, 0);
  if (points === 0) return { cores: null, why: 'no data' };
  if (points < KRR_MEMORY.pointsRequired)
    return {
      cores: null,
      why: `not enough data: ${points} samples over its pods, krr's simple strategy needs ${KRR_MEMORY.pointsRequired} (points_required)`,
    };
  let peak = 0;
  for (const s of w.pods) for (const v of s) peak = Math.max(peak, v);
  return { cores: peak * (1 + KRR_MEMORY.bufferPercent / 100), why: null };
}

/** Each pod's peak per 24-hour interval from its first sample, stamped at the interval's end. */
function dailyPeaks(w: WorkloadSamples): { peak: number; at: number }[] {
  const out: { peak: number; at: number }[] = [];
  w.pods.forEach((s, p) => {
    const times = w.times[p];
    if (s.length === 0) return;
    const first = times[0];
    let end = first + VPA_MEMORY.intervalSeconds;
    let peak = -Infinity;
    for (let k = 0; k < s.length; k++) {
      if (times[k] >= end) {
        out.push({ peak, at: end });
        const skipped = Math.floor((times[k] - end) / VPA_MEMORY.intervalSeconds);
        end += (skipped + 1) * VPA_MEMORY.intervalSeconds;
        peak = -Infinity;
      }
      peak = Math.max(peak, s[k]);
    }
    out.push({ peak, at: end });
  });
  return out;
}

/**
 * The VPA recommender's memory target (see the file's comment); `perUnit` the bytes of one unit of
 * the samples (1 for bytes; a machine's memory for machine units).
 */
function vpaMemory(w: WorkloadSamples, perUnit: number): Recommendation {
  const peaks = dailyPeaks(w);
  if (peaks.length === 0) return { cores: null, why: 'no data' };
  const ratio = 1 + VPA_MEMORY.bucketGrowth;
  const first = VPA_MEMORY.firstBucket;
  const count =
    Math.ceil(Math.log((VPA_MEMORY.maxBytes * (ratio - 1)) / first + 1) / Math.log(ratio)) + 1;
  const bucketOf = (v: number) =>
    v < first
      ? 0
      : Math.min(count - 1, Math.floor(Math.log((v * (ratio - 1)) / first + 1) / Math.log(ratio)));
  const start = (b: number) => (b === 0 ? 0 : (first * (Math.pow(ratio, b) - 1)) / (ratio - 1));
  const origin = Math.min(...peaks.map((p) => p.at));
  const weights = new Map<number, number>();
  let total = 0;
  for (const p of peaks) {
    const b = bucketOf(p.peak * perUnit);
    const weight = Math.pow(2, (p.at - origin) / VPA_MEMORY.halfLifeSeconds);
    weights.set(b, (weights.get(b) ?? 0) + weight);
    total += weight;
  }
  const buckets = [...weights.keys()].sort((a, b) => a - b);
  let partial = 0;
  let b = buckets[buckets.length - 1];
  for (const k of buckets) {
    partial += weights.get(k)!;
    if (partial >= VPA_MEMORY.targetPercentile * total) {
      b = k;
      break;
    }
  }
  const percentile = b < count - 1 ? start(b + 1) : start(b);
  let target = percentile * (1 + VPA_MEMORY.safetyMargin);
  target = Math.ceil(Math.max(target, VPA_MEMORY.podMinBytes));
  return { cores: target / perUnit, why: null };
}

/** The workload's peak over the samples whose instants fall in [from, to) (seconds). */
function peakBetween(w: WorkloadSamples, from: number, to: number): number {
  let peak = -Infinity;
  w.pods.forEach((s, p) => {
    const times = w.times[p];
    for (let k = 0; k < s.length; k++)
      if (times[k] >= from && times[k] < to) peak = Math.max(peak, s[k]);
  });
  return peak;
}

/**
 * slopack's memory request (see the file's comment): `instants` the learned part's times (s),
 * `step` their spacing. Also the growth it applied, for the report.
 */
function slopackMemory(
  w: WorkloadSamples,
  instants: Float64Array,
  step: number,
): Recommendation & { growth: number } {
  const peak = peakBetween(w, -Infinity, Infinity);
  if (!(peak > -Infinity)) return { cores: null, why: 'no data', growth: 0 };
  let growth = 0;
  if (instants.length >= 2)
    for (const f of validationFolds(instants.length, step)) {
      const at = (k: number) => (k < instants.length ? instants[k] : Infinity);
      const before = peakBetween(w, -Infinity, at(f.learn.end));
      const after = peakBetween(w, at(f.judge.start), at(f.judge.end));
      if (before > 0 && after > before) growth = Math.max(growth, after / before - 1);
    }
  return { cores: peak * (1 + growth), why: null, growth };
}

/** One strategy's memory request per workload (the samples' unit; NaN where none) and why not. */
export interface MemoryOutcome {
  readonly strategy: StrategyName;
  readonly requests: Float64Array;
  readonly why: (string | null)[];
}

/**
 * Every strategy's memory requests: `samples(k)` workload k's learned memory samples, `instants`
 * the learned part's times (s) and `step` their spacing (slopack's folds).
 */
export function memoryRequests(
  workloads: number,
  samples: (k: number) => WorkloadSamples,
  bytesPerUnit: number,
  instants: Float64Array,
  step: number,
): MemoryOutcome[] {
  const recommenders: [StrategyName, (w: WorkloadSamples) => Recommendation][] = [
    ['slopack', (w) => slopackMemory(w, instants, step)],
    ['krr', krrMemory],
    ['vpa', (w) => vpaMemory(w, bytesPerUnit)],
  ];
  const all = Array.from({ length: workloads }, (_, k) => samples(k));
  return recommenders.map(([strategy, recommend]) => {
    const why: (string | null)[] = [];
    const requests = Float64Array.from(all, (w) => {
      const r = recommend(w);
      why.push(r.why);
      return r.cores ?? NaN;
    });
    return { strategy, requests, why };
  });
}
