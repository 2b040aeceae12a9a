/**
 * Empirical overflow (SPEC §7): for each machine, the per-column total of its tasks' realizations over
 * the evaluation columns, summed in float64 in task order; q(j) counts totals strictly above c.
 * This is the memory-bound kernel: every evaluated value of every packed task is read once.
 */
import type { RealizationMatrix } from '../matrix.ts';
import type { ColumnSplit } from '../split.ts';

export interface MachineEvaluation {
  /** #{t ∈ E : total_t > c}. */
  readonly overflows: number;
  /** Mean and population standard deviation of the total over E. */
  readonly mean: number;
  readonly sd: number;
}

/** Fills `totals` (length |E|) with the machine's per-column totals and returns its overflow count. */
export function machineTotals(
  matrix: RealizationMatrix,
  rows: ArrayLike<number>,
  start: number,
  end: number,
  capacity: number,
  totals: Float64Array,
): number {
  const { data, cols } = matrix;
  const width = end - start;
  totals.fill(0, 0, width);
  for (let k = 0; k < rows.length; k++) {
    const base = rows[k] * cols + start;
    for (let t = 0; t < width; t++) totals[t] += data[base + t];
  }
  let over = 0;
  for (let t = 0; t < width; t++) if (totals[t] > capacity) over++;
  return over;
}

export function evaluateMachine(
  matrix: RealizationMatrix,
  rows: ArrayLike<number>,
  split: ColumnSplit,
  capacity: number,
  totals: Float64Array,
): MachineEvaluation {
  const width = split.evaluateEnd - split.evaluateStart;
  const overflows = machineTotals(
    matrix,
    rows,
    split.evaluateStart,
    split.evaluateEnd,
    capacity,
    totals,
  );
  let sum = 0;
  for (let t = 0; t < width; t++) sum += totals[t];
  const mean = sum / width;
  let ss = 0;
  for (let t = 0; t < width; t++) {
    const d = totals[t] - mean;
    ss += d * d;
  }
  return { overflows, mean, sd: Math.sqrt(ss / width) };
}
