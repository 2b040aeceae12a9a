/**
 * The semi-online lesson's day: a synthetic day of 5,000 tasks simulated at each window of the
 * Timeline view, on the pool; computed once by the controller while the lesson is open and kept.
 */
import { DEFAULT_PARAMS, type TimelineSummary } from '../../engine/timeline/index.ts';
import type { Runner } from '../../runtime/runner.ts';
import { keyedRuns } from '../common/runs/keyedRuns.ts';
import { TIMELINE_WINDOWS } from './params.ts';

/** The windows the lesson's slider steps through (this file is the lesson's entry to Timeline). */
export { TIMELINE_WINDOWS };
import { timelineSummaries } from './runs.ts';

export const DAY = { seed: 1, tasks: 5000, days: 1 } as const;
export const DAY_CURVE_KEY = JSON.stringify(DAY);

export const dayCurveRuns = keyedRuns<TimelineSummary[]>(1);

export function syncDayCurve(runner: Runner): void {
  const runs = TIMELINE_WINDOWS.map((window) => ({ ...DEFAULT_PARAMS, window, seed: DAY.seed }));
  dayCurveRuns.ensure(DAY_CURVE_KEY, (signal) =>
    timelineSummaries(runner, { kind: 'synthetic', week: DAY }, runs, signal),
  );
}
