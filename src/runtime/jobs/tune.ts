/**
 * The auto-tuner as a job (issue 7), in stages over the engine's (family, instance) units:
 * cross-validation rounds inside the observed columns ('cv', each round's values chosen from the
 * rounds before), the held-out runs of the tuned values ('held-out'), and one unit that ranks the
 * tables where the pool's column split is known ('tables'). `runTuneOn` drives the stages and gives
 * the engine's `runTune` result for any runner and worker count.
 */
import {
  checkTuneSpec,
  cvJobs,
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
} from '../../engine/index.ts';
import type { PoolHandle, Runner } from '../runner.ts';
import { defineJob, type PoolShape } from './job.ts';

export type TuneJobSpec =
  | { readonly stage: 'cv'; readonly tune: TuneSpec; readonly done: readonly CvChunk[] }
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

export type TuneUnit =
  | { readonly stage: 'cv'; readonly job: CvJob }
  | { readonly stage: 'held-out'; readonly job: HeldOutJob }
  | { readonly stage: 'tables' };

export type TuneOut =
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
        return cvJobs(spec.tune, spec.done).map((job) => ({ stage: 'cv', job }));
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
      case 'cv': {
        // Value by value, so that a cancel is seen between packings; each value's run is independent.
        const runs = unit.job.values.flatMap((value) => {
          checkpoint();
          return runCvJob(stats, spec.tune, { ...unit.job, values: [value] }).runs;
        });
        const { family, instance, round } = unit.job;
        return { stage: 'cv', chunk: { family, instance, round, runs } };
      }
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
  weight: (unit) => (unit.stage === 'cv' ? unit.job.values.length : 1),
});

export interface TuneStageProgress {
  readonly phase: 'cv' | 'held-out';
  /** Cross-validation round (0: the coarse grid), or 0 for the held-out runs. */
  readonly round: number;
  /** Rounds at most: 1 + the refinement rounds. */
  readonly rounds: number;
  readonly done: number;
  readonly total: number;
}

/** The whole tuner on a runner's pool: the same result as the engine's `runTune`. */
export async function runTuneOn(
  runner: Runner,
  pool: PoolHandle,
  spec: TuneSpec,
  options: { readonly signal?: AbortSignal; onProgress?(p: TuneStageProgress): void } = {},
): Promise<TuneResult> {
  const { signal } = options;
  const rounds = spec.refineRounds + 1;
  const chunks: CvChunk[] = [];
  for (let round = 0; ; round++) {
    if (cvJobs(spec, chunks).length === 0) break;
    const outs = await runner.runJob(
      pool,
      'tune',
      { stage: 'cv', tune: spec, done: chunks },
      {
        signal,
        onProgress: (p) => options.onProgress?.({ phase: 'cv', round, rounds, ...p }),
      },
    );
    for (const o of outs) if (o.stage === 'cv') chunks.push(o.chunk);
  }
  const tuned = tunedParameters(spec, chunks);
  const outs = await runner.runJob(
    pool,
    'tune',
    { stage: 'held-out', tune: spec, tuned },
    {
      signal,
      onProgress: (p) => options.onProgress?.({ phase: 'held-out', round: 0, rounds, ...p }),
    },
  );
  const runs = outs.flatMap((o) => (o.stage === 'held-out' ? [o.run] : []));
  const [last] = await runner.runJob(
    pool,
    'tune',
    { stage: 'tables', tune: spec, chunks, runs },
    { signal },
  );
  if (last?.stage !== 'tables') throw new Error('tune: the ranking unit gave no tables');
  return last.result;
}
