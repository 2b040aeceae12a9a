/**
 * Realization matrices (SPEC §2): N tasks × R realizations, row-major float32.
 *
 * Layout: float32 values, summed in float64, chosen by measurement (`npm run bench -- --only layout`,
 * BENCHMARKS.md). The peer and every `.npy` a user brings are float32, and q counts sums *strictly*
 * above c. On the PlanetLab day, exact uint16 fixed point (integer percent × scale) would report a
 * different q than the peer in 12 of the 16 paper-grid packings (290 of 880 machines: float32 rounding
 * puts sums that land on c just above it, and the peer counts them), and its scalar loop was no faster
 * (0.85×). Sums of float32 in float64 are exact for the data shipped here (values ≥ 1e-3 with 24-bit
 * mantissas, ≤ 2^14 terms), so the order in which workers add them cannot change a count.
 */

export interface RealizationMatrix {
  readonly rows: number;
  readonly cols: number;
  /** Row-major values; the buffer is a SharedArrayBuffer where the platform allows it. */
  readonly data: Float32Array;
}

/** True where SharedArrayBuffer can be constructed (cross-origin isolated pages, Node). */
export function sharedMemoryAvailable(): boolean {
  if (typeof SharedArrayBuffer === 'undefined') return false;
  const isolated = (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated;
  return isolated !== false;
}

/** A zero-filled buffer, shared when possible. */
export function allocateBuffer(bytes: number, shared = sharedMemoryAvailable()): ArrayBufferLike {
  return shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
}

export function allocateMatrix(rows: number, cols: number, shared?: boolean): RealizationMatrix {
  if (!Number.isInteger(rows) || rows < 0) throw new RangeError(`invalid row count: ${rows}`);
  if (!Number.isInteger(cols) || cols < 1) throw new RangeError(`invalid column count: ${cols}`);
  const data = new Float32Array(allocateBuffer(rows * cols * 4, shared));
  return { rows, cols, data };
}

export function matrixFrom(rows: number, cols: number, data: Float32Array): RealizationMatrix {
  if (data.length !== rows * cols)
    throw new RangeError(`matrix data has ${data.length} values, expected ${rows} × ${cols}`);
  return { rows, cols, data };
}
