/**
 * A machine's measured usage (SPEC §7): the per-column total of its tasks over the evaluation
 * columns, how often it exceeds the capacity, and its mean and σ.
 */
import { evaluateMachine } from '../metrics/evaluate.ts';
import { evaluatedCount, type ColumnSplit } from '../split.ts';
import type { WorkloadStats } from '../workload.ts';

export interface MachineUsage {
  /** Workload rows on the machine, in placement order. */
  readonly tasks: readonly number[];
  /** Total inst demand per evaluation column. */
  readonly totals: Float64Array;
  /** q(j): columns whose total is strictly above c. */
  readonly overflows: number;
  /** q_j = overflows / |E|. */
  readonly q: number;
  readonly mean: number;
  readonly sd: number;
}

/** Usage of a machine holding `tasks` (workload rows) over the evaluation columns of `split` (SPEC §7). */
export function machineUsage(
  stats: WorkloadStats,
  tasks: readonly number[],
  split: ColumnSplit,
  capacity: number,
): MachineUsage {
  const totals = new Float64Array(evaluatedCount(split));
  const e = evaluateMachine(stats.workload.inst, tasks, split, capacity, totals);
  return {
    tasks,
    totals,
    overflows: e.overflows,
    q: e.overflows / totals.length,
    mean: e.mean,
    sd: e.sd,
  };
}
