/**
 * Jobs: work that splits into independent units a worker pool can spread (paper figures, calibration,
 * tuning, exact q). A job's units are computed from (spec, unit) alone, so the result never depends on
 * how many workers ran them or in which order; the runner returns the units' outputs in unit order.
 */
import type { RealizationMatrix, WorkloadStats } from '../../engine/index.ts';

/** The realized pool a unit may read (null for jobs that run without one). */
export interface JobContext {
  readonly inst: RealizationMatrix;
  readonly avg: RealizationMatrix | null;
  /** Per-task statistics cached in this worker for this pool (SPEC §4). */
  readonly stats: WorkloadStats;
}

export interface PoolShape {
  readonly tasks: number;
  readonly realizations: number;
  readonly hasAvg: boolean;
}

export interface JobKind<Spec, Unit, Out> {
  /** Whether units need a realized pool (`runJob(pool, …)`), or run on their spec alone (`runJob(null, …)`). */
  readonly needsPool: boolean;
  /** The units, in order; throws a RangeError naming a bad parameter. Specs and units must be cloneable. */
  units(spec: Spec, pool: PoolShape | null): Unit[];
  /** Computes one unit; calls `checkpoint()` between steps (it throws when the job is cancelled). */
  run(ctx: JobContext | null, spec: Spec, unit: Unit, checkpoint: () => void): Out;
  /** How much a unit counts in progress (default 1). */
  weight?(unit: Unit): number;
}

/** Declares a job with its types inferred. */
export function defineJob<Spec, Unit, Out>(
  job: JobKind<Spec, Unit, Out>,
): JobKind<Spec, Unit, Out> {
  return job;
}

/** A job whose units are asynchronous (e.g. they load the LP solver first); runners await them. */
export interface AsyncJobKind<Spec, Unit, Out> extends JobKind<Spec, Unit, Promise<Out>> {
  readonly async: true;
}

/** Declares an asynchronous job with its types inferred. */
export function defineAsyncJob<Spec, Unit, Out>(
  job: AsyncJobKind<Spec, Unit, Out>,
): AsyncJobKind<Spec, Unit, Out> {
  return job;
}
