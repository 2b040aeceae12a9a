import { numberRange } from '../ranges.ts';

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
