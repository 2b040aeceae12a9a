/**
 * The description side of what the schedulers' rules share (the request assumption, the sampling
 * step parameter, durations in words): read by their entries; the code that reads usage is
 * `../scheduler/usage.ts`.
 */
import { numberRange } from '../../ranges.ts';
import type { FitParameter } from '../entry.ts';

/** The percentile of its usage that stands for a task's request (the data have no requests). */
export const REQUEST_PERCENTILE = 95;

/** The request assumption in words, for labels, captions and exported snippets. */
export const REQUEST_ASSUMPTION = `requests assumed = each task's p${REQUEST_PERCENTILE} of usage on the learned part`;

/** Seconds between two columns of an aligned matrix (most bundled traces: 300 s). */
export const STEP = numberRange('sampling step', 'Δ', { min: 0, minOpen: true });

export const DEFAULT_STEP = 300;

/** The trailing step parameter of every rule that reads time windows. */
export const STEP_PARAMETER: FitParameter = {
  key: 'step',
  range: STEP,
  default: DEFAULT_STEP,
  input: { label: 'sampling step Δ (s)', widget: 'number', min: 1, max: 86400 },
  arbitrary: { min: 1, max: 3600 },
};

/** "5 min", "1 h", "1 d", "90 s". */
export function durationText(seconds: number): string {
  if (seconds % 86400 === 0) return `${seconds / 86400} d`;
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}
