/**
 * The calibration sweep as a job: one unit per (family, instance), each packing every value
 * of the family's grid on that instance; a last one-unit call combines the chunks into curves where
 * the pool's column split is known. `runCalibrationOn` (runtime/jobRuns.ts) runs both.
 */
import {
  calibrationCurves,
  calibrationJobs,
  checkCalibrationSpec,
  runCalibrationJob,
  type CalibrationChunk,
  type CalibrationCurve,
  type CalibrationJob,
  type CalibrationSpec,
} from '../../../engine/index.ts';
import { defineJob, type PoolShape } from '../job.ts';

interface CalibrateSpec {
  readonly calibration: CalibrationSpec;
  /** Given: combine these chunks into curves (one unit); absent: run the sweep's units. */
  readonly chunks?: readonly CalibrationChunk[];
}

type CalibrateUnit =
  { readonly kind: 'runs'; readonly job: CalibrationJob } | { readonly kind: 'curves' };

type CalibrateOut =
  | { readonly kind: 'runs'; readonly chunk: CalibrationChunk }
  | { readonly kind: 'curves'; readonly curves: CalibrationCurve[] };

function checkShape(spec: CalibrationSpec, pool: PoolShape | null): void {
  if (pool) checkCalibrationSpec(spec, pool.tasks);
  if (pool && spec.source === 'avg' && !pool.hasAvg)
    throw new RangeError('source "avg" needs an avg series, and this pool has none');
}

export const calibrate = defineJob({
  needsPool: true,
  units(spec: CalibrateSpec, pool): CalibrateUnit[] {
    checkShape(spec.calibration, pool);
    if (spec.chunks) return [{ kind: 'curves' }];
    return calibrationJobs(spec.calibration).map((job) => ({ kind: 'runs', job }));
  },
  run(ctx, spec: CalibrateSpec, unit: CalibrateUnit, checkpoint): CalibrateOut {
    const stats = ctx!.stats;
    if (unit.kind === 'curves')
      return {
        kind: 'curves',
        curves: calibrationCurves(stats, spec.calibration, spec.chunks ?? []),
      };
    // Value by value, so that a cancel is seen between packings; each value's run is independent.
    const runs = unit.job.values.flatMap((value) => {
      checkpoint();
      return runCalibrationJob(stats, spec.calibration, { ...unit.job, values: [value] }).runs;
    });
    return { kind: 'runs', chunk: { family: unit.job.family, instance: unit.job.instance, runs } };
  },
  weight: (unit) => (unit.kind === 'runs' ? unit.job.values.length : 1),
});
