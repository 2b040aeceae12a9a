/**
 * Per-task estimates over the observed columns (SPEC §4): mean, population variance, and type-7
 * percentiles. They depend only on the pool row and the split, never on the fit test or the instance,
 * so one TaskStats serves every instance and fit test of a run. Sorting (for percentiles) is lazy.
 */
import type { RealizationMatrix } from '../matrix.ts';
import { meanAndVariance, pairwiseSum } from './summation.ts';
import { percentileOfSorted } from './percentile.ts';
import { sortFloat32 } from './sortFloat32.ts';

export class TaskStats {
  readonly mean: Float64Array;
  readonly variance: Float64Array;
  private readonly scratch: Float64Array;
  private readonly sortedRows = new Map<number, Float32Array>();
  private shape: { third: Float64Array; min: Float64Array; max: Float64Array } | null = null;
  private readonly histograms = new Map<number, Map<number, TaskHistogram>>();

  constructor(
    readonly matrix: RealizationMatrix,
    readonly start: number,
    readonly end: number,
  ) {
    if (!(start >= 0 && end <= matrix.cols && end > start))
      throw new RangeError(`invalid observed columns [${start}, ${end}) of ${matrix.cols}`);
    const n = matrix.rows;
    this.mean = new Float64Array(n).fill(NaN);
    this.variance = new Float64Array(n).fill(NaN);
    this.scratch = new Float64Array(end - start);
  }

  get width(): number {
    return this.end - this.start;
  }

  /** Ensures mean and variance of the given pool rows are computed. */
  ensureMoments(rows: ArrayLike<number>): void {
    const { data, cols } = this.matrix;
    for (let k = 0; k < rows.length; k++) {
      const i = rows[k];
      if (!Number.isNaN(this.mean[i])) continue;
      const mv = meanAndVariance(data, i * cols + this.start, this.width, this.scratch);
      this.mean[i] = mv.mean;
      this.variance[i] = mv.variance;
    }
  }

  /** p-th percentile of pool row i over the observed columns. */
  percentile(i: number, p: number): number {
    let s = this.sortedRows.get(i);
    if (!s) {
      const { data, cols } = this.matrix;
      s = sortFloat32(data.slice(i * cols + this.start, i * cols + this.end));
      this.sortedRows.set(i, s);
    }
    return percentileOfSorted(s, p);
  }

  releaseSorted(): void {
    this.sortedRows.clear();
  }

  /** Third central moment (population), min and max of the given pool rows; lazy, cached. */
  ensureShape(rows: ArrayLike<number>): {
    readonly third: Float64Array;
    readonly min: Float64Array;
    readonly max: Float64Array;
  } {
    this.ensureMoments(rows);
    const n = this.matrix.rows;
    this.shape ??= {
      third: new Float64Array(n).fill(NaN),
      min: new Float64Array(n),
      max: new Float64Array(n),
    };
    const { third, min, max } = this.shape;
    const { data, cols } = this.matrix;
    for (let k = 0; k < rows.length; k++) {
      const i = rows[k];
      if (!Number.isNaN(third[i])) continue;
      const base = i * cols + this.start;
      const mu = this.mean[i];
      let lo = Infinity;
      let hi = -Infinity;
      for (let t = 0; t < this.width; t++) {
        const x = data[base + t];
        const d = x - mu;
        this.scratch[t] = d * d * d;
        if (x < lo) lo = x;
        if (x > hi) hi = x;
      }
      third[i] = pairwiseSum(this.scratch, 0, this.width) / this.width;
      min[i] = lo;
      max[i] = hi;
    }
    return this.shape;
  }

  /** Histogram of pool row i over the observed columns, each value rounded to the nearest k·bin. */
  histogram(i: number, bin: number): TaskHistogram {
    let byRow = this.histograms.get(bin);
    if (!byRow) this.histograms.set(bin, (byRow = new Map()));
    let h = byRow.get(i);
    if (!h) {
      const { data, cols } = this.matrix;
      const base = i * cols + this.start;
      let lo = Infinity;
      let hi = -Infinity;
      const index = new Int32Array(this.width);
      for (let t = 0; t < this.width; t++) {
        const b = Math.round(data[base + t] / bin);
        index[t] = b;
        if (b < lo) lo = b;
        if (b > hi) hi = b;
      }
      const pmf = new Float64Array(hi - lo + 1);
      for (let t = 0; t < this.width; t++) pmf[index[t] - lo]++;
      for (let b = 0; b < pmf.length; b++) pmf[b] /= this.width;
      h = { lo, pmf };
      byRow.set(i, h);
    }
    return h;
  }
}

/** A task's usage histogram: pmf[b] = share of values that round to (lo + b)·bin. */
export interface TaskHistogram {
  readonly lo: number;
  readonly pmf: Float64Array;
}
