/**
 * The check every realization matrix and .npy array passes before a packing: each value finite,
 * non-negative and within its bound, else a DataError naming the file, row, column and value.
 */
import { DataError } from '../streams/errors.ts';

const FLOAT32_MAX = 3.4028234663852886e38;

/**
 * Every value of an (N, cols) array finite, ≥ 0 and at most `bound` (none when null); else a
 * DataError naming the file, row, column and value. A realization matrix read from anywhere passes
 * here: NaN, ±Inf and negative values never reach a packing.
 */
export function checkMatrixValues(
  data: ArrayLike<number>,
  cols: number,
  file: string,
  bound: number | null,
  label = '',
  firstIndex = 0,
): void {
  const limit = bound ?? FLOAT32_MAX;
  const from = data instanceof Float32Array ? firstOutside(data, limit) : 0;
  if (from < 0) return;
  for (let k = from; k < data.length; k++) {
    const v = data[k];
    if (v >= 0 && v <= limit) continue;
    const why = Number.isNaN(v)
      ? 'is not a number'
      : v < 0
        ? 'is negative'
        : v === Infinity
          ? 'is infinite'
          : bound === null
            ? 'is beyond float32 (a realization is stored as float32)'
            : `is above ${label} (the clamp option caps such values)`;
    throw new DataError(
      file,
      null,
      `value ${v} at row ${Math.floor((firstIndex + k) / cols)}, column ${(firstIndex + k) % cols} ${why}`,
    );
  }
}

/**
 * The first index whose value is not in [0, limit] (NaN included), or −1. Up to float32's largest
 * value the bits decide: a finite non-negative float32 is an int32 in [0, 0x7f800000), so one
 * integer comparison replaces two float ones (−0, whose bits are negative, is looked at as a float).
 */
function firstOutside(data: Float32Array, limit: number): number {
  if (limit === FLOAT32_MAX && data.byteOffset % 4 === 0) {
    const bits = new Int32Array(data.buffer, data.byteOffset, data.length);
    for (let k = 0; k < bits.length; k++) {
      const b = bits[k];
      if (b >= 0 && b < 0x7f800000) continue;
      if (b !== -0x80000000) return k;
    }
    return -1;
  }
  for (let k = 0; k < data.length; k++) {
    const v = data[k];
    if (!(v >= 0 && v <= limit)) return k;
  }
  return -1;
}
