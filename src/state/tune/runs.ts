/**
 * The Tune view's runs, a store slice outside React so they survive switching views: one
 * calibration, one tuning and one walk-forward advice at a time, each a slot of one run slice
 * (runSlot.ts) keyed by its spec.
 */
import { useStore } from 'zustand';
import type {
  CalibrationCurve,
  CalibrationSpec,
  TuneResult,
  TuneSpec,
} from '../../engine/index.ts';
import { runCalibrationOn, runTuneOn } from '../../runtime/jobRuns.ts';
import type { PoolHandle, Runner } from '../../runtime/runner.ts';
import { runSlice, type RunSlice } from '../common/runs/runSlot.ts';
import { poolKey } from '../common/store/params.ts';
import { explorer, type Explorer } from '../common/store/store.ts';
import { calibrationSpecOf, specKey } from './specs.ts';
import { walkWork, type WalkResult } from './walk.ts';
import type { Dataset } from '../common/sources/datasets.ts';
import type { Params } from '../common/store/params.ts';

export type { RunProgress, RunState } from '../common/runs/runSlot.ts';

/** The runner and the realized pool of the current parameters. */
export interface JobPool {
  readonly runner: Runner;
  readonly pool: PoolHandle;
  /** poolKey of the parameters the pool was realized for. */
  readonly key: string;
}

/** Each run's result and the spec it keeps beside it. */
type Results = { calibration: CalibrationCurve[]; tuner: TuneResult; walk: WalkResult };
type Specs = { calibration: CalibrationSpec; tuner: TuneSpec; walk: string };
type TuneRuns = RunSlice<Results, Specs>;

const slice = runSlice<Results, Specs>(['calibration', 'tuner', 'walk']);
export const tuneRuns = slice.store;
const { slots } = slice;

export function useTuneRuns<T>(selector: (s: TuneRuns) => T): T {
  return useStore(tuneRuns, selector);
}

/** Cancels a run; with a reason, the run ends as an error that says it. */
export function cancelRun(which: keyof TuneRuns, reason?: string): void {
  slots[which].cancel(reason);
}

// A run on a pool being replaced cannot finish (the old pool is released): stop it first.
explorer.subscribe((s, prev) => {
  if (s.pool.key === prev.pool.key) return;
  const runs = tuneRuns.getState();
  for (const which of ['calibration', 'tuner'] as const)
    if (runs[which].status === 'running' && runs[which].pool !== s.pool.key)
      cancelRun(which, 'the workload changed while it ran (a new pool was realized)');
});

export function startCalibration(
  { runner, pool, key: poolKey }: JobPool,
  spec: CalibrationSpec,
  key: string,
): Promise<void> {
  return slots.calibration.start(poolKey, key, spec, (signal, progress) =>
    runCalibrationOn(runner, pool, spec, {
      signal,
      onProgress: (p) => progress({ label: 'Packing the sweep', ...p }),
    }),
  );
}

export function startTuner(
  { runner, pool, key: poolKey }: JobPool,
  spec: TuneSpec,
  key: string,
): Promise<void> {
  return slots.tuner.start(poolKey, key, spec, (signal, progress) =>
    runTuneOn(runner, pool, spec, {
      signal,
      onProgress: (p) =>
        progress({
          label:
            p.phase === 'cv'
              ? `Cross-validating inside the observed columns, step ${p.round + 1}`
              : 'Measuring the tuned values on the held-out columns',
          done: p.done,
          total: p.total,
        }),
    }),
  );
}

/**
 * The calibration of the current parameters, once their pool is realized, unless it is the run in
 * flight or the last one (a cancelled run keeps its key and waits for Run).
 */
export function syncCalibration(runner: Runner, s: Explorer): void {
  const { params, pool } = s;
  if (params.tuneMode !== 'calibrate') return;
  if (pool.status !== 'ready' || !pool.handle || pool.key !== poolKey(params)) return;
  const spec = calibrationSpecOf(params);
  const key = specKey(params, spec);
  if (tuneRuns.getState().calibration.key !== key)
    void startCalibration({ runner, pool: pool.handle, key: pool.key }, spec, key);
}

/** What the walk-forward advice reads: the dataset, the target and the packing. */
export function walkKey(ds: Dataset | null, p: Params): string {
  return JSON.stringify([ds?.key ?? null, p.target, p.packer, p.capacity, p.rebalance]);
}

/** The walk-forward advice on the loaded dataset (state/tune/walk.ts), from a click. */
export function startWalk(runner: Runner, ds: Dataset | null, p: Params): Promise<void> {
  const key = walkKey(ds, p);
  return slots.walk.start(ds?.key ?? '', key, key, walkWork(runner, ds, p));
}
