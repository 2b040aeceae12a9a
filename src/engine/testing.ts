/** Small builders shared by the engine's tests. */
import { matrixFrom, type RealizationMatrix } from './matrix.ts';

export function matrixOfRows(rows: readonly (readonly number[])[]): RealizationMatrix {
  const cols = rows[0].length;
  const data = new Float32Array(rows.length * cols);
  rows.forEach((r, i) => data.set(r, i * cols));
  return matrixFrom(rows.length, cols, data);
}
