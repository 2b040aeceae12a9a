/** A task's samples reduced to one comparable string, so that two loads can be compared whole. */
import { seriesAt, type SeriesSet } from './samples.ts';
import { Sha256 } from '../streams/sha256.ts';

/**
 * The SHA-256 (hex) of task `i`'s samples as little-endian float64s, in order: two loads give the
 * same digest exactly when they hold the same values, sample for sample (the Tasks CSV carries it,
 * so loads of one trace in two layouts, or by the page and the command line, compare whole).
 */
export function seriesDigest(s: SeriesSet, i: number): string {
  const x = seriesAt(s, i);
  const bytes = new Uint8Array(8 * x.length);
  const view = new DataView(bytes.buffer);
  for (let k = 0; k < x.length; k++) view.setFloat64(8 * k, x[k], true);
  return new Sha256().update(bytes).hex();
}
