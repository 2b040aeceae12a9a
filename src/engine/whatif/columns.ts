/**
 * Pod usage columns read from a row-major (pods × instants) matrix, a block of instants at a time
 * (a column read straight off the rows would touch one cache line per pod).
 */
import type { RealizationMatrix } from '../matrix.ts';
import type { UsageColumns } from './model.ts';

const BLOCK = 64;

export function matrixColumns(m: RealizationMatrix): UsageColumns {
  const { rows, cols, data } = m;
  const block = new Float32Array(rows * BLOCK);
  const out = new Float32Array(rows);
  let start = -1;
  return {
    pods: rows,
    instants: cols,
    column(t) {
      const b = t - (t % BLOCK);
      if (b !== start) {
        start = b;
        const width = Math.min(BLOCK, cols - b);
        for (let p = 0; p < rows; p++) {
          const row = p * cols + b;
          for (let k = 0; k < width; k++) block[k * rows + p] = data[row + k];
        }
      }
      out.set(block.subarray((t - b) * rows, (t - b + 1) * rows));
      return out;
    },
    samples(p, from, to) {
      return data.subarray(p * cols + from, p * cols + to);
    },
  };
}
