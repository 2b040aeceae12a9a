/**
 * Per-task estimates over the observed columns (SPEC §4): mean, population variance, and type-7
 * percentiles. They depend only on the pool row and the split, never on the fit test or the instance,
 * so one TaskStats serves every instance and fit test of a run. Sorting (for percentiles) is lazy.
 */
import type { RealizationMatrix } from '../matrix.ts';
import { meanAndVariance } from './summation.ts';
import { percentileOfSorted } from './percentile.ts';

export class TaskStats {
  readonly mean: Float64Array;
  readonly variance: Float64Array;
  private readonly scratch: Float64Array;
  private readonly sortedRows = new Map<number, Float32Array>();

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
      s = data.slice(i * cols + this.start, i * cols + this.end).sort();
      this.sortedRows.set(i, s);
    }
    return percentileOfSorted(s, p);
  }

  releaseSorted(): void {
    this.sortedRows.clear();
  }
}
