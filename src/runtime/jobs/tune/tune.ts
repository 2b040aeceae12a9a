/**
 * The auto-tuner as a job, in stages over the engine's (family, instance) units:
 * cross-validation steps inside the observed columns ('cv': one step's jobs, which the driver
 * chose from the steps before with `cvJobs`), the held-out runs of the tuned values ('held-out'), and one unit that ranks the
 * tables where the pool's column split is known ('tables'). `runTuneOn` (runtime/jobRuns.ts) drives the
 * stages and gives the engine's `runTune` result for any runner and worker count.
 */
import {
  checkTuneSpec,
  cvPoints,
  heldOutJobs,
  runCvJob,
  runHeldOutJob,
  tuneTables,
  tunedParameters,
  type CvChunk,
  type CvJob,
  type CvPoint,
  type FitFamily,
  type HeldOutJob,
  type HeldOutRun,
  type TuneResult,
  type TuneSpec,
  type TunedParameter,
} from '../../../engine/index.ts';
import { defineJob, type PoolShape } from '../job.ts';

type TuneJobSpec =
  | { readonly stage: 'cv'; readonly tune: TuneSpec; readonly jobs: readonly CvJob[] }
  | {
      readonly stage: 'held-out';
      readonly tune: TuneSpec;
      readonly tuned: readonly TunedParameter[];
    }
  | {
      readonly stage: 'tables';
      readonly tune: TuneSpec;
      readonly chunks: readonly CvChunk[];
      readonly runs: readonly HeldOutRun[];
    };

type TuneUnit =
  | { readonly stage: 'cv'; readonly job: CvJob }
  | { readonly stage: 'held-out'; readonly job: HeldOutJob }
  | { readonly stage: 'tables' };

type TuneOut =
  | { readonly stage: 'cv'; readonly chunk: CvChunk }
  | { readonly stage: 'held-out'; readonly run: HeldOutRun }
  | { readonly stage: 'tables'; readonly result: TuneResult };

function checkShape(spec: TuneSpec, pool: PoolShape | null): void {
  if (pool) checkTuneSpec(spec, pool.tasks);
  if (pool && spec.source === 'avg' && !pool.hasAvg)
    throw new RangeError('source "avg" needs an avg series, and this pool has none');
}

export const tune = defineJob({
  needsPool: true,
  units(spec: TuneJobSpec, pool): TuneUnit[] {
    checkShape(spec.tune, pool);
    switch (spec.stage) {
      case 'cv':
        return spec.jobs.map((job) => ({ stage: 'cv', job }));
      case 'held-out':
        return heldOutJobs(spec.tune, spec.tuned).map((job) => ({ stage: 'held-out', job }));
      case 'tables':
        return [{ stage: 'tables' }];
    }
  },
  run(ctx, spec: TuneJobSpec, unit: TuneUnit, checkpoint): TuneOut {
    const stats = ctx!.stats;
    checkpoint();
    switch (unit.stage) {
      case 'cv':
        // A checkpoint before each packing, so that a cancel is seen between packings.
        return { stage: 'cv', chunk: runCvJob(stats, spec.tune, unit.job, checkpoint) };
      case 'held-out':
        return { stage: 'held-out', run: runHeldOutJob(stats, spec.tune, unit.job) };
      case 'tables': {
        if (spec.stage !== 'tables') throw new RangeError(`tune: no tables in stage ${spec.stage}`);
        const tuned = tunedParameters(spec.tune, spec.chunks);
        const cv: Partial<Record<FitFamily, readonly CvPoint[]>> = {};
        for (const family of spec.tune.families)
          cv[family] = cvPoints(spec.tune, family, spec.chunks);
        return {
          stage: 'tables',
          result: { tables: tuneTables(stats, spec.tune, tuned, spec.runs), tuned, cv },
        };
      }
    }
  },
  weight: (unit) => (unit.stage === 'cv' ? Math.max(1, unit.job.values.length) : 1),
});
