/**
 * Where sums of tasks read their realizations (GPA paper §3.6, SPEC §2): a realization matrix, or
 * the per-task samples realized row by row on demand with the same streams as `realizeSeries`, so
 * the two give identical numbers and a pool of 100,000 tasks needs no 4 GB matrix.
 */
import type { RealizationMatrix } from '../matrix.ts';
import { Rng } from '../random/rng.ts';
import { meanAndVariance } from '../stats/summation.ts';

export interface RowSource {
  /** Pool size N. */
  readonly rows: number;
  /** Realizations per task R. */
  readonly cols: number;
  /** acc[t] += X[i][t] for each listed row i, in list order. */
  addRows(rows: ArrayLike<number>, from: number, to: number, acc: Float64Array): void;
  /** Mean and population variance of row i over all R columns (SPEC §4, κ = 1). */
  moments(i: number): { mean: number; variance: number };
  /**
   * Nested sums of `count` subsets (subset k lists its rows at tasks[k·stride …]): for each ascending
   * size s, out[(k·S + s)·R + t] = Σ_{i < sizes[s]} X[tasks[k·stride + i]][t], added from +0 in list
   * order — the numbers of `addRows` bit for bit.
   */
  nestedSums(
    tasks: Int32Array,
    stride: number,
    count: number,
    sizes: readonly number[],
    out: Float64Array,
  ): void;
  /** The kernel that sums (and sorts) for this source, if any. */
  readonly kernel: NestedSumsKernel | null;
  /**
   * One subset's running total kept in the kernel (see NestedSumsKernel.extendSum); null when this
   * source has no kernel or the kernel cannot hold it.
   */
  extendSum(rows: Int32Array, from: number, to: number): ExtendedSum | null;
}

/** A running total's statistics: A² and the total sorted (a2 null: not sorted, `values` as is). */
export interface ExtendedSum {
  readonly a2: number | null;
  readonly values: Float64Array;
}

/** A faster `nestedSums` over a matrix it reads in place (the WebAssembly SIMD kernel). */
export interface NestedSumsKernel {
  nestedSums(
    matrix: RealizationMatrix,
    tasks: Int32Array,
    stride: number,
    count: number,
    sizes: readonly number[],
    out: Float64Array,
  ): void;
  /**
   * Sorts a copy of `values` into `sorted` as `sortFloat64` and returns `andersonStatisticSorted` of
   * it for `meanAndSd(values)`, the same bits; null (sorted untouched) when it cannot.
   */
  sortedAnderson(values: Float64Array, sorted: Float64Array): number | null;
  /**
   * Adds rows[from..to) of `matrix` to one subset's running total held by the kernel (from +0 when
   * `from` is 0, list order: the numbers of `addRows`) and returns, for the new total, A² as
   * `sortedAnderson` with a view of the total sorted, valid until the next call; null when it cannot.
   */
  extendSum(
    matrix: RealizationMatrix,
    rows: Int32Array,
    from: number,
    to: number,
  ): ExtendedSum | null;
}

abstract class CachedMoments {
  readonly kernel: NestedSumsKernel | null = null;
  private readonly mean: Float64Array;
  private readonly variance: Float64Array;
  private scratch: Float64Array | null = null;

  constructor(
    readonly rows: number,
    readonly cols: number,
  ) {
    this.mean = new Float64Array(rows).fill(NaN);
    this.variance = new Float64Array(rows).fill(NaN);
  }

  protected abstract row(i: number): Float32Array;

  abstract addRows(rows: ArrayLike<number>, from: number, to: number, acc: Float64Array): void;

  nestedSums(
    tasks: Int32Array,
    stride: number,
    count: number,
    sizes: readonly number[],
    out: Float64Array,
  ): void {
    const R = this.cols;
    const acc = new Float64Array(R);
    for (let k = 0; k < count; k++) {
      const rows = tasks.subarray(k * stride, (k + 1) * stride);
      acc.fill(0);
      let added = 0;
      sizes.forEach((n, s) => {
        this.addRows(rows, added, n, acc);
        added = n;
        out.set(acc, (k * sizes.length + s) * R);
      });
    }
  }

  extendSum(_rows: Int32Array, _from: number, _to: number): ExtendedSum | null {
    return null;
  }

  moments(i: number): { mean: number; variance: number } {
    if (Number.isNaN(this.mean[i])) {
      this.scratch ??= new Float64Array(this.cols);
      const mv = meanAndVariance(this.row(i), 0, this.cols, this.scratch);
      this.mean[i] = mv.mean;
      this.variance[i] = mv.variance;
    }
    return { mean: this.mean[i], variance: this.variance[i] };
  }
}

class MatrixRows extends CachedMoments implements RowSource {
  constructor(
    private readonly m: RealizationMatrix,
    override readonly kernel: NestedSumsKernel | null,
  ) {
    super(m.rows, m.cols);
  }

  override nestedSums(
    tasks: Int32Array,
    stride: number,
    count: number,
    sizes: readonly number[],
    out: Float64Array,
  ): void {
    if (this.kernel) this.kernel.nestedSums(this.m, tasks, stride, count, sizes, out);
    else super.nestedSums(tasks, stride, count, sizes, out);
  }

  override extendSum(rows: Int32Array, from: number, to: number): ExtendedSum | null {
    return this.kernel ? this.kernel.extendSum(this.m, rows, from, to) : null;
  }

  protected row(i: number): Float32Array {
    return this.m.data.subarray(i * this.cols, (i + 1) * this.cols);
  }

  addRows(rows: ArrayLike<number>, from: number, to: number, acc: Float64Array): void {
    const d = this.m.data;
    const R = this.cols;
    let k = from;
    // Eight rows per pass cut the traffic on acc; the additions stay in list order.
    for (; k + 8 <= to; k += 8) {
      const a = rows[k] * R;
      const b = rows[k + 1] * R;
      const c = rows[k + 2] * R;
      const e = rows[k + 3] * R;
      const f = rows[k + 4] * R;
      const g = rows[k + 5] * R;
      const h = rows[k + 6] * R;
      const m = rows[k + 7] * R;
      for (let t = 0; t < R; t++)
        acc[t] =
          acc[t] +
          d[a + t] +
          d[b + t] +
          d[c + t] +
          d[e + t] +
          d[f + t] +
          d[g + t] +
          d[h + t] +
          d[m + t];
    }
    for (; k < to; k++) {
      const a = rows[k] * R;
      for (let t = 0; t < R; t++) acc[t] += d[a + t];
    }
  }
}

class SampledRows extends CachedMoments implements RowSource {
  private readonly buf: Float32Array;

  constructor(
    private readonly series: readonly ArrayLike<number>[],
    cols: number,
    private readonly seed: number,
    private readonly purpose: 'inst' | 'avg',
  ) {
    super(series.length, cols);
    this.buf = new Float32Array(cols);
  }

  protected row(i: number): Float32Array {
    const s = this.series[i];
    const n = s.length;
    const rng = Rng.stream(this.seed, this.purpose, i);
    const out = this.buf;
    for (let t = 0; t < out.length; t++) out[t] = s[rng.nextInt(n)];
    return out;
  }

  addRows(rows: ArrayLike<number>, from: number, to: number, acc: Float64Array): void {
    for (let k = from; k < to; k++) {
      const r = this.row(rows[k]);
      for (let t = 0; t < r.length; t++) acc[t] += r[t];
    }
  }
}

/** Rows of a realization matrix; `kernel` (reading the matrix in place) computes nested sums. */
export function matrixRows(
  m: RealizationMatrix,
  kernel: NestedSumsKernel | null = null,
): RowSource {
  return new MatrixRows(m, kernel);
}

/**
 * Rows realized on demand from per-task samples: row i equals row i of
 * `realizeSeries(series, realizations, seed, purpose)` (float32 values, same streams).
 */
export function sampledRows(
  series: readonly ArrayLike<number>[],
  realizations: number,
  seed: number,
  purpose: 'inst' | 'avg' = 'inst',
): RowSource {
  if (!(Number.isInteger(realizations) && realizations >= 1))
    throw new RangeError(`invalid realizations: ${realizations}`);
  series.forEach((s, i) => {
    if (s.length === 0) throw new RangeError(`task ${i} has no samples`);
  });
  return new SampledRows(series, realizations, seed, purpose);
}
