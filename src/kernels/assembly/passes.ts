/* eslint-disable @typescript-eslint/ban-ts-comment -- AssemblyScript, not TypeScript */
/* eslint-disable no-fallthrough -- a pass of r rows enters the unrolled body at its first row */
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

// The 16 totals of a step, stored at `to`.
function storeAll(
  to: usize,
  x0: v128,
  x1: v128,
  x2: v128,
  x3: v128,
  x4: v128,
  x5: v128,
  x6: v128,
  x7: v128,
): void {
  v128.store(to, x0);
  v128.store(to, x1, 16);
  v128.store(to, x2, 32);
  v128.store(to, x3, 48);
  v128.store(to, x4, 64);
  v128.store(to, x5, 80);
  v128.store(to, x6, 96);
  v128.store(to, x7, 112);
}

// n − #{lanes of x0..x7 > limit} per i64 lane: a true comparison is all ones (−1).
function countInto(
  n: v128,
  limit: v128,
  x0: v128,
  x1: v128,
  x2: v128,
  x3: v128,
  x4: v128,
  x5: v128,
  x6: v128,
  x7: v128,
): v128 {
  const a = i64x2.add(f64x2.gt(x0, limit), f64x2.gt(x1, limit));
  const b = i64x2.add(f64x2.gt(x2, limit), f64x2.gt(x3, limit));
  const c = i64x2.add(f64x2.gt(x4, limit), f64x2.gt(x5, limit));
  const d = i64x2.add(f64x2.gt(x6, limit), f64x2.gt(x7, limit));
  return i64x2.sub(n, i64x2.add(i64x2.add(a, b), i64x2.add(c, d)));
}

// addRows on the scalar columns [from, width): the same additions one column at a time.
function addTail(
  rows: usize,
  r: i32,
  data: usize,
  cols: i32,
  start: i32,
  src: usize,
  dst: usize,
  from: i32,
  width: i32,
  fresh: bool,
  count: bool,
  capacity: f64,
): i32 {
  let over = 0;
  for (let t = from; t < width; t++) {
    let x: f64 = fresh ? 0 : load<f64>(src + ((<usize>t) << 3));
    for (let k = 0; k < r; k++) x += <f64>load<f32>(rowAt(data, cols, rows, k, start + t));
    if (!count) store<f64>(dst + ((<usize>t) << 3), x);
    else if (x > capacity) over++;
  }
  return over;
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
  const steps = width & ~15;
  const over = addSteps(
    slotRow(data, cols, rows, r, 0, start),
    slotRow(data, cols, rows, r, 1, start),
    slotRow(data, cols, rows, r, 2, start),
    slotRow(data, cols, rows, r, 3, start),
    slotRow(data, cols, rows, r, 4, start),
    slotRow(data, cols, rows, r, 5, start),
    slotRow(data, cols, rows, r, 6, start),
    slotRow(data, cols, rows, r, 7, start),
    r,
    src,
    dst,
    steps,
    fresh,
    count,
    capacity,
  );
  return over + addTail(rows, r, data, cols, start, src, dst, steps, width, fresh, count, capacity);
}

// addRows over columns [0, end), end a multiple of 16, the pass's rows at a … h (slots 8 − r … 7).
function addSteps(
  a: usize,
  b: usize,
  c: usize,
  d: usize,
  e: usize,
  f: usize,
  g: usize,
  h: usize,
  r: i32,
  src: usize,
  dst: usize,
  end: i32,
  fresh: bool,
  count: bool,
  capacity: f64,
): i32 {
  const zero = f64x2.splat(0);
  const limit = f64x2.splat(capacity);
  let n = i64x2.splat(0);
  for (let t = 0; t < end; t += 16) {
    const o = (<usize>t) << 2;
    const q = src + ((<usize>t) << 3);
    let x0 = zero;
    let x1 = zero;
    let x2 = zero;
    let x3 = zero;
    let x4 = zero;
    let x5 = zero;
    let x6 = zero;
    let x7 = zero;
    if (!fresh) {
      x0 = v128.load(q);
      x1 = v128.load(q, 16);
      x2 = v128.load(q, 32);
      x3 = v128.load(q, 48);
      x4 = v128.load(q, 64);
      x5 = v128.load(q, 80);
      x6 = v128.load(q, 96);
      x7 = v128.load(q, 112);
    }
    switch (r) {
      case 8:
        x0 = f64x2.add(x0, at0(a + o));
        x1 = f64x2.add(x1, at8(a + o));
        x2 = f64x2.add(x2, at16(a + o));
        x3 = f64x2.add(x3, at24(a + o));
        x4 = f64x2.add(x4, at32(a + o));
        x5 = f64x2.add(x5, at40(a + o));
        x6 = f64x2.add(x6, at48(a + o));
        x7 = f64x2.add(x7, at56(a + o));
      case 7:
        x0 = f64x2.add(x0, at0(b + o));
        x1 = f64x2.add(x1, at8(b + o));
        x2 = f64x2.add(x2, at16(b + o));
        x3 = f64x2.add(x3, at24(b + o));
        x4 = f64x2.add(x4, at32(b + o));
        x5 = f64x2.add(x5, at40(b + o));
        x6 = f64x2.add(x6, at48(b + o));
        x7 = f64x2.add(x7, at56(b + o));
      case 6:
        x0 = f64x2.add(x0, at0(c + o));
        x1 = f64x2.add(x1, at8(c + o));
        x2 = f64x2.add(x2, at16(c + o));
        x3 = f64x2.add(x3, at24(c + o));
        x4 = f64x2.add(x4, at32(c + o));
        x5 = f64x2.add(x5, at40(c + o));
        x6 = f64x2.add(x6, at48(c + o));
        x7 = f64x2.add(x7, at56(c + o));
      case 5:
        x0 = f64x2.add(x0, at0(d + o));
        x1 = f64x2.add(x1, at8(d + o));
        x2 = f64x2.add(x2, at16(d + o));
        x3 = f64x2.add(x3, at24(d + o));
        x4 = f64x2.add(x4, at32(d + o));
        x5 = f64x2.add(x5, at40(d + o));
        x6 = f64x2.add(x6, at48(d + o));
        x7 = f64x2.add(x7, at56(d + o));
      case 4:
        x0 = f64x2.add(x0, at0(e + o));
        x1 = f64x2.add(x1, at8(e + o));
        x2 = f64x2.add(x2, at16(e + o));
        x3 = f64x2.add(x3, at24(e + o));
        x4 = f64x2.add(x4, at32(e + o));
        x5 = f64x2.add(x5, at40(e + o));
        x6 = f64x2.add(x6, at48(e + o));
        x7 = f64x2.add(x7, at56(e + o));
      case 3:
        x0 = f64x2.add(x0, at0(f + o));
        x1 = f64x2.add(x1, at8(f + o));
        x2 = f64x2.add(x2, at16(f + o));
        x3 = f64x2.add(x3, at24(f + o));
        x4 = f64x2.add(x4, at32(f + o));
        x5 = f64x2.add(x5, at40(f + o));
        x6 = f64x2.add(x6, at48(f + o));
        x7 = f64x2.add(x7, at56(f + o));
      case 2:
        x0 = f64x2.add(x0, at0(g + o));
        x1 = f64x2.add(x1, at8(g + o));
        x2 = f64x2.add(x2, at16(g + o));
        x3 = f64x2.add(x3, at24(g + o));
        x4 = f64x2.add(x4, at32(g + o));
        x5 = f64x2.add(x5, at40(g + o));
        x6 = f64x2.add(x6, at48(g + o));
        x7 = f64x2.add(x7, at56(g + o));
      default:
        x0 = f64x2.add(x0, at0(h + o));
        x1 = f64x2.add(x1, at8(h + o));
        x2 = f64x2.add(x2, at16(h + o));
        x3 = f64x2.add(x3, at24(h + o));
        x4 = f64x2.add(x4, at32(h + o));
        x5 = f64x2.add(x5, at40(h + o));
        x6 = f64x2.add(x6, at48(h + o));
        x7 = f64x2.add(x7, at56(h + o));
    }
    if (count) n = countInto(n, limit, x0, x1, x2, x3, x4, x5, x6, x7);
    else storeAll(dst + ((<usize>t) << 3), x0, x1, x2, x3, x4, x5, x6, x7);
  }
  return <i32>(i64x2.extract_lane(n, 0) + i64x2.extract_lane(n, 1));
}
