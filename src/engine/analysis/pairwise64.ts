/**
 * NumPy's pairwise summation (as `stats/summation.ts`, step for step, so the same bits) specialised to
 * Float64Array, and fused with the squared deviations a variance sums: Table 1 takes the mean and sd
 * of 70,000 sums of 10,000 values, and the generic version's element access costs more than the adds.
 */

/** Σ a[start .. start + n) in NumPy's pairwise order (same bits as `pairwiseSum`). */
export function pairwiseSum64(a: Float64Array, start: number, n: number): number {
  if (n < 8) {
    let res = 0;
    for (let i = 0; i < n; i++) res += a[start + i];
    return res;
  }
  if (n <= 128) {
    let r0 = a[start];
    let r1 = a[start + 1];
    let r2 = a[start + 2];
    let r3 = a[start + 3];
    let r4 = a[start + 4];
    let r5 = a[start + 5];
    let r6 = a[start + 6];
    let r7 = a[start + 7];
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
  return pairwiseSum64(a, start, n2) + pairwiseSum64(a, start + n2, n - n2);
}

/** Σ (a[i] − m)² over [start, start + n) in NumPy's pairwise order (as squaring into an array first). */
export function pairwiseSquares64(a: Float64Array, m: number, start: number, n: number): number {
  if (n < 8) {
    let res = 0;
    for (let i = 0; i < n; i++) {
      const d = a[start + i] - m;
      res += d * d;
    }
    return res;
  }
  if (n <= 128) {
    const d0 = a[start + 0] - m;
    const d1 = a[start + 1] - m;
    const d2 = a[start + 2] - m;
    const d3 = a[start + 3] - m;
    const d4 = a[start + 4] - m;
    const d5 = a[start + 5] - m;
    const d6 = a[start + 6] - m;
    const d7 = a[start + 7] - m;
    let r0 = d0 * d0;
    let r1 = d1 * d1;
    let r2 = d2 * d2;
    let r3 = d3 * d3;
    let r4 = d4 * d4;
    let r5 = d5 * d5;
    let r6 = d6 * d6;
    let r7 = d7 * d7;
    let i = 8;
    const end = n - (n % 8);
    for (; i < end; i += 8) {
      const p = start + i;
      const e0 = a[p] - m;
      const e1 = a[p + 1] - m;
      const e2 = a[p + 2] - m;
      const e3 = a[p + 3] - m;
      const e4 = a[p + 4] - m;
      const e5 = a[p + 5] - m;
      const e6 = a[p + 6] - m;
      const e7 = a[p + 7] - m;
      r0 += e0 * e0;
      r1 += e1 * e1;
      r2 += e2 * e2;
      r3 += e3 * e3;
      r4 += e4 * e4;
      r5 += e5 * e5;
      r6 += e6 * e6;
      r7 += e7 * e7;
    }
    let res = r0 + r1 + (r2 + r3) + (r4 + r5 + (r6 + r7));
    for (; i < n; i++) {
      const d = a[start + i] - m;
      res += d * d;
    }
    return res;
  }
  let n2 = Math.floor(n / 2);
  n2 -= n2 % 8;
  return pairwiseSquares64(a, m, start, n2) + pairwiseSquares64(a, m, start + n2, n - n2);
}
