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

/** Columns per block. */
export const BLOCK = 64;

/** Unit round-off of float64. */
const U = 2 ** -53;

/** The block sketch of one series: per block mean, spread and norm, interleaved. */
export type BlockSketch = Float64Array;

export function blockCount(width: number): number {
  return Math.ceil(width / BLOCK);
}

/** Block b of a sketch from its n values' Σ v and Σ v² (summed in column order). */
export function putBlock(out: Float64Array, b: number, n: number, sum: number, sq: number): void {
  const mean = sum / n;
  const centred = Math.max(0, sq - sum * mean) + (n + 4) * 1e-13 * sq;
  out[3 * b] = mean;
  out[3 * b + 1] = Math.sqrt(centred);
  out[3 * b + 2] = Math.sqrt(sq);
}

/**
 * Per pool row of one TaskStats: Σ x and Σ x² over O (in column order, as the exact check sums
 * them) and the row's block sketch. Kept per TaskStats, as its moments are, so that packings of
 * the same data with the same observed columns compute them once.
 */
export interface RowSums {
  readonly sum: number;
  readonly sq: number;
  /** Null until a screened test asks (`sketched`): then computed in the same pass as the sums. */
  readonly sketch: BlockSketch | null;
}

const ROW_SUMS = new WeakMap<TaskStats, Map<number, RowSums>>();

/**
 * Σ v and Σ v² of v[base + c], c ∈ [0, width), in column order, and with `sketched` the block sketch
 * in the same pass (3 values per block). A block's spread is inflated by a relative (|B| + 4)·1e-13
 * of its Σ v², which covers the cancellation in Σv² − (Σv)²/|B| many times over.
 */
function sumsOf(v: ArrayLike<number>, base: number, width: number, sketched: boolean): RowSums {
  const sketch = sketched ? new Float64Array(3 * blockCount(width)) : null;
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
    if (sketch) putBlock(sketch, b, c1 - c0, blockSum, blockSq);
  }
  return { sum, sq, sketch };
}

export function rowSums(stats: TaskStats, row: number, sketched: boolean): RowSums {
  let byRow = ROW_SUMS.get(stats);
  if (!byRow) ROW_SUMS.set(stats, (byRow = new Map()));
  let r = byRow.get(row);
  if (!r || (sketched && !r.sketch)) {
    r = sumsOf(stats.matrix.data, row * stats.matrix.cols + stats.start, stats.width, sketched);
    byRow.set(row, r);
  }
  return r;
}

/**
 * Bounds of the dot S·x over the blocks not yet computed: `low[b]` ≤ Σ_{c ≥ b·BLOCK} S_c·x_c ≤
 * `high[b]` (both 0 at b = blocks), and the returned allowance is what rounding may move the
 * sequential loop's result and the bounds' own arithmetic; widen by it once. Σ_B ‖S‖_B·‖x‖_B ≥
 * Σ |S_c·x_c| scales both: the loop's rounding is at most 2u·(|O| + 1) of it, and 1e-10 of it covers
 * the sums here.
 */
export function suffixBounds(
  s: BlockSketch,
  x: BlockSketch,
  width: number,
  low: Float64Array,
  high: Float64Array,
): number {
  const blocks = blockCount(width);
  let scale = 0;
  let lo = 0;
  let hi = 0;
  low[blocks] = 0;
  high[blocks] = 0;
  for (let b = blocks - 1; b >= 0; b--) {
    const n = Math.min(BLOCK, width - b * BLOCK);
    const i = 3 * b;
    const means = n * s[i] * x[i];
    const spread = s[i + 1] * x[i + 1];
    lo += means - spread;
    hi += means + spread;
    low[b] = lo;
    high[b] = hi;
    scale += s[i + 2] * x[i + 2];
  }
  return (1e-10 + 2 * U * (width + 1)) * scale;
}
