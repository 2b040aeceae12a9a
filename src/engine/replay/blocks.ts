/**
 * The joint block bootstrap: R columns made of runs of B consecutive instants of a time-aligned
 * matrix, each run starting at a uniform instant in [0, T − B], the same runs for every task. It
 * keeps what tasks do together at an instant (cross-correlation at lag 0) and within B instants
 * (short-range autocorrelation), while giving any R. The last run is cut at R. Seeded: run k's
 * start is the k-th draw of the stream (seed, 'blocks').
 */
import { Rng } from '../random/rng.ts';
import { allocateMatrix, type RealizationMatrix } from '../matrix.ts';

/** The instant each of the R columns replays. */
export function blockColumns(
  instants: number,
  realizations: number,
  block: number,
  seed: number,
): Int32Array {
  if (!Number.isInteger(block) || block < 1)
    throw new RangeError(`invalid block length ${block} (need a whole number of instants ≥ 1)`);
  if (block > instants)
    throw new RangeError(
      `block length ${block} is longer than the series (${instants} aligned instants)`,
    );
  if (!Number.isInteger(realizations) || realizations < 1)
    throw new RangeError(`invalid realizations ${realizations}`);
  const rng = Rng.stream(seed, 'blocks');
  const starts = instants - block + 1;
  const out = new Int32Array(realizations);
  for (let c = 0; c < realizations; c += block) {
    const start = rng.nextInt(starts);
    for (let k = 0; k < block && c + k < realizations; k++) out[c + k] = start + k;
  }
  return out;
}

/** The matrix whose column c is column `columns[c]` of `m`, for every row. */
export function gatherColumns(
  m: RealizationMatrix,
  columns: Int32Array,
  shared?: boolean,
): RealizationMatrix {
  const out = allocateMatrix(m.rows, columns.length, shared);
  for (let i = 0; i < m.rows; i++) {
    const base = i * m.cols;
    const row = out.data.subarray(i * columns.length, (i + 1) * columns.length);
    for (let c = 0; c < columns.length; c++) row[c] = m.data[base + columns[c]];
  }
  return out;
}

/** A joint block bootstrap of an aligned matrix (see the file's comment). */
export function blockBootstrap(
  m: RealizationMatrix,
  realizations: number,
  block: number,
  seed: number,
  shared?: boolean,
): RealizationMatrix {
  return gatherColumns(m, blockColumns(m.cols, realizations, block, seed), shared);
}
