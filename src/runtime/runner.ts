/**
 * What the UI asks of the engine, however it runs: inline on the main thread, or in a worker pool
 * over shared memory. Every implementation returns the same numbers for the same arguments.
 */
import type { RealizationMatrix, SweepRow, SweepSpec, TaskSamples } from '../engine/index.ts';
import type { KernelKind, PackRequest, PackResponse } from '../protocol/api.ts';
import type { JobName, JobOut, JobSpec } from './jobs/index.ts';

export type { KernelKind, PackRequest, PackResponse } from '../protocol/api.ts';

export interface PoolHandle {
  readonly id: number;
  readonly tasks: number;
  readonly realizations: number;
  /** The realization seed (NaN for matrices loaded as they are). */
  readonly seed: number;
  readonly hasAvg: boolean;
  /** Whether the matrices live in SharedArrayBuffers (false: the slower, copying mode). */
  readonly shared: boolean;
}

export interface Progress {
  readonly done: number;
  readonly total: number;
}

export interface RunOptions {
  readonly signal?: AbortSignal;
  readonly onProgress?: (p: Progress) => void;
}

export { CancelledError, isCancelled } from '../protocol/cancel.ts';

/** A worker stopped (crashed, ran out of memory) during a run; it has been replaced. */
export class WorkerCrashedError extends Error {
  override name = 'WorkerCrashedError';
}

export interface Runner {
  readonly mode: 'pool' | 'inline';
  readonly workers: number;
  /**
   * Whether workers read one copy of the matrices in shared memory. False in a pool means the page is
   * not cross-origin isolated: each worker holds its own copy (slower to load, more memory); say so.
   */
  readonly shared: boolean;
  /** The evaluation loop: WebAssembly SIMD, or scalar JavaScript where SIMD is unavailable. */
  readonly kernel: KernelKind;
  /** Realizes samples (SPEC §2) into matrices kept for later calls. */
  createPool(
    samples: TaskSamples,
    realizations: number,
    seed: number,
    options?: RunOptions,
  ): Promise<PoolHandle>;
  /** Keeps ready realization matrices (e.g. a `.npy`) as a pool. */
  loadMatrices(
    inst: RealizationMatrix,
    avg: RealizationMatrix | null,
    options?: RunOptions,
  ): Promise<PoolHandle>;
  releasePool(pool: PoolHandle): void;
  pack(
    pool: PoolHandle,
    request: PackRequest,
    /** `ahead`: a packing made before it is asked for, queued behind every other task. */
    options?: RunOptions & { trace?: boolean; ahead?: boolean },
  ): Promise<PackResponse>;
  /** Per-column inst totals of one machine of a packing over its evaluation columns. */
  machineTotals(pool: PoolHandle, rows: Int32Array, clairvoyance: number): Promise<Float64Array>;
  sweep(pool: PoolHandle, spec: SweepSpec, options?: RunOptions): Promise<SweepRow[]>;
  /** Runs a registered job (src/runtime/jobs) over its units; outputs come back in unit order. */
  runJob<N extends JobName>(
    pool: PoolHandle | null,
    name: N,
    spec: JobSpec<N>,
    options?: RunOptions,
  ): Promise<JobOut<N>[]>;
  /**
   * Calls `listener` whenever a worker is found lost and replaced (a pool only); the work that was
   * on it runs again on the replacement. Returns the unsubscriber.
   */
  onWorkerCrash?(listener: (e: WorkerCrashedError) => void): () => void;
  dispose(): void;
}

/** One line for the UI: how the engine runs here, and whether that is the slower mode. */
export function describeRunner(r: Runner): { text: string; slower: boolean } {
  const kernel = r.kernel === 'wasm-simd' ? 'WebAssembly SIMD' : 'scalar JavaScript';
  if (r.mode === 'inline')
    return { text: `on the main thread (${kernel}); slower mode`, slower: true };
  if (r.shared)
    return { text: `${r.workers} workers over shared memory (${kernel})`, slower: false };
  return {
    text: `${r.workers} workers, each with its own copy of the data (${kernel}): slower mode — this page is not cross-origin isolated`,
    slower: true,
  };
}
