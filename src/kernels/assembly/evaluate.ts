/* eslint-disable @typescript-eslint/ban-ts-comment -- AssemblyScript, not TypeScript */
// @ts-nocheck: AssemblyScript (v128, usize, load/store builtins), compiled by `npm run build:kernels`.
/**
 * The evaluation kernel (SPEC §7) in WebAssembly SIMD: per-column totals of a machine's realization
 * rows, float32 values promoted to float64 and added in task order, and the count of totals strictly
 * above the capacity. Same additions in the same order as the scalar loop, so the same bits.
 * Pointers are byte offsets into the imported memory; row indices are i32, totals f64.
 */

function f64lo(p: usize, offset: usize): v128 {
  return f64x2.promote_low_f32x4(v128.load64_zero(p + offset));
}

// dst[t] = (((dst[t] + a[t]) + b[t]) + c[t]) + d[t] for t < width, a..d float32 rows promoted to float64:
// four rows per pass over the totals (the same additions in the same order as one row at a time).
function accumulate4(a: usize, b: usize, c: usize, d: usize, dst: usize, width: i32): void {
  let t = 0;
  const vectorEnd = width & ~3;
  for (; t < vectorEnd; t += 4) {
    const o = (<usize>t) << 2;
    const q = dst + ((<usize>t) << 3);
    let lo = v128.load(q);
    let hi = v128.load(q, 16);
    lo = f64x2.add(lo, f64lo(a, o));
    hi = f64x2.add(hi, f64lo(a, o + 8));
    lo = f64x2.add(lo, f64lo(b, o));
    hi = f64x2.add(hi, f64lo(b, o + 8));
    lo = f64x2.add(lo, f64lo(c, o));
    hi = f64x2.add(hi, f64lo(c, o + 8));
    lo = f64x2.add(lo, f64lo(d, o));
    hi = f64x2.add(hi, f64lo(d, o + 8));
    v128.store(q, lo);
    v128.store(q, hi, 16);
  }
  for (; t < width; t++) {
    const o = (<usize>t) << 2;
    const q = dst + ((<usize>t) << 3);
    store<f64>(
      q,
      load<f64>(q) +
        <f64>load<f32>(a + o) +
        <f64>load<f32>(b + o) +
        <f64>load<f32>(c + o) +
        <f64>load<f32>(d + o),
    );
  }
}

// dst[t] += a[t] for t < width.
function accumulate1(a: usize, dst: usize, width: i32): void {
  let t = 0;
  const vectorEnd = width & ~3;
  for (; t < vectorEnd; t += 4) {
    const o = (<usize>t) << 2;
    const q = dst + ((<usize>t) << 3);
    v128.store(q, f64x2.add(v128.load(q), f64lo(a, o)));
    v128.store(q, f64x2.add(v128.load(q, 16), f64lo(a, o + 8)), 16);
  }
  for (; t < width; t++) {
    const q = dst + ((<usize>t) << 3);
    store<f64>(q, load<f64>(q) + <f64>load<f32>(a + ((<usize>t) << 2)));
  }
}

// #{t < width : totals[t] > capacity}; NaN totals never count, as in the scalar loop.
function countAbove(totals: usize, width: i32, capacity: f64): i32 {
  const c = f64x2.splat(capacity);
  let acc0 = i64x2.splat(0);
  let acc1 = i64x2.splat(0);
  let t = 0;
  const vectorEnd = width & ~3;
  for (; t < vectorEnd; t += 4) {
    const q = totals + ((<usize>t) << 3);
    // A true lane is all ones (-1): subtracting it counts one.
    acc0 = i64x2.sub(acc0, f64x2.gt(v128.load(q), c));
    acc1 = i64x2.sub(acc1, f64x2.gt(v128.load(q, 16), c));
  }
  const acc = i64x2.add(acc0, acc1);
  let n = <i32>(i64x2.extract_lane(acc, 0) + i64x2.extract_lane(acc, 1));
  for (; t < width; t++) if (load<f64>(totals + ((<usize>t) << 3)) > capacity) n++;
  return n;
}

function rowAt(data: usize, cols: i32, rows: usize, k: i32, start: i32): usize {
  const row = load<i32>(rows + ((<usize>k) << 2));
  return data + ((<usize>row * <usize>cols + <usize>start) << 2);
}

// Sums rows[0..n) of the matrix at `data` (cols per row) over columns [start, end) into `totals`,
// starting from +0 like the scalar loop.
function sumRows(
  data: usize,
  cols: i32,
  rows: usize,
  n: i32,
  start: i32,
  end: i32,
  totals: usize,
): void {
  const width = end - start;
  memory.fill(totals, 0, (<usize>width) << 3);
  let k = 0;
  for (; k + 8 <= n; k += 8) accumulate8(rows, k, data, cols, start, totals, width);
  for (; k + 4 <= n; k += 4)
    accumulate4(
      rowAt(data, cols, rows, k, start),
      rowAt(data, cols, rows, k + 1, start),
      rowAt(data, cols, rows, k + 2, start),
      rowAt(data, cols, rows, k + 3, start),
      totals,
      width,
    );
  for (; k < n; k++) accumulate1(rowAt(data, cols, rows, k, start), totals, width);
}

/** Fills totals[0..end-start) with one machine's per-column sums and returns how many exceed c. */
export function machineTotals(
  data: usize,
  cols: i32,
  rows: usize,
  n: i32,
  start: i32,
  end: i32,
  capacity: f64,
  totals: usize,
): i32 {
  sumRows(data, cols, rows, n, start, end, totals);
  return countAbove(totals, end - start, capacity);
}

/**
 * For machines j < m whose rows are rows[offsets[j] .. offsets[j+1]), adds to counts[j] the number
 * of columns in [start, end) where the machine's total exceeds c. `scratch` holds end - start f64.
 * Called per column block, so that one instance's block stays in cache across many packings.
 */
export function countMachines(
  data: usize,
  cols: i32,
  rows: usize,
  offsets: usize,
  m: i32,
  start: i32,
  end: i32,
  capacity: f64,
  scratch: usize,
  counts: usize,
): void {
  const width = end - start;
  for (let j = 0; j < m; j++) {
    const from = load<i32>(offsets + ((<usize>j) << 2));
    const to = load<i32>(offsets + ((<usize>(j + 1)) << 2));
    sumRows(data, cols, rows + ((<usize>from) << 2), to - from, start, end, scratch);
    const at = counts + ((<usize>j) << 2);
    store<i32>(at, load<i32>(at) + countAbove(scratch, width, capacity));
  }
}

// dst[t] = ((dst[t] + r0[t]) + r1[t]) … + r7[t] for t < width: eight rows per pass over the totals
// (half the totals' loads and stores of four rows per pass; the additions stay in row order).
function accumulate8(
  rows: usize,
  k: i32,
  data: usize,
  cols: i32,
  start: i32,
  dst: usize,
  width: i32,
): void {
  const a = rowAt(data, cols, rows, k, start);
  const b = rowAt(data, cols, rows, k + 1, start);
  const c = rowAt(data, cols, rows, k + 2, start);
  const d = rowAt(data, cols, rows, k + 3, start);
  const e = rowAt(data, cols, rows, k + 4, start);
  const f = rowAt(data, cols, rows, k + 5, start);
  const g = rowAt(data, cols, rows, k + 6, start);
  const h = rowAt(data, cols, rows, k + 7, start);
  let t = 0;
  const vectorEnd = width & ~3;
  for (; t < vectorEnd; t += 4) {
    const o = (<usize>t) << 2;
    const q = dst + ((<usize>t) << 3);
    let lo = v128.load(q);
    let hi = v128.load(q, 16);
    lo = f64x2.add(lo, f64lo(a, o));
    hi = f64x2.add(hi, f64lo(a, o + 8));
    lo = f64x2.add(lo, f64lo(b, o));
    hi = f64x2.add(hi, f64lo(b, o + 8));
    lo = f64x2.add(lo, f64lo(c, o));
    hi = f64x2.add(hi, f64lo(c, o + 8));
    lo = f64x2.add(lo, f64lo(d, o));
    hi = f64x2.add(hi, f64lo(d, o + 8));
    lo = f64x2.add(lo, f64lo(e, o));
    hi = f64x2.add(hi, f64lo(e, o + 8));
    lo = f64x2.add(lo, f64lo(f, o));
    hi = f64x2.add(hi, f64lo(f, o + 8));
    lo = f64x2.add(lo, f64lo(g, o));
    hi = f64x2.add(hi, f64lo(g, o + 8));
    lo = f64x2.add(lo, f64lo(h, o));
    hi = f64x2.add(hi, f64lo(h, o + 8));
    v128.store(q, lo);
    v128.store(q, hi, 16);
  }
  for (; t < width; t++) {
    const o = (<usize>t) << 2;
    const q = dst + ((<usize>t) << 3);
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

/**
 * Nested sums of one subset of rows (GPA paper §3.6, Table 1): for s < S, fills the s-th run of
 * end − start f64 at `out` with Σ_{k < sizes[s]} X[rows[k]][t] over columns [start, end), added from
 * +0 in list order (each run continues the previous one's additions). `sizes` ascends.
 */
export function nestedSums(
  data: usize,
  cols: i32,
  rows: usize,
  sizes: usize,
  S: i32,
  start: i32,
  end: i32,
  out: usize,
): void {
  const width = end - start;
  const bytes = (<usize>width) << 3;
  memory.fill(out, 0, bytes);
  let k = 0;
  for (let s = 0; s < S; s++) {
    const slot = out + <usize>s * bytes;
    if (s > 0) memory.copy(slot, slot - bytes, bytes);
    const n = load<i32>(sizes + ((<usize>s) << 2));
    for (; k + 8 <= n; k += 8) accumulate8(rows, k, data, cols, start, slot, width);
    for (; k < n; k++) accumulate1(rowAt(data, cols, rows, k, start), slot, width);
  }
}

export { sortBits, andersonSorted, fitSortAnderson, addRows, sumStats } from './sums';
