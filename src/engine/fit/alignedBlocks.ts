/**
 * A block sketch of aligned series, for deciding most aligned-total checks without the full dot
 * product S·x over the observed columns O. O is cut into consecutive blocks B of `BLOCK` columns;
 * a series v keeps per block its mean v̄_B, its spread ‖v − v̄_B‖ (centred within the block, never
 * too small) and its norm ‖v‖ over B. For any block, by Cauchy–Schwarz,
 *   Σ_{c∈B} S_c·x_c ≥ |B|·S̄_B·x̄_B − ‖S − S̄_B‖·‖x − x̄_B‖,
 * so a prefix of the dot computed exactly plus these lower bounds over the remaining blocks bounds
 * the whole dot from below. On a time-aligned matrix the block means follow the series' slow
 * movements and the bound is tight; on independent draws it is about Cauchy–Schwarz over the rest.
 * The bound allows for floating-point rounding (`roundingAllowance`) on the generous side: it is
 * never above the dot that the sequential loop c = 0, 1, … computes, whatever the rounding.
 */
import type { TaskStats } from '../stats/taskStats.ts';

/** How the screened checks were decided (for tests and benches; a packing never reads them). */
export interface ScreenCounts {
  /** Checks of a task against an open machine through `screen`. */
  checks: number;
  /** Settled by the mean of S_j + x alone (counted by the fit test). */
  byMean: number;
  /** Settled by the block sketch before any column of the dot. */
  bySketch: number;
  /** Settled after part of the dot, the rest bounded by the sketch. */
  byPartial: number;
  /** Of those settled by sketch or partial dot: as no tighter than Best Fit's best so far. */
  looser: number;
  /** Not settled early: the whole dot, the moments exactly as `moments` gives them. */
  exact: number;
  /** Columns of the dot read, over all checks (the unscreened pass reads |O| per check). */
  columns: number;
}

/**
 * The population variance of S + x over the `width` columns of O, from Σ S², the dot S·x, Σ x² and
 * the mean of S + x, never below 0. Every aligned check reads it here (from the exact dot or from
 * its bounds), so the screens, Best Fit's whole choice and the plain check agree bit for bit.
 */
export function totalVariance(
  sq: number,
  cross: number,
  taskSq: number,
  width: number,
  mean: number,
): number {
  return Math.max(0, (sq + 2 * cross + taskSq) / width - mean * mean);
}

/** The dot S·x at which `totalVariance` reaches `variance` (a check's threshold on the dot). */
export function crossAt(
  variance: number,
  sq: number,
  taskSq: number,
  width: number,
  mean: number,
): number {
  return (width * (variance + mean * mean) - sq - taskSq) / 2;
}

/** Columns per block. */
export const BLOCK = 64;

/** Unit round-off of float64. */
const U = 2 ** -53;

/** The block sketch of one series: per block mean, spread and norm, interleaved. */
type BlockSketch = Float64Array;

export function blockCount(width: number): number {
  return Math.ceil(width / BLOCK);
}

/** A block's 3 values of a sketch, from `at`, by its n values' Σ v and Σ v² (in column order). */
export function putBlock(out: Float64Array, at: number, n: number, sum: number, sq: number): void {
  const mean = sum / n;
  const centred = Math.max(0, sq - sum * mean) + (n + 4) * 1e-13 * sq;
  out[at] = mean;
  out[at + 1] = Math.sqrt(centred);
  out[at + 2] = Math.sqrt(sq);
}

/**
 * Per pool row of one TaskStats: Σ x and Σ x² over O (in column order, as the exact check sums them)
 * and, once a screened test asks, the row's block sketch, all sketches in one array. Kept per
 * TaskStats, as its moments are, so that packings of the same data with the same observed columns
 * compute them once.
 */
interface RowStore {
  /** Σ x and Σ x² of pool row i; NaN until computed. */
  readonly sum: Float64Array;
  readonly sq: Float64Array;
  /** Where pool row i's sketch starts in `sketches`; −1 until computed. */
  readonly at: Int32Array;
  /** The sketches computed so far, each 3 values a block; grown by doubling. */
  sketches: Float64Array;
  used: number;
}

/** An instance's rows as the aligned checks read them: position k is the instance's k-th row. */
interface InstanceRows {
  readonly sum: Float64Array;
  readonly sq: Float64Array;
  /** Where row k's sketch starts in `sketches` (unset without sketches). */
  readonly at: Int32Array;
  readonly sketches: Float64Array;
}

const ROW_STORES = new WeakMap<TaskStats, RowStore>();

/**
 * Σ v and Σ v² of v[base + c], c ∈ [0, width), in column order, into `store` at pool row `row`; with
 * `out` ≥ 0 the block sketch in the same pass at `store.sketches[out…]` (3 values per block). A
 * block's spread is inflated by a relative (|B| + 4)·1e-13 of its Σ v², which covers the
 * cancellation in Σv² − (Σv)²/|B| many times over.
 */
function sumsInto(
  v: ArrayLike<number>,
  base: number,
  width: number,
  store: RowStore,
  row: number,
  out: number,
): void {
  const sketch = store.sketches;
  let sum = 0;
  let sq = 0;
  for (let b = 0, c0 = 0; c0 < width; b++, c0 += BLOCK) {
    const c1 = Math.min(width, c0 + BLOCK);
    let blockSum = 0;
    let blockSq = 0;
    for (let c = base + c0; c < base + c1; c++) {
      const x = v[c];
      const x2 = x * x;
      sum += x;
      sq += x2;
      blockSum += x;
      blockSq += x2;
    }
    if (out >= 0) putBlock(sketch, out + 3 * b, c1 - c0, blockSum, blockSq);
  }
  store.sum[row] = sum;
  store.sq[row] = sq;
}

function storeOf(stats: TaskStats): RowStore {
  let store = ROW_STORES.get(stats);
  if (!store) {
    const n = stats.matrix.rows;
    store = {
      sum: new Float64Array(n).fill(NaN),
      sq: new Float64Array(n),
      at: new Int32Array(n).fill(-1),
      sketches: new Float64Array(0),
      used: 0,
    };
    ROW_STORES.set(stats, store);
  }
  return store;
}

/** Room in `store.sketches` for `more` sketches of `size` values, the ones kept copied over. */
function reserve(store: RowStore, more: number, size: number): void {
  const need = store.used + more * size;
  if (need <= store.sketches.length) return;
  const grown = new Float64Array(Math.max(need, 2 * store.sketches.length));
  grown.set(store.sketches.subarray(0, store.used));
  store.sketches = grown;
}

/** The sums of `rows` of `stats` (and with `sketched` their sketches), computed where not kept. */
export function rowSums(
  stats: TaskStats,
  rows: ArrayLike<number>,
  sketched: boolean,
): InstanceRows {
  const store = storeOf(stats);
  const size = 3 * blockCount(stats.width);
  const { data, cols } = stats.matrix;
  if (sketched) {
    let missing = 0;
    for (let k = 0; k < rows.length; k++) if (store.at[rows[k]] < 0) missing++;
    reserve(store, missing, size);
  }
  const n = rows.length;
  const out = { sum: new Float64Array(n), sq: new Float64Array(n), at: new Int32Array(n) };
  for (let k = 0; k < n; k++) {
    const r = rows[k];
    const fresh = sketched && store.at[r] < 0;
    if (fresh) {
      store.at[r] = store.used;
      store.used += size;
    }
    if (fresh || Number.isNaN(store.sum[r]))
      sumsInto(data, r * cols + stats.start, stats.width, store, r, fresh ? store.at[r] : -1);
    out.sum[k] = store.sum[r];
    out.sq[k] = store.sq[r];
    out.at[k] = store.at[r];
  }
  return { ...out, sketches: store.sketches };
}

/**
 * Bounds of the dot S·x over the blocks not yet computed: `low[lowAt + b]` ≤ Σ_{c ≥ b·BLOCK} S_c·x_c
 * ≤ `high[b]` (both 0 at b = blocks), and the returned allowance is what rounding may move the
 * sequential loop's result and the bounds' own arithmetic; widen by it once. Σ_B ‖S‖_B·‖x‖_B ≥
 * Σ |S_c·x_c| scales both: the loop's rounding is at most 2u·(|O| + 1) of it, and 1e-10 of it covers
 * the sums here.
 */
export function suffixBounds(
  s: BlockSketch,
  x: BlockSketch,
  xAt: number,
  width: number,
  low: Float64Array,
  lowAt: number,
  high: Float64Array,
): number {
  const blocks = blockCount(width);
  let scale = 0;
  let lo = 0;
  let hi = 0;
  low[lowAt + blocks] = 0;
  high[blocks] = 0;
  for (let b = blocks - 1; b >= 0; b--) {
    const n = Math.min(BLOCK, width - b * BLOCK);
    const i = 3 * b;
    const means = n * s[i] * x[xAt + i];
    const spread = s[i + 1] * x[xAt + i + 1];
    lo += means - spread;
    hi += means + spread;
    low[lowAt + b] = lo;
    high[b] = hi;
    scale += s[i + 2] * x[xAt + i + 2];
  }
  return (1e-10 + 2 * U * (width + 1)) * scale;
}
