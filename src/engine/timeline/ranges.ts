import { numberRange } from '../ranges.ts';

/**
 * The longest time a task list may name, in seconds (about 31.7 years): arrivals and durations
 * beyond it are refused, so that every sum of times the simulator forms stays exact and finite.
 */
export const TASK_TIME_MAX_S = 1e9;

/** Timeline's machine capacity c: positive, at most 1000 machines' worth of one task's unit. */
export const TIMELINE_CAPACITY = numberRange('capacity', 'c', {
  min: 0,
  minOpen: true,
  max: 1000,
  flag: 'capacity',
});
/**
 * The page's batching window tw in seconds (0: online). `simulate --window` keeps the simulator's
 * own wider check (up to the longest task time), so this range names no flag.
 */
export const TIMELINE_WINDOW = numberRange('window', 'tw', { min: 0, max: 86_400 });
/** The duration estimates' relative error x (1 = 100 %). */
export const DURATION_ERROR = numberRange('duration error', 'x', {
  min: 0,
  max: 10,
  flag: 'duration-error',
});
/** Tasks of the synthetic workload (the page's box; `simulate --synthetic-tasks`). */
export const TIMELINE_TASKS = numberRange('timelineTasks', 'timelineTasks', {
  min: 1,
  max: 2_000_000,
  integer: true,
  flag: 'synthetic-tasks',
});
/** The seed of the synthetic workload, RAND order and duration-error draws (page and `simulate`). */
export const TIMELINE_SEED = numberRange('timelineSeed', 'timelineSeed', {
  min: 0,
  max: 2 ** 31 - 1,
  integer: true,
  flag: 'seed',
});
/**
 * `simulate --window`: the simulator's own bound, the task list's longest time (a command-line run
 * may batch far wider than the page's slider reaches).
 */
export const SIMULATE_WINDOW = numberRange('window', 'tw', {
  min: 0,
  max: TASK_TIME_MAX_S,
  flag: 'window',
});
/** `simulate --exact N`: windows of at most N tasks solved exactly (the MIP grows as Nᴺ). */
export const EXACT_WINDOW_TASKS = numberRange('exact', 'N', {
  min: 1,
  max: 12,
  integer: true,
  flag: 'exact',
});
