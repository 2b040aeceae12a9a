/* eslint-disable @typescript-eslint/ban-ts-comment -- AssemblyScript, not TypeScript */
// @ts-nocheck: AssemblyScript (usize, load/store builtins), compiled by `npm run build:kernels`.
/**
 * Statistics of one sum of tasks (GPA paper §3.6, SPEC §9), the same arithmetic as the engine's
 * `sortFloat64` and `andersonStatisticSorted`, so the same bits: an LSD radix sort of float64 values
 * on their bit pattern, and the Anderson–Darling A² of the sorted values with log Φ from the engine's
 * piecewise table (outside it, the engine's own log Φ, imported).
 */

import { logNormalCdf } from './env';

const BINS: usize = 2048;

function bump(at: usize): void {
  store<i32>(at, load<i32>(at) + 1);
}

/**
 * Sorts values[0..n) ascending (tmp: n more f64, counts: 6 × 2048 i32) when no value has its sign bit
 * set — then the order of the bit patterns is the order of the numbers — and returns 1; else 0 with
 * the values unchanged. Six passes of 11, 11, 10, 11, 11, 10 bits, a pass skipped when every value
 * shares its digit.
 */
export function sortBits(values: usize, tmp: usize, n: i32, counts: usize): i32 {
  memory.fill(counts, 0, 6 * BINS * 4);
  let sign: u64 = 0;
  for (let i = 0; i < n; i++) {
    const k = load<u64>(values + ((<usize>i) << 3));
    sign |= k;
    bump(counts + ((<usize>(k & 2047)) << 2));
    bump(counts + ((BINS + <usize>((k >> 11) & 2047)) << 2));
    bump(counts + ((2 * BINS + <usize>((k >> 22) & 1023)) << 2));
    bump(counts + ((3 * BINS + <usize>((k >> 32) & 2047)) << 2));
    bump(counts + ((4 * BINS + <usize>((k >> 43) & 2047)) << 2));
    bump(counts + ((5 * BINS + <usize>(k >> 54)) << 2));
  }
  if (sign >> 63) return 0;
  let src = values;
  let dst = tmp;
  for (let d = 0; d < 6; d++) {
    const shift: u64 = d < 3 ? <u64>(d * 11) : <u64>(32 + (d - 3) * 11);
    const mask: u64 = d == 2 || d == 5 ? 1023 : 2047;
    const base = counts + ((<usize>d * BINS) << 2);
    if (load<i32>(base + ((<usize>((load<u64>(src) >> shift) & mask)) << 2)) == n) continue;
    let sum = 0;
    for (let j: usize = 0; j <= <usize>mask; j++) {
      const at = base + (j << 2);
      const c = load<i32>(at);
      store<i32>(at, sum);
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const k = load<u64>(src + ((<usize>i) << 3));
      const at = base + ((<usize>((k >> shift) & mask)) << 2);
      const to = load<i32>(at);
      store<i32>(at, to + 1);
      store<u64>(dst + ((<usize>to) << 3), k);
    }
    const t = src;
    src = dst;
    dst = t;
  }
  if (src != values) memory.copy(values, src, (<usize>n) << 3);
  return 1;
}

// log Φ(z) as the engine's logNormalCdfFast: Horner on the table's degree-7 piece, else exact.
function logCdf(z: f64, table: usize, limit: f64, perUnit: f64, pieces: f64): f64 {
  const v = (z + limit) * perUnit;
  if (!(v >= 0 && v < pieces)) return logNormalCdf(z);
  const p = <i32>v;
  const s = 2 * (v - <f64>p) - 1;
  const o = table + ((<usize>p) << 6);
  let r = load<f64>(o, 56);
  r = load<f64>(o, 48) + s * r;
  r = load<f64>(o, 40) + s * r;
  r = load<f64>(o, 32) + s * r;
  r = load<f64>(o, 24) + s * r;
  r = load<f64>(o, 16) + s * r;
  r = load<f64>(o, 8) + s * r;
  return load<f64>(o) + s * r;
}

/**
 * A² of sorted[0..n) for the fitted mean and sd, as the engine's andersonStatisticSorted (ties reuse
 * the previous value's log Φ terms). `table`: the engine's degree-7 pieces, 8 f64 each.
 */
export function andersonSorted(
  sorted: usize,
  n: i32,
  mean: f64,
  sd: f64,
  table: usize,
  limit: f64,
  perUnit: f64,
): f64 {
  if (!(sd > 0)) return NaN;
  const pieces = 2 * limit * perUnit;
  let acc: f64 = 0;
  let previous: f64 = NaN;
  let lower: f64 = 0;
  let upper: f64 = 0;
  for (let i = 0; i < n; i++) {
    const y = load<f64>(sorted + ((<usize>i) << 3));
    if (y != previous) {
      const w = (y - mean) / sd;
      lower = logCdf(w, table, limit, perUnit, pieces);
      upper = logCdf(-w, table, limit, perUnit, pieces);
      previous = y;
    }
    acc += <f64>(2 * i + 1) * lower + <f64>(2 * (n - i) - 1) * upper;
  }
  return -(<f64>n) - acc / <f64>n;
}

// NumPy's pairwise sum of values[0..n) (the engine's pairwiseSum, step for step: the same bits);
// with `square`, of (values[i] − m)².
function pairwise(values: usize, n: i32, m: f64, square: bool): f64 {
  if (n < 8) {
    let res: f64 = 0;
    for (let i = 0; i < n; i++) res += term(values, i, m, square);
    return res;
  }
  if (n <= 128) {
    let r0 = term(values, 0, m, square);
    let r1 = term(values, 1, m, square);
    let r2 = term(values, 2, m, square);
    let r3 = term(values, 3, m, square);
    let r4 = term(values, 4, m, square);
    let r5 = term(values, 5, m, square);
    let r6 = term(values, 6, m, square);
    let r7 = term(values, 7, m, square);
    let i = 8;
    const end = n - (n % 8);
    for (; i < end; i += 8) {
      r0 += term(values, i, m, square);
      r1 += term(values, i + 1, m, square);
      r2 += term(values, i + 2, m, square);
      r3 += term(values, i + 3, m, square);
      r4 += term(values, i + 4, m, square);
      r5 += term(values, i + 5, m, square);
      r6 += term(values, i + 6, m, square);
      r7 += term(values, i + 7, m, square);
    }
    let res = r0 + r1 + (r2 + r3) + (r4 + r5 + (r6 + r7));
    for (; i < n; i++) res += term(values, i, m, square);
    return res;
  }
  let n2 = n / 2;
  n2 -= n2 % 8;
  return pairwise(values, n2, m, square) + pairwise(values + ((<usize>n2) << 3), n - n2, m, square);
}

function term(values: usize, i: i32, m: f64, square: bool): f64 {
  const v = load<f64>(values + ((<usize>i) << 3));
  if (!square) return v;
  const d = v - m;
  return d * d;
}

/**
 * A² of values[0..n) (SPEC §9) as the engine computes it for a sum, stored at `out`: the mean and
 * the ddof = 1 sd by NumPy's pairwise sums over the values in their own order, then the radix sort
 * (the values end up sorted) and A² of the sorted values. Returns 0, with nothing sorted or stored,
 * when a value has its sign bit set; else 1.
 */
export function fitSortAnderson(
  values: usize,
  tmp: usize,
  n: i32,
  counts: usize,
  table: usize,
  limit: f64,
  perUnit: f64,
  out: usize,
): i32 {
  const mean = pairwise(values, n, 0, false) / <f64>n;
  const sd = Math.sqrt(pairwise(values, n, mean, true) / <f64>(n - 1));
  if (!sortBits(values, tmp, n, counts)) return 0;
  store<f64>(out, andersonSorted(values, n, mean, sd, table, limit, perUnit));
  return 1;
}
