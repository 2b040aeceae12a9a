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
import { checkRange } from '../../ranges.ts';
import { TaskStats } from '../../stats/taskStats.ts';
import { alignedSizes, type TotalsView } from '../alignedTotals.ts';
import type { TaskSizes } from '../fitTest.ts';
import { REQUEST_PERCENTILE, STEP, durationText } from '../entries/usage.ts';

/** Each task's assumed request, in instance order. */
export function assumedRequests(stats: TaskStats, rows: ArrayLike<number>): Float64Array {
  return Float64Array.from(rows, (r) => stats.percentile(r, REQUEST_PERCENTILE));
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
