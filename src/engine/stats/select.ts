/**
 * The k-th smallest (0-based) of `values[0..n)`, which it reorders: Hoare's selection with a
 * median-of-three pivot, O(n) expected — a median or percentile without sorting.
 */
export function kthSmallest(values: Float64Array, k: number, n = values.length): number {
  let lo = 0;
  let hi = n - 1;
  while (hi > lo) {
    const mid = (lo + hi) >>> 1;
    const [a, b, c] = [values[lo], values[mid], values[hi]];
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i] < pivot) i++;
      while (values[j] > pivot) j--;
      if (i <= j) {
        const x = values[i];
        values[i++] = values[j];
        values[j--] = x;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return values[k];
  }
  return values[k];
}
