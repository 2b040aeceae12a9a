/**
 * Sums of N random tasks (GPA paper §3.6): Table 1 (Anderson–Darling rejection rate and mean total
 * by N), Fig. 6 (relative error of the Gaussian percentiles vs the empirical ones) and Fig. 5 (the
 * empirical distribution of one sum with its fitted Gaussian).
 *
 * Replicate j draws max(N) tasks from the pool without replacement with its own stream (seed,
 * analysis, sums, j); the sum for each N is over the first N of them (nested samples: each is a
 * uniform random N-subset, as in the paper, and one pass of additions serves every N). For each
 * N: the R realizations of the total, the A–D test on them (SPEC §9), the fitted Gaussian
 * N(μ_j = Σ μ_i, σ_j² = Σ σ_i²) from the tasks' own means and variances (SPEC §4 over all R), and
 * (F⁻¹_{μ_j,σ_j}(k) − P_k)/P_k for each percentile k.
 */
import { normalQuantile } from '../stats/normal.ts';
import { percentileOfSorted } from '../stats/percentile.ts';
import { Rng } from '../random/rng.ts';
import { andersonCritical, andersonStatisticSorted, meanAndSd } from './anderson.ts';
import { ANALYSIS_TAG, checkChunk, checkCount, tick, type RunControl } from './control.ts';
import type { NestedSumsKernel, RowSource } from './rowSource.ts';
import { SparseSampler, sampleSparse } from './sample.ts';
import { SortWorkspace, sortFloat64 } from './sort.ts';
import { boxStats, histogram, type BoxStats } from './summary.ts';

// Replicates summed per pass over the pool (their sums live together: batch × |sizes| × R float64).
const SUMS_BATCH = 32;

/** The sorted copy, mean and sd of one sum's R values, with buffers reused across sums. */
class SumStats {
  private readonly sorted: Float64Array;
  private readonly ws = new SortWorkspace();
  private mean = NaN;
  private sd = NaN;
  private a2: number | null = null;

  constructor(
    R: number,
    private readonly kernel: NestedSumsKernel | null,
  ) {
    this.sorted = new Float64Array(R);
  }

  /** Sorts a copy of `values` (and fits mean and sd on them in their own order). */
  sort(values: Float64Array): Float64Array {
    this.a2 = this.kernel ? this.kernel.sortedAnderson(values, this.sorted) : null;
    if (this.a2 === null) {
      if (values.length >= 2) ({ mean: this.mean, sd: this.sd } = meanAndSd(values));
      this.sorted.set(values);
      sortFloat64(this.sorted, this.ws);
    }
    return this.sorted;
  }

  /** A² of the last sorted values (SPEC §9). */
  anderson(): number {
    return this.a2 ?? andersonStatisticSorted(this.sorted, this.mean, this.sd);
  }
}

/** Table 1's N and Fig. 6's percentiles in the paper. */
export const PAPER_SUM_SIZES = [10, 20, 30, 50, 100, 250, 500] as const;
export const PAPER_PERCENTILES = [95, 99, 99.9] as const;

export interface SumsParams {
  /** Numbers of tasks N, ascending and distinct; those above the pool size are skipped. */
  readonly sizes: readonly number[];
  /** Sums per N (the paper: 10,000). */
  readonly replicates: number;
  readonly seed: number;
  /** Percentiles k for Fig. 6 (default 95, 99, 99.9). */
  readonly percentiles?: readonly number[];
}

/** Per-replicate results of a range of replicates; plain typed arrays (structured-clone friendly). */
export interface SumsPartial {
  readonly start: number;
  readonly end: number;
  /** The N actually computed (sizes within the pool). */
  readonly sizes: readonly number[];
  readonly percentiles: readonly number[];
  /** Index (j − start)·|sizes| + s: A², 0/1 rejection at 5 %, μ_j, σ_j. */
  readonly a2: Float64Array;
  readonly rejected: Uint8Array;
  readonly mean: Float64Array;
  readonly sd: Float64Array;
  /** Index ((j − start)·|sizes| + s)·|percentiles| + p. */
  readonly relErr: Float64Array;
}

/** The N of `sizes` a pool can serve, validated (ascending, distinct, ≥ 1). */
export function usableSizes(sizes: readonly number[], pool: number): number[] {
  sizes.forEach((n, i) => {
    checkCount(n, 'number of tasks N');
    if (i > 0 && n <= sizes[i - 1])
      throw new RangeError(`sizes must be ascending and distinct: ${sizes.join(', ')}`);
  });
  return sizes.filter((n) => n <= pool);
}

function checkPercentiles(ps: readonly number[]): readonly number[] {
  for (const p of ps) if (!(p > 0 && p < 100)) throw new RangeError(`invalid percentile: ${p}`);
  return ps;
}

/** Replicates [start, end) of the sums job; any split gives the same numbers as one chunk. */
export function sumsChunk(
  source: RowSource,
  params: SumsParams,
  start: number,
  end: number,
  ctl?: RunControl,
): SumsPartial {
  checkCount(params.replicates, 'number of sums per N');
  checkChunk(start, end, params.replicates, 'replicate');
  const sizes = usableSizes(params.sizes, source.rows);
  const percentiles = checkPercentiles(params.percentiles ?? PAPER_PERCENTILES);
  const S = sizes.length;
  const count = end - start;
  const out: SumsPartial = {
    start,
    end,
    sizes,
    percentiles,
    a2: new Float64Array(count * S),
    rejected: new Uint8Array(count * S),
    mean: new Float64Array(count * S),
    sd: new Float64Array(count * S),
    relErr: new Float64Array(count * S * percentiles.length),
  };
  if (S === 0) return out;
  const record = recorder(source, out, percentiles);
  const maxN = sizes[S - 1];
  const sampler = new SparseSampler();
  const draw = (j: number) =>
    sampler.draw(Rng.stream(params.seed, 'analysis', ANALYSIS_TAG.sums, j), source.rows, maxN);
  const engineStats = new SumStats(source.cols, null);
  let j = start;
  // Each replicate's sums one after the other in the kernel's running total, while it can.
  for (; j < end; j++) {
    tick(ctl, j - start, count);
    const tasks = draw(j);
    if (!extendSums(source, tasks, sizes, engineStats, (s, sorted, a2) => record(j, s, sorted, a2)))
      break;
    record.moments(j, tasks);
  }
  // Otherwise in batches: nested sums of many replicates per pass over the pool (replicate j's
  // progress is reported already).
  const reported = j;
  const batch = Math.min(end - j, SUMS_BATCH);
  const tasks = new Int32Array(batch * maxN);
  const totals = new Float64Array(batch * S * source.cols);
  const stats = new SumStats(source.cols, source.kernel);
  const R = source.cols;
  for (let first = j; first < end; first += batch) {
    const last = Math.min(end, first + batch);
    for (let i = first; i < last; i++) tasks.set(draw(i), (i - first) * maxN);
    source.nestedSums(tasks, maxN, last - first, sizes, totals);
    for (let i = first; i < last; i++) {
      if (i !== reported) tick(ctl, i - start, count);
      const k = i - first;
      for (let s = 0; s < S; s++) {
        const sorted = stats.sort(totals.subarray((k * S + s) * R, (k * S + s + 1) * R));
        record(i, s, sorted, R >= 2 ? stats.anderson() : NaN);
      }
      record.moments(i, tasks.subarray(k * maxN, (k + 1) * maxN));
    }
  }
  tick(ctl, count, count);
  return out;
}

/**
 * One replicate's sums in the kernel's running total (its rows added size after size); false, with
 * nothing recorded, when the source has no such kernel.
 */
function extendSums(
  source: RowSource,
  tasks: Int32Array,
  sizes: readonly number[],
  engineStats: SumStats,
  record: (s: number, sorted: ArrayLike<number>, a2: number) => void,
): boolean {
  let added = 0;
  for (let s = 0; s < sizes.length; s++) {
    const sum = source.extendSum(tasks, added, sizes[s]);
    if (!sum) {
      if (s === 0) return false;
      throw new Error('the kernel stopped keeping the running total of a sum');
    }
    added = sizes[s];
    if (sum.a2 !== null) record(s, sum.values, sum.a2);
    else {
      // A value with its sign bit set: the engine sorts a copy and takes A².
      const sorted = engineStats.sort(sum.values);
      record(s, sorted, sum.values.length >= 2 ? engineStats.anderson() : NaN);
    }
  }
  return true;
}

/**
 * Writes one replicate's results into `out`: per sum (replicate j, size s) A², the rejection and
 * the percentiles' relative errors from the sorted values; per replicate the fitted Gaussians' μ and
 * σ from the tasks' own moments.
 */
function recorder(source: RowSource, out: SumsPartial, percentiles: readonly number[]) {
  const { sizes, start } = out;
  const S = sizes.length;
  const P = percentiles.length;
  const R = source.cols;
  const z = percentiles.map((k) => normalQuantile(k / 100));
  const critical = R >= 2 ? andersonCritical(R) : NaN;
  const mu = new Float64Array(S);
  const sigma = new Float64Array(S);
  const record = (j: number, s: number, sorted: ArrayLike<number>, a2: number): void => {
    const at = (j - start) * S + s;
    if (R >= 2) {
      out.a2[at] = a2;
      out.rejected[at] = a2 > critical ? 1 : 0;
    } else out.a2[at] = NaN;
    // μ and σ of this sum come from the tasks' moments, filled in by `moments` below.
    for (let p = 0; p < P; p++) out.relErr[at * P + p] = percentileOfSorted(sorted, percentiles[p]);
  };
  record.moments = (j: number, tasks: ArrayLike<number>): void => {
    let added = 0;
    let m = 0;
    let variance = 0;
    for (let s = 0; s < S; s++) {
      for (let i = added; i < sizes[s]; i++) {
        const t = source.moments(tasks[i]);
        m += t.mean;
        variance += t.variance;
      }
      added = sizes[s];
      mu[s] = m;
      sigma[s] = Math.sqrt(variance);
    }
    for (let s = 0; s < S; s++) {
      const at = (j - start) * S + s;
      out.mean[at] = mu[s];
      out.sd[at] = sigma[s];
      for (let p = 0; p < P; p++) {
        const empirical = out.relErr[at * P + p];
        out.relErr[at * P + p] = (mu[s] + sigma[s] * z[p] - empirical) / empirical;
      }
    }
  };
  return record;
}

/** Joins consecutive partials (in replicate order) into one. */
export function mergeSums(parts: readonly SumsPartial[]): SumsPartial {
  if (parts.length === 0) throw new RangeError('nothing to merge');
  const sorted = [...parts].sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i++)
    if (sorted[i].start !== sorted[i - 1].end)
      throw new RangeError(
        `partials are not contiguous: [${sorted[i - 1].start}, ${sorted[i - 1].end}) then [${sorted[i].start}, ${sorted[i].end})`,
      );
  const cat = <T extends Float64Array | Uint8Array>(
    pick: (p: SumsPartial) => T,
    make: (n: number) => T,
  ): T => {
    const total = sorted.reduce((s, p) => s + pick(p).length, 0);
    const out = make(total);
    let o = 0;
    for (const p of sorted) {
      out.set(pick(p), o);
      o += pick(p).length;
    }
    return out;
  };
  return {
    start: sorted[0].start,
    end: sorted[sorted.length - 1].end,
    sizes: sorted[0].sizes,
    percentiles: sorted[0].percentiles,
    a2: cat(
      (p) => p.a2,
      (n) => new Float64Array(n),
    ),
    rejected: cat(
      (p) => p.rejected,
      (n) => new Uint8Array(n),
    ),
    mean: cat(
      (p) => p.mean,
      (n) => new Float64Array(n),
    ),
    sd: cat(
      (p) => p.sd,
      (n) => new Float64Array(n),
    ),
    relErr: cat(
      (p) => p.relErr,
      (n) => new Float64Array(n),
    ),
  };
}

export interface Table1Row {
  readonly n: number;
  readonly sums: number;
  /** Share of sums whose A–D test rejects normality at 5 %. */
  readonly rejectionRate: number;
  /** Mean over the sums of μ_j = Σ μ_i. */
  readonly meanTotal: number;
  /** Median A². */
  readonly medianA2: number;
}

/** Table 1 (GPA paper §3.6) from the merged partial of all replicates. */
export function table1(all: SumsPartial): Table1Row[] {
  const S = all.sizes.length;
  const reps = all.end - all.start;
  return all.sizes.map((n, s) => {
    let rej = 0;
    let mu = 0;
    const a2 = new Float64Array(reps);
    for (let r = 0; r < reps; r++) {
      rej += all.rejected[r * S + s];
      mu += all.mean[r * S + s];
      a2[r] = all.a2[r * S + s];
    }
    return {
      n,
      sums: reps,
      rejectionRate: reps ? rej / reps : NaN,
      meanTotal: reps ? mu / reps : NaN,
      medianA2: boxStats(a2).median,
    };
  });
}

export interface Fig6Cell {
  readonly n: number;
  readonly percentile: number;
  readonly box: BoxStats;
  /** A histogram of the relative errors for a violin outline (bins over [whiskerLow, whiskerHigh]). */
  readonly violin: { readonly edges: Float64Array; readonly density: Float64Array };
}

/** Fig. 6 (GPA paper §3.6): the distribution of (F⁻¹(k) − P_k)/P_k per N and percentile k. */
export function fig6(all: SumsPartial, violinBins = 40): Fig6Cell[] {
  const S = all.sizes.length;
  const P = all.percentiles.length;
  const reps = all.end - all.start;
  const cells: Fig6Cell[] = [];
  for (let s = 0; s < S; s++)
    for (let p = 0; p < P; p++) {
      const v = new Float64Array(reps);
      for (let r = 0; r < reps; r++) v[r] = all.relErr[(r * S + s) * P + p];
      const box = boxStats(v);
      const lo = box.whiskerLow;
      const hi = box.whiskerHigh > lo ? box.whiskerHigh : lo + 1e-12;
      const h = Number.isFinite(lo) ? histogram(v, violinBins, lo, hi) : null;
      cells.push({
        n: all.sizes[s],
        percentile: all.percentiles[p],
        box,
        violin: h
          ? { edges: h.edges, density: h.density }
          : { edges: new Float64Array(0), density: new Float64Array(0) },
      });
    }
  return cells;
}

export interface Fig5Panel {
  readonly n: number;
  /** Which random sum this is (change it to draw another). */
  readonly example: number;
  readonly histogram: { readonly edges: Float64Array; readonly density: Float64Array };
  /** The fitted Gaussian N(Σμ_i, Σσ_i²) and its density on `curveX`. */
  readonly mu: number;
  readonly sigma: number;
  readonly curveX: Float64Array;
  readonly curveY: Float64Array;
  readonly a2: number;
  readonly rejected: boolean;
}

/** Fig. 5 (GPA paper §3.6): the R realizations of the total of N random tasks, with its Gaussian. */
export function fig5(
  source: RowSource,
  params: {
    readonly n: number;
    readonly seed: number;
    readonly example?: number;
    readonly bins?: number;
  },
): Fig5Panel {
  const n = checkCount(params.n, 'number of tasks N');
  const example = checkCount(params.example ?? 0, 'example index', 0);
  const bins = checkCount(params.bins ?? 60, 'bin count');
  if (n > source.rows)
    throw new RangeError(`N = ${n} is more than the pool's ${source.rows} tasks`);
  const R = source.cols;
  const tasks = sampleSparse(
    Rng.stream(params.seed, 'analysis', ANALYSIS_TAG.fig5, n, example),
    source.rows,
    n,
  );
  const acc = new Float64Array(R);
  source.addRows(tasks, 0, n, acc);
  let mu = 0;
  let variance = 0;
  for (const i of tasks) {
    const m = source.moments(i);
    mu += m.mean;
    variance += m.variance;
  }
  const sigma = Math.sqrt(variance);
  const sorted = sortFloat64(Float64Array.from(acc));
  let a2 = NaN;
  if (R >= 2) {
    const fit = meanAndSd(acc);
    a2 = andersonStatisticSorted(sorted, fit.mean, fit.sd);
  }
  const lo = Math.min(sorted[0], mu - 4 * sigma);
  const hi0 = Math.max(sorted[R - 1], mu + 4 * sigma);
  const hi = hi0 > lo ? hi0 : lo + 1e-9;
  const h = histogram(sorted, bins, lo, hi);
  const points = 200;
  const curveX = new Float64Array(points);
  const curveY = new Float64Array(points);
  for (let k = 0; k < points; k++) {
    const x = lo + ((hi - lo) * k) / (points - 1);
    curveX[k] = x;
    const zz = (x - mu) / sigma;
    curveY[k] = sigma > 0 ? Math.exp(-0.5 * zz * zz) / (sigma * Math.sqrt(2 * Math.PI)) : 0;
  }
  return {
    n,
    example,
    histogram: { edges: h.edges, density: h.density },
    mu,
    sigma,
    curveX,
    curveY,
    a2,
    rejected: R >= 2 && a2 > andersonCritical(R),
  };
}
