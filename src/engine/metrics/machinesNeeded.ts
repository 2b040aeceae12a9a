/**
 * m_norm (SPEC §7): ⌈(Σ_i mean of X[i][1..R]) / c − 10⁻⁹⌉, over all R columns of inst, with NumPy's
 * summation order so that the ceiling agrees with the peer even where the sum lands near an integer.
 */
import type { RealizationMatrix } from '../matrix.ts';
import { pairwiseSum } from '../stats/summation.ts';

export function rowMeans(
  matrix: RealizationMatrix,
  rows: ArrayLike<number>,
  cache?: Float64Array,
): Float64Array {
  const out = new Float64Array(rows.length);
  for (let k = 0; k < rows.length; k++) {
    const i = rows[k];
    let m = cache ? cache[i] : NaN;
    if (Number.isNaN(m)) {
      m = pairwiseSum(matrix.data, i * matrix.cols, matrix.cols) / matrix.cols;
      if (cache) cache[i] = m;
    }
    out[k] = m;
  }
  return out;
}

export function normalizedMachines(meansInOrder: Float64Array, capacity: number): number {
  return Math.max(1, Math.ceil(pairwiseSum(meansInOrder) / capacity - 1e-9));
}
