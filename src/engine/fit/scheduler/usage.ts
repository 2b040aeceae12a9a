/**
 * What the schedulers' rules share (group `scheduler`): the request each task is assumed to have,
 * the sampling step that maps a rule's time windows onto the matrix's columns, and the node usage
 * those rules read — the machine's aligned total (its tasks' usage summed at the same instants,
 * `alignedTotals.ts`) over the last columns of the observed (learned) part, as if every task were
 * placed at the end of the learned part and the node's metrics were read then.
 *
 * Choices the schedulers' sources and SPEC leave open, written here:
 * - requests: the data carry none, so a task's request is its p95 of usage over the observed
 *   columns (type-7 percentile, `TaskStats.percentile`), shown beside every rule that reads one;
 * - the tasks already on a node count by their measured usage (the steady state after the metrics
 *   agent's report interval); the rules' "recently placed pod counts by its estimate" terms
 *   (Koordinator's nodeDelta, Trimaran's missing utilisation) do not arise when a packing is replayed
 *   onto history;
 * - a window of W seconds is the last round(W / step) columns; a window shorter than one step, or
 *   longer than the observed columns, is refused with a message naming the window and the history
 *   (when a packing starts: the sizes alone, the requests, can be taken on any matrix).
 */
import { checkRange, numberRange } from '../../ranges.ts';
import { TaskStats } from '../../stats/taskStats.ts';
import type { FitParameter } from '../entry.ts';
import { alignedSizes, type TotalsView } from '../alignedTotals.ts';
import type { TaskSizes } from '../fitTest.ts';

/** The percentile of its usage that stands for a task's request (the data have no requests). */
export const REQUEST_PERCENTILE = 95;

/** The request assumption in words, for labels, captions and exported snippets. */
export const REQUEST_ASSUMPTION = `requests assumed = each task's p${REQUEST_PERCENTILE} of usage on the learned part`;

/** Each task's assumed request, in instance order. */
export function assumedRequests(stats: TaskStats, rows: ArrayLike<number>): Float64Array {
  return Float64Array.from(rows, (r) => stats.percentile(r, REQUEST_PERCENTILE));
}

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

/**
 * The columns a window of `seconds` spans at `step` seconds per column (at least one), checked
 * against `history` observed columns; `what` names the window in the message.
 */
export function windowColumns(
  what: string,
  seconds: number,
  step: number,
  history: number,
): number {
  checkRange(STEP, step);
  if (seconds < step)
    throw new RangeError(
      `${what} (${durationText(seconds)}) is shorter than one sampling step (${durationText(step)}): give a finer step or a longer window`,
    );
  const columns = Math.round(seconds / step);
  checkHistory(what, seconds, columns, step, history);
  return columns;
}

/** Refuses a window of `columns` when the observed part has fewer. */
export function checkHistory(
  what: string,
  seconds: number,
  columns: number,
  step: number,
  history: number,
): void {
  if (columns > history)
    throw new RangeError(
      `${what} needs ${durationText(seconds)} of history (${columns} columns of ${durationText(step)}); the learned part has ${history} columns (${durationText(history * step)})`,
    );
}

/**
 * Sizes that score through the machines' aligned totals over the last `columns()` observed columns;
 * `size` is what the packer's decreasing orders sort by. The window is read (and a history too short
 * for it refused) when a packing starts, so that sizes alone can be taken on any matrix.
 */
export function windowSizes(
  stats: TaskStats,
  rows: ArrayLike<number>,
  columns: () => number,
  size: Float64Array,
  score: (view: TotalsView, j: number, t: number, capacity: number) => number,
): TaskSizes {
  return {
    size,
    variance: new Float64Array(rows.length),
    machineState: (sums, capacity) => {
      const w = columns();
      const window =
        w === stats.width ? stats : new TaskStats(stats.matrix, stats.end - w, stats.end);
      return alignedSizes(window, rows, score).machineState!(sums, capacity);
    },
  };
}

/** Mean and population standard deviation of a series (0 and 0 for an empty machine). */
export function meanAndSd(series: Float64Array | null): { mean: number; sd: number } {
  if (series === null) return { mean: 0, sd: 0 };
  let s = 0;
  for (let c = 0; c < series.length; c++) s += series[c];
  const mean = s / series.length;
  let q = 0;
  for (let c = 0; c < series.length; c++) q += (series[c] - mean) ** 2;
  return { mean, sd: Math.sqrt(q / series.length) };
}

export { kthSmallest } from '../../stats/select.ts';
