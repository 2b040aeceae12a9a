/**
 * Fig. 4 (GPA paper §3.5, SPEC §9): per-task histograms of inst samples (bins of 0.01 on [0, 1),
 * 100 values summing to 1) clustered by k-means (k = 16, Euclidean, seeded k-means++, Lloyd's
 * iterations). Histograms are stored sparsely (most tasks use a few bins below 0.3), so a distance
 * costs the nonzeros of the task: ‖h − c‖² = ‖h‖² − 2 h·c + ‖c‖².
 *
 * Determinism: k-means++ draws from the stream (seed, kmeans); centroid sums are accumulated over
 * fixed blocks of BLOCK tasks and the blocks added in order, ties go to the lowest cluster index,
 * and an emptied cluster is re-seeded with the task farthest from its centroid (lowest index).
 */
import { Rng } from '../random/rng.ts';
import { checkChunk, checkCount, tick, type RunControl } from './control.ts';

export const HISTOGRAM_BINS = 100;
const BLOCK = 1024;

/** Sparse per-task histograms (CSR). */
export interface Histograms {
  readonly count: number;
  /** Task i's nonzero bins are offsets[i] .. offsets[i + 1] in `bins` and `values`. */
  readonly offsets: Int32Array;
  readonly bins: Uint8Array;
  readonly values: Float64Array;
}

/** Histograms of tasks [start, end) of the given series: h[k] = share of samples in [k/100, (k+1)/100). */
export function histogramsChunk(
  series: readonly ArrayLike<number>[],
  start: number,
  end: number,
): Histograms {
  checkChunk(start, end, series.length, 'task');
  const counts = new Float64Array(HISTOGRAM_BINS);
  const offsets = new Int32Array(end - start + 1);
  const bins: number[] = [];
  const values: number[] = [];
  for (let i = start; i < end; i++) {
    const x = series[i];
    counts.fill(0);
    for (let t = 0; t < x.length; t++) {
      // Values at 1 (the largest machine) count in the last bin.
      const b = Math.min(HISTOGRAM_BINS - 1, Math.max(0, Math.floor(x[t] * HISTOGRAM_BINS)));
      counts[b]++;
    }
    for (let b = 0; b < HISTOGRAM_BINS; b++)
      if (counts[b] > 0) {
        bins.push(b);
        values.push(counts[b] / x.length);
      }
    offsets[i - start + 1] = bins.length;
  }
  return {
    count: end - start,
    offsets,
    bins: Uint8Array.from(bins),
    values: Float64Array.from(values),
  };
}

/** Joins histogram chunks in task order. */
export function mergeHistograms(parts: readonly Histograms[]): Histograms {
  const count = parts.reduce((s, p) => s + p.count, 0);
  const nnz = parts.reduce((s, p) => s + p.bins.length, 0);
  const offsets = new Int32Array(count + 1);
  const bins = new Uint8Array(nnz);
  const values = new Float64Array(nnz);
  let i = 0;
  let o = 0;
  for (const p of parts) {
    for (let k = 1; k <= p.count; k++) offsets[i + k] = o + p.offsets[k];
    bins.set(p.bins, o);
    values.set(p.values, o);
    i += p.count;
    o += p.bins.length;
  }
  return { count, offsets, bins, values };
}

/** A dense copy of histogram i (100 values). */
export function denseHistogram(h: Histograms, i: number): Float64Array {
  const out = new Float64Array(HISTOGRAM_BINS);
  for (let o = h.offsets[i]; o < h.offsets[i + 1]; o++) out[h.bins[o]] = h.values[o];
  return out;
}

export interface KmeansParams {
  readonly k?: number;
  readonly seed: number;
  readonly maxIterations?: number;
}

export interface KmeansResult {
  readonly k: number;
  /** Centroids, k × 100 row-major, ordered by decreasing cluster size (ties: lower original index). */
  readonly centroids: Float64Array;
  /** Share of tasks per cluster, in the same order. */
  readonly shares: Float64Array;
  /** Cluster of each task (index into the ordered centroids). */
  readonly assignment: Uint8Array;
  /** Sum of squared distances to the assigned centroids. */
  readonly inertia: number;
  readonly iterations: number;
  readonly converged: boolean;
}

function norms(h: Histograms): Float64Array {
  const out = new Float64Array(h.count);
  for (let i = 0; i < h.count; i++) {
    let s = 0;
    for (let o = h.offsets[i]; o < h.offsets[i + 1]; o++) s += h.values[o] * h.values[o];
    out[i] = s;
  }
  return out;
}

function distanceTo(
  h: Histograms,
  hn: Float64Array,
  i: number,
  c: Float64Array,
  cOff: number,
  cn: number,
): number {
  let dot = 0;
  for (let o = h.offsets[i]; o < h.offsets[i + 1]; o++) dot += h.values[o] * c[cOff + h.bins[o]];
  const d = hn[i] - 2 * dot + cn;
  return d > 0 ? d : 0;
}

function centroidNorms(c: Float64Array, k: number): Float64Array {
  const out = new Float64Array(k);
  for (let j = 0; j < k; j++) {
    let s = 0;
    for (let b = 0; b < HISTOGRAM_BINS; b++) s += c[j * HISTOGRAM_BINS + b] ** 2;
    out[j] = s;
  }
  return out;
}

/**
 * Greedy k-means++ seeding (Arthur & Vassilvitskii 2007, with the local trials scikit-learn uses):
 * each next centre is the best of 2 + ⌊ln k⌋ candidates drawn ∝ D², the one that lowers the total
 * D² most; plain k-means++ too often seeds two centres in one of many equally distant clusters.
 */
export function kmeansPlusPlus(h: Histograms, k: number, seed: number): Float64Array {
  const n = h.count;
  if (k > n) throw new RangeError(`k-means with k = ${k} needs at least ${k} tasks, got ${n}`);
  const rng = Rng.stream(seed, 'kmeans', 0);
  const hn = norms(h);
  const trials = 2 + Math.floor(Math.log(k));
  const centroids = new Float64Array(k * HISTOGRAM_BINS);
  const dense = new Float64Array(HISTOGRAM_BINS);
  const put = (j: number, i: number) => {
    for (let o = h.offsets[i]; o < h.offsets[i + 1]; o++)
      centroids[j * HISTOGRAM_BINS + h.bins[o]] = h.values[o];
  };
  const distancesTo = (i: number, out: Float64Array) => {
    dense.fill(0);
    for (let o = h.offsets[i]; o < h.offsets[i + 1]; o++) dense[h.bins[o]] = h.values[o];
    for (let m = 0; m < n; m++) out[m] = distanceTo(h, hn, m, dense, 0, hn[i]);
  };
  const first = rng.nextInt(n);
  put(0, first);
  const d2 = new Float64Array(n);
  distancesTo(first, d2);
  const cand = new Float64Array(n);
  const best = new Float64Array(n);
  for (let j = 1; j < k; j++) {
    let total = 0;
    for (let m = 0; m < n; m++) total += d2[m];
    let bestPick = -1;
    let bestPotential = Infinity;
    for (let trial = 0; trial < trials; trial++) {
      let pick = n - 1;
      if (total > 0) {
        let target = rng.nextFloat() * total;
        for (let m = 0; m < n; m++) {
          target -= d2[m];
          if (target < 0) {
            pick = m;
            break;
          }
        }
      } else pick = rng.nextInt(n);
      distancesTo(pick, cand);
      let potential = 0;
      for (let m = 0; m < n; m++) potential += Math.min(d2[m], cand[m]);
      if (potential < bestPotential) {
        bestPotential = potential;
        bestPick = pick;
        best.set(cand);
      }
    }
    put(j, bestPick);
    for (let m = 0; m < n; m++) if (best[m] < d2[m]) d2[m] = best[m];
  }
  return centroids;
}

/** Fig. 4: k-means over the histograms; one `ctl` tick per Lloyd iteration. */
export function kmeans(h: Histograms, params: KmeansParams, ctl?: RunControl): KmeansResult {
  const k = checkCount(params.k ?? 16, 'number of clusters k');
  if (k > 255) throw new RangeError(`invalid number of clusters k: ${k} (at most 255)`);
  const maxIterations = checkCount(params.maxIterations ?? 300, 'iteration limit');
  const n = h.count;
  const hn = norms(h);
  let centroids = kmeansPlusPlus(h, k, params.seed);
  const assignment = new Uint8Array(n).fill(255);
  const dist = new Float64Array(n);
  let iterations = 0;
  let converged = false;
  const blockSums = new Float64Array(k * HISTOGRAM_BINS);
  const blockCounts = new Float64Array(k);
  while (iterations < maxIterations) {
    tick(ctl, iterations, maxIterations);
    iterations++;
    const cn = centroidNorms(centroids, k);
    let changed = 0;
    const sums = new Float64Array(k * HISTOGRAM_BINS);
    const counts = new Float64Array(k);
    for (let b0 = 0; b0 < n; b0 += BLOCK) {
      blockSums.fill(0);
      blockCounts.fill(0);
      const b1 = Math.min(n, b0 + BLOCK);
      for (let i = b0; i < b1; i++) {
        let best = 0;
        let bestD = Infinity;
        for (let j = 0; j < k; j++) {
          const d = distanceTo(h, hn, i, centroids, j * HISTOGRAM_BINS, cn[j]);
          if (d < bestD) {
            bestD = d;
            best = j;
          }
        }
        if (assignment[i] !== best) changed++;
        assignment[i] = best;
        dist[i] = bestD;
        blockCounts[best]++;
        for (let o = h.offsets[i]; o < h.offsets[i + 1]; o++)
          blockSums[best * HISTOGRAM_BINS + h.bins[o]] += h.values[o];
      }
      for (let c = 0; c < sums.length; c++) sums[c] += blockSums[c];
      for (let j = 0; j < k; j++) counts[j] += blockCounts[j];
    }
    if (changed === 0) {
      converged = true;
      break;
    }
    const next = new Float64Array(k * HISTOGRAM_BINS);
    const taken = new Set<number>();
    for (let j = 0; j < k; j++) {
      if (counts[j] > 0) {
        for (let b = 0; b < HISTOGRAM_BINS; b++)
          next[j * HISTOGRAM_BINS + b] = sums[j * HISTOGRAM_BINS + b] / counts[j];
        continue;
      }
      let far = -1;
      for (let i = 0; i < n; i++) if (!taken.has(i) && (far < 0 || dist[i] > dist[far])) far = i;
      taken.add(far);
      for (let o = h.offsets[far]; o < h.offsets[far + 1]; o++)
        next[j * HISTOGRAM_BINS + h.bins[o]] = h.values[o];
    }
    centroids = next;
  }
  return finish(h, hn, centroids, assignment, k, iterations, converged);
}

function finish(
  h: Histograms,
  hn: Float64Array,
  centroids: Float64Array,
  assignment: Uint8Array,
  k: number,
  iterations: number,
  converged: boolean,
): KmeansResult {
  const n = h.count;
  const sizes = new Float64Array(k);
  for (let i = 0; i < n; i++) sizes[assignment[i]]++;
  const order = Array.from({ length: k }, (_, j) => j).sort((a, b) => sizes[b] - sizes[a] || a - b);
  const rank = new Uint8Array(k);
  order.forEach((j, r) => (rank[j] = r));
  const outCentroids = new Float64Array(k * HISTOGRAM_BINS);
  const shares = new Float64Array(k);
  order.forEach((j, r) => {
    outCentroids.set(
      centroids.subarray(j * HISTOGRAM_BINS, (j + 1) * HISTOGRAM_BINS),
      r * HISTOGRAM_BINS,
    );
    shares[r] = n ? sizes[j] / n : 0;
  });
  const cn = centroidNorms(centroids, k);
  let inertia = 0;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    inertia += distanceTo(h, hn, i, centroids, assignment[i] * HISTOGRAM_BINS, cn[assignment[i]]);
    out[i] = rank[assignment[i]];
  }
  return { k, centroids: outCentroids, shares, assignment: out, inertia, iterations, converged };
}
