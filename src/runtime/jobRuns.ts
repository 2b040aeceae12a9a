/**
 * Drivers of multi-call jobs on any runner: the calibration sweep (its units, then one combining
 * unit) and the auto-tuner (cross-validation rounds, held-out runs, ranking). They live beside the
 * runner, not in jobs/, so that jobs never import the runner that runs them.
 */
import {
  cvJobs,
  tunedParameters,
  type CalibrationCurve,
  type CalibrationSpec,
  type CvChunk,
  type TuneResult,
  type TuneSpec,
} from '../engine/index.ts';
import type { PoolHandle, Runner, RunOptions } from './runner.ts';

/** A calibration sweep on a runner's pool: the same curves as `runCalibration`, any worker count. */
export async function runCalibrationOn(
  runner: Runner,
  pool: PoolHandle,
  spec: CalibrationSpec,
  options?: RunOptions,
): Promise<CalibrationCurve[]> {
  const outs = await runner.runJob(pool, 'calibrate', { calibration: spec }, options);
  const chunks = outs.flatMap((o) => (o.kind === 'runs' ? [o.chunk] : []));
  const [combined] = await runner.runJob(
    pool,
    'calibrate',
    { calibration: spec, chunks },
    { signal: options?.signal },
  );
  if (combined?.kind !== 'curves') throw new Error('calibrate: the combining unit gave no curves');
  return combined.curves;
}

export interface TuneStageProgress {
  readonly phase: 'cv' | 'held-out';
  /** Cross-validation step (exhaustive search: round, 0 the coarse grid), 0 for the held-out runs. */
  readonly round: number;
  /** The exhaustive search's rounds: 1 + the refinement rounds (the smart one takes more, smaller steps). */
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
    // The step's jobs travel with every unit, not the chunks so far (thousands of runs by the end).
    const jobs = cvJobs(spec, chunks);
    if (jobs.length === 0) break;
    const outs = await runner.runJob(
      pool,
      'tune',
      { stage: 'cv', tune: spec, jobs },
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
