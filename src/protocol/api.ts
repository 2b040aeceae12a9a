/**
 * What an engine worker offers the main thread (through comlink), and the messages' shapes. The same
 * API is served inline by the fallback runner, so tests can call it directly or across the
 * structured-clone boundary. Everything here is a plain, cloneable value.
 */
import type {
  HandMove,
  MoveOutcome,
  PackParams,
  PackResult,
  PackTrace,
  RealizationMatrix,
  SeriesSet,
  SweepRow,
  SweepSpec,
} from '../engine/index.ts';
import type { PoolLayout } from './layout.ts';

export type KernelKind = 'wasm-simd' | 'scalar';

export interface HostInfo {
  readonly version: number;
  /** The evaluation loop this worker runs for wasm-held pools. */
  readonly kernel: KernelKind;
}

/**
 * A pool whose matrices live in shared memory, realized once and read by every worker in place: a
 * shared WebAssembly.Memory (`wasm`), or a SharedArrayBuffer when WebAssembly cannot hold it.
 */
export interface SharedPoolDescriptor {
  readonly id: number;
  readonly layout: PoolLayout;
  /** A WebAssembly.Memory when `wasm`, else a SharedArrayBuffer. */
  readonly memory: unknown;
  readonly wasm: boolean;
}

/** Where a worker's own copy of a pool comes from when memory cannot be shared. */
export type LocalSource =
  | {
      readonly kind: 'samples';
      readonly inst: SeriesSet;
      readonly avg: SeriesSet | null;
      readonly realizations: number;
      readonly seed: number;
    }
  | {
      readonly kind: 'matrices';
      readonly inst: RealizationMatrix;
      readonly avg: RealizationMatrix | null;
    };

/** One instance of a pool (SPEC §2: instance k of N' tasks under the seed) and how to pack it. */
export interface PackRequest {
  readonly tasks: number;
  readonly instance: number;
  readonly seed: number;
  readonly params: PackParams;
  /** Tasks moved by hand after the packing, in order (`applyHandMoves`); none when absent. */
  readonly moves?: readonly HandMove[];
}

export interface PackResponse {
  readonly result: PackResult;
  /** Pool rows of the instance, in instance order (machines' tasks index into it). */
  readonly rows: Int32Array;
  readonly trace?: PackTrace;
  /** The fit test's verdict on each of the request's hand moves (the result has those that fit). */
  readonly handMoves?: readonly MoveOutcome[];
}

export type Series = 'inst' | 'avg';

export interface WorkerApi {
  /** Connects the worker: the control words (null without shared memory) and its scratch slot. */
  hello(control: SharedArrayBuffer | null, slot: number): HostInfo;
  /** Maps a shared pool (its matrices may still be being realized). */
  attach(pool: SharedPoolDescriptor): void;
  /** Realizes rows first .. first + samples.length − 1 of a series of a shared pool (SPEC §2). */
  realizeRows(id: number, series: Series, first: number, samples: SeriesSet, seed: number): void;
  /** Builds the worker's own copy of a pool (no shared memory). */
  createLocal(id: number, source: LocalSource): PoolInfo;
  release(id: number): void;
  pack(id: number, request: PackRequest, trace: boolean): PackResponse;
  /**
   * Readies the worker for `pack(id, request)`: computes and keeps the per-task statistics it reads
   * and packs the instance's first tasks once, so the packing code is compiled. Returns nothing.
   */
  warm(id: number, request: PackRequest): void;
  /** Per-column inst totals of one machine (pool rows) over the evaluation columns. */
  machineTotals(id: number, rows: Int32Array, clairvoyance: number): Float64Array;
  /**
   * Runs of a sweep, given by their grid indices (`sweepRuns(spec)`), one instance at a time with
   * its packings evaluated together. Checks the job's control words between steps: a cancel
   * request stops it with a CancelledError; each finished run adds one to the job's progress.
   */
  sweepUnit(id: number, spec: SweepSpec, runs: readonly number[], job: number): SweepRow[];
  /**
   * One unit of a registered job (src/runtime/jobs), on pool `id` (null for jobs without a pool),
   * with the same cancel and progress words as a sweep; progress grows by the unit's weight. An
   * asynchronous unit returns a promise of its output.
   */
  runJobUnit(name: string, id: number | null, spec: unknown, unit: unknown, job: number): unknown;
}

export interface PoolInfo {
  readonly tasks: number;
  readonly realizations: number;
  readonly hasAvg: boolean;
  /** Whether the matrices are read by the WebAssembly kernel. */
  readonly kernel: KernelKind;
}

/** A raw message (not comlink) asking a worker to die as if it had crashed: tests only. */
export const CRASH_MESSAGE = 'slopack:simulate-crash';
/** Tells a worker to close itself from inside, with no event, as when a browser ends it (tests). */
export const VANISH_MESSAGE = 'slopack:simulate-vanish';
