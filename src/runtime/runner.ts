/**
 * What the UI asks of the engine, however it runs: inline on the main thread, or in a worker pool
 * over shared memory. Every implementation returns the same numbers for the same arguments.
 */
import type {
  PackParams,
  PackResult,
  PackTrace,
  SweepRow,
  SweepSpec,
  TaskSamples,
} from '../engine/index.ts';

export interface PoolHandle {
  readonly id: number;
  readonly tasks: number;
  readonly realizations: number;
  readonly seed: number;
  readonly hasAvg: boolean;
  /** Whether the matrices live in SharedArrayBuffers (false: the slower, copying mode). */
  readonly shared: boolean;
}

/** One instance of a pool (SPEC §2: instance k of N' tasks under the seed) and how to pack it. */
export interface PackRequest {
  readonly tasks: number;
  readonly instance: number;
  readonly seed: number;
  readonly params: PackParams;
}

export interface PackResponse {
  readonly result: PackResult;
  /** Pool rows of the instance, in instance order (machines' tasks index into it). */
  readonly rows: Int32Array;
  readonly trace?: PackTrace;
}

export interface Progress {
  readonly done: number;
  readonly total: number;
}

export interface RunOptions {
  readonly signal?: AbortSignal;
  readonly onProgress?: (p: Progress) => void;
}

export class CancelledError extends Error {
  override name = 'CancelledError';
  constructor() {
    super('cancelled');
  }
}

export interface Runner {
  readonly mode: 'pool' | 'inline';
  readonly workers: number;
  /** Realizes samples (SPEC §2) into matrices kept for later calls. */
  createPool(
    samples: TaskSamples,
    realizations: number,
    seed: number,
    options?: RunOptions,
  ): Promise<PoolHandle>;
  releasePool(pool: PoolHandle): void;
  pack(
    pool: PoolHandle,
    request: PackRequest,
    options?: RunOptions & { trace?: boolean },
  ): Promise<PackResponse>;
  /** Per-column inst totals of one machine of a packing over its evaluation columns. */
  machineTotals(pool: PoolHandle, rows: Int32Array, clairvoyance: number): Promise<Float64Array>;
  sweep(pool: PoolHandle, spec: SweepSpec, options?: RunOptions): Promise<SweepRow[]>;
  dispose(): void;
}
