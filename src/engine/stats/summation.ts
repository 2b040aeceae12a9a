/**
 * NumPy's pairwise summation (numpy/_core/src/umath/loops_utils.h), reproduced step for step so
 * that means and variances agree with the peer to the last bit (SPEC §6 asks for bit agreement).
 */
export function pairwiseSum(a: ArrayLike<number>, start = 0, n = a.length - start): number {
  if (n < 8) {
    let res = 0;
    for (let i = 0; i < n; i++) res += a[start + i];
    return res;
  }
  if (n <= 128) {
    let r0 = a[start],
      r1 = a[start + 1],
      r2 = a[start + 2],
      r3 = a[start + 3];
    let r4 = a[start + 4],
      r5 = a[start + 5],
      r6 = a[start + 6],
      r7 = a[start + 7];
    let i = 8;
    const end = n - (n % 8);
    for (; i < end; i += 8) {
      const p = start + i;
      r0 += a[p];
      r1 += a[p + 1];
      r2 += a[p + 2];
      r3 += a[p + 3];
      r4 += a[p + 4];
      r5 += a[p + 5];
      r6 += a[p + 6];
      r7 += a[p + 7];
    }
    let res = r0 + r1 + (r2 + r3) + (r4 + r5 + (r6 + r7));
    for (; i < n; i++) res += a[start + i];
    return res;
  }
  let n2 = Math.floor(n / 2);
  n2 -= n2 % 8;
  return pairwiseSum(a, start, n2) + pairwiseSum(a, start + n2, n - n2);
}

/** Mean and population variance as NumPy computes `x.mean()` and `x.var()` (ddof = 0). */
export function meanAndVariance(
  a: ArrayLike<number>,
  start: number,
  n: number,
  scratch: Float64Array,
): { mean: number; variance: number } {
  const mean = pairwiseSum(a, start, n) / n;
  for (let i = 0; i < n; i++) {
    const d = a[start + i] - mean;
    scratch[i] = d * d;
  }
  return { mean, variance: pairwiseSum(scratch, 0, n) / n };
}
