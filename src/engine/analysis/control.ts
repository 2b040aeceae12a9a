/**
 * How long analysis computations are driven: a chunk is a range of unit indices (replicates or
 * tasks) whose result depends only on those indices and the seed, so any split over workers gives
 * the same numbers. A chunk checks `signal.aborted` between units (an AbortSignal, or any object
 * with that getter, e.g. over a shared Int32Array) and reports `onProgress(done, total)`.
 */

export interface RunControl {
  readonly signal?: { readonly aborted: boolean };
  /** Units done so far in this chunk, of the chunk's total. */
  readonly onProgress?: (done: number, total: number) => void;
}

export class CancelledError extends Error {
  override name = 'CancelledError';
  constructor() {
    super('the computation was cancelled');
  }
}

/** Validates a chunk [start, end) of `units` units. */
export function checkChunk(start: number, end: number, units: number, what: string): void {
  if (!(
    Number.isInteger(start) &&
    Number.isInteger(end) &&
    start >= 0 &&
    end >= start &&
    end <= units
  ))
    throw new RangeError(`invalid ${what} range [${start}, ${end}) of ${units}`);
}

/** Validates an integer count ≥ min, naming it in the error. */
export function checkCount(n: number, what: string, min = 1): number {
  if (!(Number.isInteger(n) && n >= min)) throw new RangeError(`invalid ${what}: ${n}`);
  return n;
}

/** Calls back between units; throws CancelledError when the signal is set. */
export function tick(ctl: RunControl | undefined, done: number, total: number): void {
  if (!ctl) return;
  if (ctl.signal?.aborted) throw new CancelledError();
  ctl.onProgress?.(done, total);
}

/** Stream sub-purposes of STREAM.analysis, one per computation (append only). */
export const ANALYSIS_TAG = {
  fig1: 1,
  timeInvariance: 2,
  sums: 3,
  fig5: 4,
} as const;
