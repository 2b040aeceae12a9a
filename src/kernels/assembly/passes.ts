/* eslint-disable @typescript-eslint/ban-ts-comment -- AssemblyScript, not TypeScript */
// @ts-nocheck: AssemblyScript (v128, usize, load/store builtins), compiled by `npm run build:kernels`.
/**
 * One pass of the evaluation kernel over a run of totals: up to eight float32 rows promoted to float64
 * and added, in row order, to sixteen columns' totals held in eight f64x2 registers per step. The
 * totals are read and written once per pass (or not at all: a first pass starts from +0 and a last
 * pass may count instead of storing), and each row costs one address per step (its eight loads use
 * immediate offsets). A pass of r < 8 rows enters the same unrolled body at slot 8 − r.
 */

function at0(p: usize): v128 {
  return f64x2.promote_low_f32x4(v128.load64_zero(p));
}
function at8(p: usize): v128 {
  return f64x2.promote_low_f32x4(v128.load64_zero(p, 8));
}
function at16(p: usize): v128 {
  return f64x2.promote_low_f32x4(v128.load64_zero(p, 16));
}
function at24(p: usize): v128 {
  return f64x2.promote_low_f32x4(v128.load64_zero(p, 24));
}
function at32(p: usize): v128 {
  return f64x2.promote_low_f32x4(v128.load64_zero(p, 32));
}
function at40(p: usize): v128 {
  return f64x2.promote_low_f32x4(v128.load64_zero(p, 40));
}
function at48(p: usize): v128 {
  return f64x2.promote_low_f32x4(v128.load64_zero(p, 48));
}
function at56(p: usize): v128 {
  return f64x2.promote_low_f32x4(v128.load64_zero(p, 56));
}

/** The byte address of column `start` of the k-th row listed at `rows` (i32 row indices). */
export function rowAt(data: usize, cols: i32, rows: usize, k: i32, start: i32): usize {
  const row = load<i32>(rows + ((<usize>k) << 2));
  return data + ((<usize>row * <usize>cols + <usize>start) << 2);
}

// The address of the pass's row in slot `slot` (the pass's rows fill slots 8 − r … 7), or 0.
function slotRow(data: usize, cols: i32, rows: usize, r: i32, slot: i32, start: i32): usize {
  const k = slot - (8 - r);
  return k >= 0 ? rowAt(data, cols, rows, k, start) : 0;
}

/**
 * Adds rows[0 .. r) (1 ≤ r ≤ 8) over columns [start, start + width) to the totals at `src` (or to +0
 * when `fresh`) and stores them at `dst`, or, when `count`, returns #{totals > capacity} (NaN never
 * counts) without storing. The additions per column are those of the scalar loop, in row order.
 */
export function addRows(
  rows: usize,
  r: i32,
  data: usize,
  cols: i32,
  start: i32,
  src: usize,
  dst: usize,
  width: i32,
  fresh: bool,
  count: bool,
  capacity: f64,
): i32 {
  const a = slotRow(data, cols, rows, r, 0, start);
  const b = slotRow(data, cols, rows, r, 1, start);
  const c = slotRow(data, cols, rows, r, 2, start);
  const d = slotRow(data, cols, rows, r, 3, start);
  const e = slotRow(data, cols, rows, r, 4, start);
  const f = slotRow(data, cols, rows, r, 5, start);
  const g = slotRow(data, cols, rows, r, 6, start);
  const h = slotRow(data, cols, rows, r, 7, start);
  const zero = f64x2.splat(0);
  const limit = f64x2.splat(capacity);
  let n0 = i64x2.splat(0);
  let n1 = i64x2.splat(0);
  const vectorEnd = width & ~15;
  for (let t = 0; t < vectorEnd; t += 16) {
    const o = (<usize>t) << 2;
    const from = src + ((<usize>t) << 3);
    let x0 = zero;
    let x1 = zero;
    let x2 = zero;
    let x3 = zero;
    let x4 = zero;
    let x5 = zero;
    let x6 = zero;
    let x7 = zero;
    if (!fresh) {
      x0 = v128.load(from);
      x1 = v128.load(from, 16);
      x2 = v128.load(from, 32);
      x3 = v128.load(from, 48);
      x4 = v128.load(from, 64);
      x5 = v128.load(from, 80);
      x6 = v128.load(from, 96);
      x7 = v128.load(from, 112);
    }
    let p: usize;
    switch (r) {
      case 8:
        p = a + o;
        x0 = f64x2.add(x0, at0(p));
        x1 = f64x2.add(x1, at8(p));
        x2 = f64x2.add(x2, at16(p));
        x3 = f64x2.add(x3, at24(p));
        x4 = f64x2.add(x4, at32(p));
        x5 = f64x2.add(x5, at40(p));
        x6 = f64x2.add(x6, at48(p));
        x7 = f64x2.add(x7, at56(p));
      // falls through
      case 7:
        p = b + o;
        x0 = f64x2.add(x0, at0(p));
        x1 = f64x2.add(x1, at8(p));
        x2 = f64x2.add(x2, at16(p));
        x3 = f64x2.add(x3, at24(p));
        x4 = f64x2.add(x4, at32(p));
        x5 = f64x2.add(x5, at40(p));
        x6 = f64x2.add(x6, at48(p));
        x7 = f64x2.add(x7, at56(p));
      // falls through
      case 6:
        p = c + o;
        x0 = f64x2.add(x0, at0(p));
        x1 = f64x2.add(x1, at8(p));
        x2 = f64x2.add(x2, at16(p));
        x3 = f64x2.add(x3, at24(p));
        x4 = f64x2.add(x4, at32(p));
        x5 = f64x2.add(x5, at40(p));
        x6 = f64x2.add(x6, at48(p));
        x7 = f64x2.add(x7, at56(p));
      // falls through
      case 5:
        p = d + o;
        x0 = f64x2.add(x0, at0(p));
        x1 = f64x2.add(x1, at8(p));
        x2 = f64x2.add(x2, at16(p));
        x3 = f64x2.add(x3, at24(p));
        x4 = f64x2.add(x4, at32(p));
        x5 = f64x2.add(x5, at40(p));
        x6 = f64x2.add(x6, at48(p));
        x7 = f64x2.add(x7, at56(p));
      // falls through
      case 4:
        p = e + o;
        x0 = f64x2.add(x0, at0(p));
        x1 = f64x2.add(x1, at8(p));
        x2 = f64x2.add(x2, at16(p));
        x3 = f64x2.add(x3, at24(p));
        x4 = f64x2.add(x4, at32(p));
        x5 = f64x2.add(x5, at40(p));
        x6 = f64x2.add(x6, at48(p));
        x7 = f64x2.add(x7, at56(p));
      // falls through
      case 3:
        p = f + o;
        x0 = f64x2.add(x0, at0(p));
        x1 = f64x2.add(x1, at8(p));
        x2 = f64x2.add(x2, at16(p));
        x3 = f64x2.add(x3, at24(p));
        x4 = f64x2.add(x4, at32(p));
        x5 = f64x2.add(x5, at40(p));
        x6 = f64x2.add(x6, at48(p));
        x7 = f64x2.add(x7, at56(p));
      // falls through
      case 2:
        p = g + o;
        x0 = f64x2.add(x0, at0(p));
        x1 = f64x2.add(x1, at8(p));
        x2 = f64x2.add(x2, at16(p));
        x3 = f64x2.add(x3, at24(p));
        x4 = f64x2.add(x4, at32(p));
        x5 = f64x2.add(x5, at40(p));
        x6 = f64x2.add(x6, at48(p));
        x7 = f64x2.add(x7, at56(p));
      // falls through
      default:
        p = h + o;
        x0 = f64x2.add(x0, at0(p));
        x1 = f64x2.add(x1, at8(p));
        x2 = f64x2.add(x2, at16(p));
        x3 = f64x2.add(x3, at24(p));
        x4 = f64x2.add(x4, at32(p));
        x5 = f64x2.add(x5, at40(p));
        x6 = f64x2.add(x6, at48(p));
        x7 = f64x2.add(x7, at56(p));
    }
    if (count) {
      // A true lane is all ones (−1): subtracting it counts one.
      n0 = i64x2.sub(n0, f64x2.gt(x0, limit));
      n1 = i64x2.sub(n1, f64x2.gt(x1, limit));
      n0 = i64x2.sub(n0, f64x2.gt(x2, limit));
      n1 = i64x2.sub(n1, f64x2.gt(x3, limit));
      n0 = i64x2.sub(n0, f64x2.gt(x4, limit));
      n1 = i64x2.sub(n1, f64x2.gt(x5, limit));
      n0 = i64x2.sub(n0, f64x2.gt(x6, limit));
      n1 = i64x2.sub(n1, f64x2.gt(x7, limit));
    } else {
      const to = dst + ((<usize>t) << 3);
      v128.store(to, x0);
      v128.store(to, x1, 16);
      v128.store(to, x2, 32);
      v128.store(to, x3, 48);
      v128.store(to, x4, 64);
      v128.store(to, x5, 80);
      v128.store(to, x6, 96);
      v128.store(to, x7, 112);
    }
  }
  const sum = i64x2.add(n0, n1);
  let over = <i32>(i64x2.extract_lane(sum, 0) + i64x2.extract_lane(sum, 1));
  for (let t = vectorEnd; t < width; t++) {
    let x: f64 = fresh ? 0 : load<f64>(src + ((<usize>t) << 3));
    for (let k = 0; k < r; k++) x += <f64>load<f32>(rowAt(data, cols, rows, k, start + t));
    if (!count) store<f64>(dst + ((<usize>t) << 3), x);
    else if (x > capacity) over++;
  }
  return over;
}
