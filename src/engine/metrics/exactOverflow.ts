/**
 * Exact q (beside SPEC §7's measured q): each packed machine's overflow probability
 * P(Σ_i X_i > c) from the convolution of its tasks' inst histograms (values rounded to the nearest
 * multiple of the bin width w), computed as a sum of positive terms so that it resolves q far below
 * 1/|E|. Exact on data that lie on the w-grid, otherwise up to that rounding; tasks independent.
 */
import { MachineDistribution, capacityBins } from '../fit/convolution.ts';
import { DEFAULT_BIN } from '../fit/entries/convolution.ts';
import { checkCapacity } from '../pack/pack.ts';
import type { ColumnSplit } from '../split.ts';
import type { TaskStats } from '../stats/taskStats.ts';
import type { WorkloadStats } from '../workload.ts';

/** Which inst columns the histograms come from: E (the columns q counts on) or all R. */
export const EXACT_COLUMNS = ['evaluation', 'all'] as const;
export type ExactColumns = (typeof EXACT_COLUMNS)[number];

export interface ExactOverflowOptions {
  readonly capacity: number;
  readonly clairvoyance: number;
  /** Bin width w (default DEFAULT_BIN). */
  readonly bin?: number;
  readonly columns?: ExactColumns;
}

export interface ExactOverflow {
  /** Mean of the machines' overflow probabilities: the q that |E| → ∞ would measure. */
  readonly q: number;
  /** P(total > c) per machine, in the order given. */
  readonly machines: Float64Array;
  readonly bin: number;
  /** The inst columns [start, end) the histograms were taken over. */
  readonly start: number;
  readonly end: number;
}

/** P(Σ X > c) of one machine from its tasks' histograms (pool rows), by direct convolution. */
export function machineOverflow(
  stats: TaskStats,
  poolRows: ArrayLike<number>,
  capacity: number,
  bin: number,
  dist: MachineDistribution = new MachineDistribution(capacityBins(capacity, bin)),
): number {
  dist.clear();
  for (let k = 0; k < poolRows.length; k++) dist.add(stats.histogram(poolRows[k], bin));
  return dist.overflow;
}

/**
 * Exact q of a packing: `machines` holds instance positions per machine (as `PackResult.machines[j]
 * .tasks`), `rows` maps them to pool rows. Call it beside `runPacking` with the same parameters.
 */
export function exactOverflow(
  stats: WorkloadStats,
  rows: ArrayLike<number>,
  machines: readonly ArrayLike<number>[],
  options: ExactOverflowOptions,
): ExactOverflow {
  const { capacity, clairvoyance } = options;
  checkCapacity(capacity);
  const bin = options.bin ?? DEFAULT_BIN;
  const B = capacityBins(capacity, bin);
  const columns = options.columns ?? 'evaluation';
  if (!(EXACT_COLUMNS as readonly string[]).includes(columns))
    throw new RangeError(`invalid columns: "${columns}" (expected ${EXACT_COLUMNS.join(' or ')})`);
  const split = stats.split(clairvoyance);
  const start = columns === 'all' ? 0 : split.evaluateStart;
  const end = columns === 'all' ? stats.workload.inst.cols : split.evaluateEnd;
  const range: ColumnSplit = {
    observeStart: start,
    observeEnd: end,
    evaluateStart: start,
    evaluateEnd: end,
  };
  const taskStats = stats.taskStats('inst', range);
  const dist = new MachineDistribution(B);
  const out = new Float64Array(machines.length);
  let sum = 0;
  machines.forEach((tasks, j) => {
    const poolRows = Array.from(tasks, (t) => rows[t]);
    out[j] = machineOverflow(taskStats, poolRows, capacity, bin, dist);
    sum += out[j];
  });
  return { q: machines.length ? sum / machines.length : 0, machines: out, bin, start, end };
}
