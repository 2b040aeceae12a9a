/* eslint-disable @typescript-eslint/ban-ts-comment -- AssemblyScript, not TypeScript */
// @ts-nocheck: AssemblyScript (v128, usize, load/store builtins), compiled by `npm run build:kernels`.
/**
 * The evaluation kernel (SPEC §7) in WebAssembly SIMD: per-column totals of a machine's realization
 * rows, float32 values promoted to float64 and added in task order, and the count of totals strictly
 * above `capacity` — which the caller (src/kernels/index.ts) passes as the engine's capacityLimit(c),
 * so the count is the engine's `exceeds` (capacity.ts). Same additions in the same order as the scalar loop, so the same bits.
 * Pointers are byte offsets into the imported memory; row indices are i32, totals f64. A machine's
 * rows are added in ⌈n / 8⌉ passes of balanced sizes (passes.ts), each over the whole column range.
 */

import { addRows } from './passes';

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

/**
 * Adds rows[0..n) over columns [start, start + width) to the totals at `src` (to +0 when `fresh`),
 * leaving them at `dst` — or, when `count`, returns how many exceed `capacity` without storing them.
 * ⌈n / 8⌉ passes of ⌊n / passes⌋ or one more rows, so that no pass is short; n ≥ 1.
 */
function addAll(
  data: usize,
  cols: i32,
  rows: usize,
  n: i32,
  start: i32,
  src: usize,
  dst: usize,
  width: i32,
  fresh: bool,
  count: bool,
  capacity: f64,
): i32 {
  const passes = (n + 7) >> 3;
  const base = n / passes;
  const longer = n - base * passes;
  let over = 0;
  let k = 0;
  for (let i = 0; i < passes; i++) {
    const r = base + (i < longer ? 1 : 0);
    const first = i == 0;
    const last = i == passes - 1;
    const from = first ? src : dst;
    const rowsAt = rows + ((<usize>k) << 2);
    over = addRows(
      rowsAt,
      r,
      data,
      cols,
      start,
      from,
      dst,
      width,
      first && fresh,
      last && count,
      capacity,
    );
    k += r;
  }
  return over;
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
  const width = end - start;
  if (n == 0) memory.fill(totals, 0, (<usize>width) << 3);
  else addAll(data, cols, rows, n, start, totals, totals, width, true, false, 0);
  return countAbove(totals, width, capacity);
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
    const over =
      to > from
        ? addAll(
            data,
            cols,
            rows + ((<usize>from) << 2),
            to - from,
            start,
            scratch,
            scratch,
            width,
            true,
            true,
            capacity,
          )
        : 0 > capacity
          ? width
          : 0;
    const at = counts + ((<usize>j) << 2);
    store<i32>(at, load<i32>(at) + over);
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
  let k = 0;
  for (let s = 0; s < S; s++) {
    const slot = out + <usize>s * bytes;
    const previous = s > 0 ? slot - bytes : slot;
    const n = load<i32>(sizes + ((<usize>s) << 2));
    if (n > k) {
      const rowsAt = rows + ((<usize>k) << 2);
      addAll(data, cols, rowsAt, n - k, start, previous, slot, width, s == 0, false, 0);
      k = n;
    } else if (s > 0) memory.copy(slot, previous, bytes);
    else memory.fill(slot, 0, bytes);
  }
}

export { sortBits, andersonSorted, fitSortAnderson, addRows, sumStats } from './sums';

/**
 * Reads one word per 64 bytes of rows[0..n) over columns [start, end) and returns their XOR: brings a
 * column block of scattered rows into cache with many independent loads in flight.
 */
export function touchRows(data: usize, cols: i32, rows: usize, n: i32, start: i32, end: i32): i32 {
  let x: i32 = 0;
  const bytes = (<usize>(end - start)) << 2;
  for (let k = 0; k < n; k++) {
    const row = load<i32>(rows + ((<usize>k) << 2));
    const p = data + ((<usize>row * <usize>cols + <usize>start) << 2);
    for (let o: usize = 0; o < bytes; o += 64) x ^= load<i32>(p + o);
  }
  return x;
}
