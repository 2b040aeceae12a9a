/**
 * The Tune view's runs, outside React so they survive switching views: one calibration and one
 * tuning at a time, each keyed by its spec; a new start cancels the one in flight (latest wins), and
 * the last result stays, marked stale by its key, until the next lands.
 */
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type {
  CalibrationCurve,
  CalibrationSpec,
  TuneResult,
  TuneSpec,
} from '../../engine/index.ts';
import { runCalibrationOn } from '../../runtime/jobs/calibrate.ts';
import { runTuneOn } from '../../runtime/jobs/tune.ts';
import { isCancelled } from '../../state/cancel.ts';
import { explorer } from '../../state/store.ts';
import type { JobPool } from './useJobPool.ts';

export interface RunProgress {
  readonly label: string;
  readonly done: number;
  readonly total: number;
}

export interface RunState<S, T> {
  readonly status: 'idle' | 'running' | 'ready' | 'error';
  /** The key of the run in flight (or of the last one started). */
  readonly key: string | null;
  /** The poolKey of the pool the run reads. */
  readonly pool: string | null;
  readonly progress: RunProgress | null;
  readonly error: string | null;
  /** The last result, with the key and spec that made it. */
  readonly result: { readonly key: string; readonly spec: S; readonly value: T } | null;
}

interface TuneRuns {
  calibration: RunState<CalibrationSpec, CalibrationCurve[]>;
  tuner: RunState<TuneSpec, TuneResult>;
}

const idle = {
  status: 'idle',
  key: null,
  pool: null,
  progress: null,
  error: null,
  result: null,
} as const;

export const tuneRuns = createStore<TuneRuns>()(() => ({ calibration: idle, tuner: idle }));

export function useTuneRuns<T>(selector: (s: TuneRuns) => T): T {
  return useStore(tuneRuns, selector);
}

const aborts: Partial<Record<keyof TuneRuns, AbortController>> = {};
const reasons: Partial<Record<keyof TuneRuns, string>> = {};

async function start<K extends keyof TuneRuns, S, T>(
  which: K,
  pool: string,
  key: string,
  spec: S,
  work: (signal: AbortSignal, progress: (p: RunProgress) => void) => Promise<T>,
): Promise<void> {
  aborts[which]?.abort();
  const abort = new AbortController();
  aborts[which] = abort;
  delete reasons[which];
  const set = (patch: Partial<RunState<S, T>>) => {
    if (aborts[which] !== abort) return;
    tuneRuns.setState((s) => ({ [which]: { ...s[which], ...patch } }) as Partial<TuneRuns>);
  };
  set({ status: 'running', key, pool, progress: null, error: null });
  try {
    const value = await work(abort.signal, (progress) => set({ progress }));
    set({ status: 'ready', progress: null, result: { key, spec, value } });
  } catch (e) {
    // A cancelled run keeps its key: the view does not restart it until asked.
    if (isCancelled(e) && reasons[which])
      set({ status: 'error', progress: null, error: reasons[which] });
    else if (isCancelled(e)) set({ status: 'idle', progress: null });
    else
      set({ status: 'error', progress: null, error: e instanceof Error ? e.message : String(e) });
  } finally {
    if (aborts[which] === abort) delete aborts[which];
  }
}

/** Cancels a run; with a reason, the run ends as an error that says it. */
export function cancelRun(which: keyof TuneRuns, reason?: string): void {
  if (reason !== undefined && aborts[which]) reasons[which] = reason;
  aborts[which]?.abort();
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
  return start('calibration', poolKey, key, spec, (signal, progress) =>
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
  return start('tuner', poolKey, key, spec, (signal, progress) =>
    runTuneOn(runner, pool, spec, {
      signal,
      onProgress: (p) =>
        progress({
          label:
            p.phase === 'cv'
              ? `Cross-validating inside the observed columns, round ${p.round + 1} of at most ${p.rounds}`
              : 'Measuring the tuned values on the held-out columns',
          done: p.done,
          total: p.total,
        }),
    }),
  );
}
