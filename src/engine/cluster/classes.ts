/**
 * Task classes (HARMONY §V, harmony-notes.md §1.3; SPEC §14): seeded k-means++ on per-task feature
 * vectors, an elbow (within-class sum of squares vs k), nearest-centroid labels, and class-level
 * statistics for packing by class: μ_n = mean of the members' means, σ_n² = between-task variance of
 * the means + mean within-task variance (law of total variance, harmony-notes.md §5 item 4).
 * Features are used as given (no scaling: CPU and memory are both fractions of a machine).
 */
import { Rng } from '../random/rng.ts';
import { MAX_ELBOW_K } from './ranges.ts';

export { MAX_ELBOW_K } from './ranges.ts';

export interface Clustering {
  readonly k: number;
  /** centroids[c] has one value per feature. */
  readonly centroids: readonly Float64Array[];
  readonly labels: Int32Array;
  /** Within-class sum of squared distances. */
  readonly sse: number;
  readonly iterations: number;
}

function dist2(x: readonly number[] | Float64Array, c: Float64Array): number {
  let s = 0;
  for (let f = 0; f < c.length; f++) {
    const d = x[f] - c[f];
    s += d * d;
  }
  return s;
}

/** The nearest centroid (ties: the lower class). */
export function nearestCentroid(
  x: readonly number[] | Float64Array,
  centroids: readonly Float64Array[],
): number {
  let best = 0;
  let bestD = Infinity;
  for (let c = 0; c < centroids.length; c++) {
    const d = dist2(x, centroids[c]);
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best;
}

/** Independent k-means++ starts by default; the best (least SSE) is kept (scikit-learn's n_init). */
export const KMEANS_STARTS = 10;

interface KmeansOptions {
  /** Independent k-means++ starts (≥ 1); default KMEANS_STARTS. */
  readonly starts?: number;
  readonly maxIterations?: number;
}

/**
 * k-means with `starts` independent k-means++ starts (start s draws from stream `kmeans`, index
 * 1000 + k + 10⁶·s), each followed by Lloyd's iterations; the start with the least within-class SSE
 * is kept (the earliest on ties).
 */
export function kmeansPoints(
  points: readonly Float64Array[],
  k: number,
  seed: number,
  options: KmeansOptions = {},
): Clustering {
  const starts = options.starts ?? KMEANS_STARTS;
  if (!(Number.isInteger(starts) && starts >= 1))
    throw new RangeError(`invalid k-means starts: ${starts} (need an integer ≥ 1)`);
  let best: Clustering | null = null;
  for (let s = 0; s < starts; s++) {
    const c = kmeansOnce(points, k, Rng.stream(seed, 'kmeans', 1000 + k + 1e6 * s), options);
    if (!best || c.sse < best.sse) best = c;
  }
  return best!;
}

/** One k-means++ seeding then Lloyd's iterations until labels settle (or `maxIterations`). */
function kmeansOnce(
  points: readonly Float64Array[],
  k: number,
  rng: Rng,
  { maxIterations = 100 }: KmeansOptions,
): Clustering {
  const n = points.length;
  if (!(Number.isInteger(k) && k >= 1))
    throw new RangeError(`invalid class count k: ${k} (need an integer ≥ 1)`);
  if (k > n) throw new RangeError(`k = ${k} classes need at least ${k} tasks, there are ${n}`);
  const dims = points[0].length;
  const centroids: Float64Array[] = [Float64Array.from(points[rng.nextInt(n)])];
  const d2 = Float64Array.from(points, (p) => dist2(p, centroids[0]));
  while (centroids.length < k) {
    let total = 0;
    for (let i = 0; i < n; i++) total += d2[i];
    let pick = n - 1;
    if (total > 0) {
      let u = rng.nextFloat() * total;
      for (let i = 0; i < n; i++) {
        u -= d2[i];
        if (u < 0) {
          pick = i;
          break;
        }
      }
    } else pick = rng.nextInt(n);
    const c = Float64Array.from(points[pick]);
    centroids.push(c);
    for (let i = 0; i < n; i++) d2[i] = Math.min(d2[i], dist2(points[i], c));
  }
  const labels = new Int32Array(n).fill(-1);
  let iterations = 0;
  for (; iterations < maxIterations; iterations++) {
    let changed = false;
    for (let i = 0; i < n; i++) {
      const c = nearestCentroid(points[i], centroids);
      if (c !== labels[i]) {
        labels[i] = c;
        changed = true;
      }
    }
    if (!changed) break;
    const sums = centroids.map(() => new Float64Array(dims));
    const counts = new Int32Array(k);
    for (let i = 0; i < n; i++) {
      counts[labels[i]]++;
      for (let f = 0; f < dims; f++) sums[labels[i]][f] += points[i][f];
    }
    // An emptied class keeps its centroid.
    for (let c = 0; c < k; c++)
      if (counts[c] > 0) for (let f = 0; f < dims; f++) centroids[c][f] = sums[c][f] / counts[c];
  }
  let sse = 0;
  for (let i = 0; i < n; i++) sse += dist2(points[i], centroids[labels[i]]);
  return { k, centroids, labels, sse, iterations };
}

/** Within-class SSE for k = 1..kMax (the elbow plot's points). */
export function elbow(
  points: readonly Float64Array[],
  kMax: number,
  seed: number,
  options: KmeansOptions = {},
): number[] {
  if (!(Number.isInteger(kMax) && kMax >= 1 && kMax <= MAX_ELBOW_K))
    throw new RangeError(
      `invalid elbow range kMax: ${kMax} (need an integer in 1 … ${MAX_ELBOW_K})`,
    );
  const out: number[] = [];
  for (let k = 1; k <= Math.min(kMax, points.length); k++)
    out.push(kmeansPoints(points, k, seed, options).sse);
  return out;
}

/**
 * The elbow's k: the smallest k after which one more class cuts the SSE by less than `gain` (default
 * 10 %) of the SSE at k = 1 (HARMONY: "no significant benefit by increasing k"; threshold ours).
 */
export function elbowK(sse: readonly number[], gain = 0.1): number {
  for (let k = 1; k < sse.length; k++) if (sse[k - 1] - sse[k] < gain * sse[0]) return k;
  return sse.length;
}

export interface ClassStats {
  readonly count: Int32Array;
  /** mean[r][c], variance[r][c]: class c's μ_n and σ_n² in resource r. */
  readonly mean: Float64Array[];
  readonly variance: Float64Array[];
  /** The between-task part of σ_n² (the rest is the mean within-task variance). */
  readonly between: Float64Array[];
}

/** Class-level statistics from per-task means and variances per resource (law of total variance). */
export function classStats(
  labels: Int32Array,
  k: number,
  means: readonly Float64Array[],
  variances: readonly Float64Array[],
): ClassStats {
  const count = new Int32Array(k);
  for (const l of labels) count[l]++;
  const R = means.length;
  const mean = Array.from({ length: R }, () => new Float64Array(k));
  const within = Array.from({ length: R }, () => new Float64Array(k));
  const between = Array.from({ length: R }, () => new Float64Array(k));
  for (let r = 0; r < R; r++) {
    labels.forEach((c, i) => {
      mean[r][c] += means[r][i];
      within[r][c] += variances[r][i];
    });
    for (let c = 0; c < k; c++)
      if (count[c]) {
        mean[r][c] /= count[c];
        within[r][c] /= count[c];
      }
    labels.forEach((c, i) => (between[r][c] += (means[r][i] - mean[r][c]) ** 2));
    for (let c = 0; c < k; c++) if (count[c]) between[r][c] /= count[c];
  }
  const variance = mean.map((_, r) =>
    Float64Array.from(mean[r], (_, c) => between[r][c] + within[r][c]),
  );
  return { count, mean, variance, between };
}
