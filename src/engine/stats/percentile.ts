/**
 * The p-th percentile of an ascending-sorted sample, Hyndman–Fan type 7 (SPEC §4), with NumPy's
 * `_lerp` (which interpolates from the upper neighbour when the weight is at least 0.5), so that the
 * result is bit-identical to `np.percentile(x, p)`.
 */
export function percentileOfSorted(
  sorted: ArrayLike<number>,
  p: number,
  start = 0,
  n = sorted.length - start,
): number {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`invalid percentile: ${p}`);
  if (n <= 0) throw new RangeError('percentile of an empty sample');
  const virtual = (n - 1) * (p / 100);
  if (virtual >= n - 1) return sorted[start + n - 1];
  const below = Math.floor(virtual);
  const gamma = virtual - below;
  const a = sorted[start + below];
  const b = sorted[start + below + 1];
  const diff = b - a;
  return gamma >= 0.5 ? b - diff * (1 - gamma) : a + diff * gamma;
}
