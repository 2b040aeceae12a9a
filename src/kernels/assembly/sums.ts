/* eslint-disable @typescript-eslint/ban-ts-comment -- AssemblyScript, not TypeScript */
// @ts-nocheck: AssemblyScript (usize, load/store builtins), compiled by `npm run build:kernels`.
/**
 * Sums of tasks and their statistics (GPA paper §3.6, SPEC §9), the same arithmetic as the engine's
 * `addRows`, `sortFloat64` and `andersonStatisticSorted`, so the same bits: one subset's running
 * total over all columns, an LSD radix sort of float64 values on their bit pattern, and the
 * Anderson–Darling A² of the sorted values with log Φ from the engine's piecewise table (outside it,
 * the engine's own log Φ, imported).
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

/**
 * Sorts values[0..n) ascending as sortBits does (tmp: n more f64, counts: 6 × 2048 i32) and returns
 * 1, or 0 with the values unchanged when a value has its sign bit set. The same LSD radix sort on the
 * bit patterns, over only the bits that differ: keys less the smallest, shifted past the low bits
 * every value shares (sums of float32 values leave many), in as few passes as 12-bit digits allow
 * (the sums of Table 1: 31–35 bits, three passes instead of four or five). Values not all finite
 * go to sortBits.
 */
export function sortValues(values: usize, tmp: usize, n: i32, counts: usize): i32 {
  if (n < 2) return sortBits(values, tmp, n, counts);
  // Keys as signed integers: with no sign bit set (else declined), their order is the numbers'.
  const first = v128.load64_splat(values);
  let low = first;
  let high = first;
  let bits = i64x2.splat(0);
  let differ = i64x2.splat(0);
  let i = 0;
  for (; i + 2 <= n; i += 2) {
    const x = v128.load(values + ((<usize>i) << 3));
    low = v128.bitselect(x, low, i64x2.gt_s(low, x));
    high = v128.bitselect(x, high, i64x2.gt_s(x, high));
    bits = v128.or(bits, x);
    differ = v128.or(differ, v128.xor(x, first));
  }
  const l0 = i64x2.extract_lane(low, 0);
  const l1 = i64x2.extract_lane(low, 1);
  const h0 = i64x2.extract_lane(high, 0);
  const h1 = i64x2.extract_lane(high, 1);
  let min = l0 < l1 ? l0 : l1;
  let max = h0 > h1 ? h0 : h1;
  let sign = i64x2.extract_lane(bits, 0) | i64x2.extract_lane(bits, 1);
  let diff = i64x2.extract_lane(differ, 0) | i64x2.extract_lane(differ, 1);
  if (i < n) {
    const k = load<i64>(values + ((<usize>i) << 3));
    if (k < min) min = k;
    if (k > max) max = k;
    sign |= k;
    diff |= k ^ i64x2.extract_lane(first, 0);
  }
  if (sign < 0) return 0;
  // +∞ and NaN (keys from +∞'s up) are left to sortBits.
  if (max >= reinterpret<i64>(Infinity)) return sortBits(values, tmp, n, counts);
  if (diff == 0) return 1;
  const base = <u64>min;
  const shift = <u64>ctz(diff);
  const width = 64 - <i32>clz((<u64>max - base) >> shift);
  let passes = (width + 11) / 12;
  if (passes > 3) passes = (width + 10) / 11;
  const digit = (width + passes - 1) / passes;
  const mask: u64 = ((<u64>1) << (<u64>digit)) - 1;
  memory.fill(counts, 0, ((<usize>passes) << (<usize>digit)) << 2);
  const size = (<usize>1) << (<usize>digit);
  const d1 = <u64>digit;
  const d2 = <u64>(2 * digit);
  if (passes == 3)
    for (i = 0; i < n; i++) {
      const k = (load<u64>(values + ((<usize>i) << 3)) - base) >> shift;
      bump(counts + ((<usize>(k & mask)) << 2));
      bump(counts + ((size + <usize>((k >> d1) & mask)) << 2));
      bump(counts + ((2 * size + <usize>(k >> d2)) << 2));
    }
  else
    for (i = 0; i < n; i++) {
      const k = (load<u64>(values + ((<usize>i) << 3)) - base) >> shift;
      for (let d = 0; d < passes; d++)
        bump(
          counts +
            ((((<usize>d) << (<usize>digit)) + <usize>((k >> (<u64>(d * digit))) & mask)) << 2),
        );
    }
  let src = values;
  let dst = tmp;
  for (let d = 0; d < passes; d++) {
    const at = counts + (((<usize>d) << (<usize>digit)) << 2);
    const by = shift + <u64>(d * digit);
    if (load<i32>(at + ((<usize>(((load<u64>(src) - base) >> by) & mask)) << 2)) == n) continue;
    let sum = 0;
    for (let j: usize = 0; j <= <usize>mask; j++) {
      const c = load<i32>(at + (j << 2));
      store<i32>(at + (j << 2), sum);
      sum += c;
    }
    for (i = 0; i < n; i++) {
      const k = load<u64>(src + ((<usize>i) << 3));
      const slot = at + ((<usize>(((k - base) >> by) & mask)) << 2);
      const to = load<i32>(slot);
      store<i32>(slot, to + 1);
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

// logCdf of each lane of z.
function logCdfPair(z: v128, table: usize, limit: f64, perUnit: f64, pieces: f64): v128 {
  const r = f64x2.splat(logCdf(f64x2.extract_lane(z, 0), table, limit, perUnit, pieces));
  return f64x2.replace_lane(r, 1, logCdf(f64x2.extract_lane(z, 1), table, limit, perUnit, pieces));
}

/**
 * A² of sorted[0..n) for the fitted mean and sd, as the engine's andersonStatisticSorted (there ties
 * share their log Φ terms; here every value computes them: the same bits), two values at a time with
 * the arithmetic of `logCdf` lane by lane. Sorted values fall in the table's pieces by runs (w is
 * monotone), so each of log Φ(w) and log Φ(−w) keeps its current piece's coefficients in registers; a
 * pair that straddles two pieces or leaves the table goes through `logCdf` itself. The terms
 * (2i + 1)·log Φ(wᵢ) + (2(n − i) − 1)·log Φ(−wᵢ) are added in order. `table`: the engine's degree-7
 * pieces, 8 f64 each.
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
  const m = f64x2.splat(mean);
  const d = f64x2.splat(sd);
  const lim = f64x2.splat(limit);
  const per = f64x2.splat(perUnit);
  const one = f64x2.splat(1);
  const two = f64x2.splat(2);
  const four = f64x2.splat(4);
  // The current pieces of w and −w (NaN: none yet) and their coefficients.
  let curL = f64x2.splat(NaN);
  let curU = curL;
  let l0 = one;
  let l1 = one;
  let l2 = one;
  let l3 = one;
  let l4 = one;
  let l5 = one;
  let l6 = one;
  let l7 = one;
  let u0 = one;
  let u1 = one;
  let u2 = one;
  let u3 = one;
  let u4 = one;
  let u5 = one;
  let u6 = one;
  let u7 = one;
  let a = f64x2(1, 3);
  let b = f64x2(<f64>(2 * n - 1), <f64>(2 * n - 3));
  let acc: f64 = 0;
  let i = 0;
  for (; i + 2 <= n; i += 2) {
    const z = f64x2.div(f64x2.sub(v128.load(sorted + ((<usize>i) << 3)), m), d);
    const vL = f64x2.mul(f64x2.add(z, lim), per);
    const vU = f64x2.mul(f64x2.add(f64x2.neg(z), lim), per);
    // For v ≥ 0, ⌊v⌋ is logCdf's truncation to the piece index.
    const pL = f64x2.floor(vL);
    const pU = f64x2.floor(vU);
    let lo: v128;
    let up: v128;
    if (!i64x2.all_true(f64x2.eq(pL, curL))) {
      const p = f64x2.extract_lane(pL, 0);
      if (p == f64x2.extract_lane(pL, 1) && p >= 0 && p < pieces) {
        const o = table + ((<usize>(<i32>p)) << 6);
        l0 = v128.load64_splat(o);
        l1 = v128.load64_splat(o, 8);
        l2 = v128.load64_splat(o, 16);
        l3 = v128.load64_splat(o, 24);
        l4 = v128.load64_splat(o, 32);
        l5 = v128.load64_splat(o, 40);
        l6 = v128.load64_splat(o, 48);
        l7 = v128.load64_splat(o, 56);
        curL = pL;
      }
    }
    if (i64x2.all_true(f64x2.eq(pL, curL))) {
      const s = f64x2.sub(f64x2.mul(two, f64x2.sub(vL, pL)), one);
      lo = f64x2.add(l6, f64x2.mul(s, l7));
      lo = f64x2.add(l5, f64x2.mul(s, lo));
      lo = f64x2.add(l4, f64x2.mul(s, lo));
      lo = f64x2.add(l3, f64x2.mul(s, lo));
      lo = f64x2.add(l2, f64x2.mul(s, lo));
      lo = f64x2.add(l1, f64x2.mul(s, lo));
      lo = f64x2.add(l0, f64x2.mul(s, lo));
    } else {
      lo = logCdfPair(z, table, limit, perUnit, pieces);
    }
    if (!i64x2.all_true(f64x2.eq(pU, curU))) {
      const p = f64x2.extract_lane(pU, 0);
      if (p == f64x2.extract_lane(pU, 1) && p >= 0 && p < pieces) {
        const o = table + ((<usize>(<i32>p)) << 6);
        u0 = v128.load64_splat(o);
        u1 = v128.load64_splat(o, 8);
        u2 = v128.load64_splat(o, 16);
        u3 = v128.load64_splat(o, 24);
        u4 = v128.load64_splat(o, 32);
        u5 = v128.load64_splat(o, 40);
        u6 = v128.load64_splat(o, 48);
        u7 = v128.load64_splat(o, 56);
        curU = pU;
      }
    }
    if (i64x2.all_true(f64x2.eq(pU, curU))) {
      const s = f64x2.sub(f64x2.mul(two, f64x2.sub(vU, pU)), one);
      up = f64x2.add(u6, f64x2.mul(s, u7));
      up = f64x2.add(u5, f64x2.mul(s, up));
      up = f64x2.add(u4, f64x2.mul(s, up));
      up = f64x2.add(u3, f64x2.mul(s, up));
      up = f64x2.add(u2, f64x2.mul(s, up));
      up = f64x2.add(u1, f64x2.mul(s, up));
      up = f64x2.add(u0, f64x2.mul(s, up));
    } else {
      up = logCdfPair(f64x2.neg(z), table, limit, perUnit, pieces);
    }
    const t = f64x2.add(f64x2.mul(a, lo), f64x2.mul(b, up));
    acc += f64x2.extract_lane(t, 0);
    acc += f64x2.extract_lane(t, 1);
    a = f64x2.add(a, four);
    b = f64x2.sub(b, four);
  }
  if (i < n) {
    const w = (load<f64>(sorted + ((<usize>i) << 3)) - mean) / sd;
    acc +=
      <f64>(2 * i + 1) * logCdf(w, table, limit, perUnit, pieces) +
      <f64>(2 * (n - i) - 1) * logCdf(-w, table, limit, perUnit, pieces);
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
    // The eight partial sums r0 … r7 as four pairs of lanes, the same additions lane by lane.
    const mean = f64x2.splat(m);
    let r01 = terms(values, 0, mean, square);
    let r23 = terms(values, 2, mean, square);
    let r45 = terms(values, 4, mean, square);
    let r67 = terms(values, 6, mean, square);
    let i = 8;
    const end = n - (n % 8);
    for (; i < end; i += 8) {
      r01 = f64x2.add(r01, terms(values, i, mean, square));
      r23 = f64x2.add(r23, terms(values, i + 2, mean, square));
      r45 = f64x2.add(r45, terms(values, i + 4, mean, square));
      r67 = f64x2.add(r67, terms(values, i + 6, mean, square));
    }
    let res =
      f64x2.extract_lane(r01, 0) +
      f64x2.extract_lane(r01, 1) +
      (f64x2.extract_lane(r23, 0) + f64x2.extract_lane(r23, 1)) +
      (f64x2.extract_lane(r45, 0) +
        f64x2.extract_lane(r45, 1) +
        (f64x2.extract_lane(r67, 0) + f64x2.extract_lane(r67, 1)));
    for (; i < n; i++) res += term(values, i, m, square);
    return res;
  }
  let n2 = n / 2;
  n2 -= n2 % 8;
  return pairwise(values, n2, m, square) + pairwise(values + ((<usize>n2) << 3), n - n2, m, square);
}

// Terms i and i + 1 as two lanes.
function terms(values: usize, i: i32, mean: v128, square: bool): v128 {
  const v = v128.load(values + ((<usize>i) << 3));
  if (!square) return v;
  const d = f64x2.sub(v, mean);
  return f64x2.mul(d, d);
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
  if (!sortValues(values, tmp, n, counts)) return 0;
  store<f64>(out, andersonSorted(values, n, mean, sd, table, limit, perUnit));
  return 1;
}

// Row k of the subset at `rows` (i32 indices) in the matrix at `data`.
function row(data: usize, cols: i32, rows: usize, k: i32): usize {
  return data + ((<usize>load<i32>(rows + ((<usize>k) << 2)) * <usize>cols) << 2);
}

// Two float32 values at p promoted to float64.
function pair(p: usize): v128 {
  return f64x2.promote_low_f32x4(v128.load64_zero(p));
}

/**
 * acc[t] += X[rows[k]][t] for k < count, t < cols, in list order (eight rows per pass over acc, the
 * additions in the same order as one row at a time, so the same bits); acc starts at +0 when `fresh`.
 * One subset's running total for Table 1: its sizes' sums one after the other.
 */
export function addRows(
  data: usize,
  cols: i32,
  rows: usize,
  count: i32,
  acc: usize,
  fresh: bool,
): void {
  if (fresh) memory.fill(acc, 0, (<usize>cols) << 3);
  const vectorEnd = cols & ~1;
  let k = 0;
  for (; k + 8 <= count; k += 8) {
    const a = row(data, cols, rows, k);
    const b = row(data, cols, rows, k + 1);
    const c = row(data, cols, rows, k + 2);
    const d = row(data, cols, rows, k + 3);
    const e = row(data, cols, rows, k + 4);
    const f = row(data, cols, rows, k + 5);
    const g = row(data, cols, rows, k + 6);
    const h = row(data, cols, rows, k + 7);
    let t = 0;
    for (; t < vectorEnd; t += 2) {
      const o = (<usize>t) << 2;
      const q = acc + ((<usize>t) << 3);
      let s = f64x2.add(v128.load(q), pair(a + o));
      s = f64x2.add(s, pair(b + o));
      s = f64x2.add(s, pair(c + o));
      s = f64x2.add(s, pair(d + o));
      s = f64x2.add(s, pair(e + o));
      s = f64x2.add(s, pair(f + o));
      s = f64x2.add(s, pair(g + o));
      v128.store(q, f64x2.add(s, pair(h + o)));
    }
    for (; t < cols; t++) {
      const o = (<usize>t) << 2;
      const q = acc + ((<usize>t) << 3);
      store<f64>(
        q,
        load<f64>(q) +
          <f64>load<f32>(a + o) +
          <f64>load<f32>(b + o) +
          <f64>load<f32>(c + o) +
          <f64>load<f32>(d + o) +
          <f64>load<f32>(e + o) +
          <f64>load<f32>(f + o) +
          <f64>load<f32>(g + o) +
          <f64>load<f32>(h + o),
      );
    }
  }
  for (; k < count; k++) {
    const a = row(data, cols, rows, k);
    let t = 0;
    for (; t < vectorEnd; t += 2) {
      const q = acc + ((<usize>t) << 3);
      v128.store(q, f64x2.add(v128.load(q), pair(a + ((<usize>t) << 2))));
    }
    for (; t < cols; t++) {
      const q = acc + ((<usize>t) << 3);
      store<f64>(q, load<f64>(q) + <f64>load<f32>(a + ((<usize>t) << 2)));
    }
  }
}

/**
 * fitSortAnderson of a copy of acc[0..n) made at `values` (the running total stays as it is).
 */
export function sumStats(
  acc: usize,
  values: usize,
  tmp: usize,
  n: i32,
  counts: usize,
  table: usize,
  limit: f64,
  perUnit: f64,
  out: usize,
): i32 {
  memory.copy(values, acc, (<usize>n) << 3);
  return fitSortAnderson(values, tmp, n, counts, table, limit, perUnit, out);
}
