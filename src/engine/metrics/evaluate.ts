/**
 * Empirical overflow (SPEC §7): for each machine, the per-column total of its tasks' realizations over
 * the evaluation columns, summed in float64 in task order; q(j) counts the totals that exceed c
 * (`exceeds` of capacity.ts: above c by more than a relative 1e-9, so a machine filled to exactly c
 * does not overflow through round-off).
 * This is the memory-bound kernel: every evaluated value of every packed task is read once.
 *
 * A faster implementation (WebAssembly SIMD, `src/kernels`) can be attached to a matrix whose values
 * it can read in place; it must return the same totals and counts bit for bit (the same additions in
 * the same order). Unattached matrices use the scalar loops below.
 */
import { capacityLimit } from '../capacity.ts';
import type { RealizationMatrix } from '../matrix.ts';
import type { ColumnSplit } from '../split.ts';

export interface MachineEvaluation {
  /** #{t ∈ E : exceeds(total_t, c)}. */
  readonly overflows: number;
  /** Mean and population standard deviation of the total over E. */
  readonly mean: number;
  readonly sd: number;
}

/** Called between blocks of work; throw from it to stop (cancellation). */
export type Checkpoint = () => void;

/** An implementation of the evaluation loops for matrices it can read in place (SPEC §7). */
export interface EvaluationKernel {
  readonly name: string;
  /** As `scalarMachineTotals`. */
  machineTotals(
    matrix: RealizationMatrix,
    rows: ArrayLike<number>,
    start: number,
    end: number,
    capacity: number,
    totals: Float64Array,
  ): number;
  /** As `scalarOverflowCounts`. */
  overflowCounts(
    matrix: RealizationMatrix,
    machines: readonly ArrayLike<number>[],
    start: number,
    end: number,
    capacity: number,
    counts: Int32Array,
    checkpoint?: Checkpoint,
  ): void;
}

const attached = new WeakMap<Float32Array, EvaluationKernel>();

/** Routes the evaluation of `matrix` to `kernel` (null: back to the scalar loops). */
export function attachKernel(matrix: RealizationMatrix, kernel: EvaluationKernel | null): void {
  if (kernel) attached.set(matrix.data, kernel);
  else attached.delete(matrix.data);
}

/** The kernel attached to `matrix`, or null when the scalar loops evaluate it. */
export function kernelOf(matrix: RealizationMatrix): EvaluationKernel | null {
  return attached.get(matrix.data) ?? null;
}

function checkColumns(matrix: RealizationMatrix, start: number, end: number): void {
  if (!(Number.isInteger(start) && Number.isInteger(end) && start >= 0 && end <= matrix.cols))
    throw new RangeError(`invalid evaluation columns [${start}, ${end}) of ${matrix.cols}`);
}

/** Fills `totals` (length ≥ end − start) with one machine's per-column totals; returns #{> c}. */
export function scalarMachineTotals(
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
  const limit = capacityLimit(capacity);
  let over = 0;
  for (let t = 0; t < width; t++) if (totals[t] > limit) over++;
  return over;
}

/** Fills `totals` (length ≥ end − start) with the machine's per-column totals and returns #{> c}. */
export function machineTotals(
  matrix: RealizationMatrix,
  rows: ArrayLike<number>,
  start: number,
  end: number,
  capacity: number,
  totals: Float64Array,
): number {
  checkColumns(matrix, start, end);
  if (totals.length < end - start)
    throw new RangeError(`totals hold ${totals.length} values, need ${end - start}`);
  const kernel = attached.get(matrix.data);
  return kernel
    ? kernel.machineTotals(matrix, rows, start, end, capacity, totals)
    : scalarMachineTotals(matrix, rows, start, end, capacity, totals);
}

// Columns per block in the scalar loop: a block of totals stays in L1 while rows stream through.
const SCALAR_BLOCK = 2048;

/** counts[j] = #{t ∈ [start, end) : Σ_{i ∈ machines[j]} X[i][t] > c}, summed in task order. */
export function scalarOverflowCounts(
  matrix: RealizationMatrix,
  machines: readonly ArrayLike<number>[],
  start: number,
  end: number,
  capacity: number,
  counts: Int32Array,
  checkpoint?: Checkpoint,
): void {
  const totals = new Float64Array(Math.min(SCALAR_BLOCK, Math.max(0, end - start)));
  counts.fill(0, 0, machines.length);
  for (let b = start; b < end; b += SCALAR_BLOCK) {
    checkpoint?.();
    const blockEnd = Math.min(end, b + SCALAR_BLOCK);
    for (let j = 0; j < machines.length; j++)
      counts[j] += scalarMachineTotals(matrix, machines[j], b, blockEnd, capacity, totals);
  }
}

/**
 * Overflow counts of many machines (e.g. every packing of one instance) over columns [start, end),
 * evaluated together column block by column block, so that a block of the instance is read from
 * memory once and from cache for every other packing. Same counts as `machineTotals` per machine.
 */
export function overflowCounts(
  matrix: RealizationMatrix,
  machines: readonly ArrayLike<number>[],
  start: number,
  end: number,
  capacity: number,
  counts: Int32Array,
  checkpoint?: Checkpoint,
): void {
  checkColumns(matrix, start, end);
  if (counts.length < machines.length)
    throw new RangeError(`counts hold ${counts.length} values, need ${machines.length}`);
  const kernel = attached.get(matrix.data);
  if (kernel) kernel.overflowCounts(matrix, machines, start, end, capacity, counts, checkpoint);
  else scalarOverflowCounts(matrix, machines, start, end, capacity, counts, checkpoint);
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
  return { overflows, ...totalsMeanAndSd(totals, width) };
}

/** `evaluateMachine`'s figures from the machine's totals over the evaluation columns. */
export function evaluateTotals(totals: Float64Array, capacity: number): MachineEvaluation {
  const limit = capacityLimit(capacity);
  let overflows = 0;
  for (let t = 0; t < totals.length; t++) if (totals[t] > limit) overflows++;
  return { overflows, ...totalsMeanAndSd(totals, totals.length) };
}

/** Mean and population standard deviation of the first `width` totals. */
export function totalsMeanAndSd(totals: Float64Array, width: number): { mean: number; sd: number } {
  let sum = 0;
  for (let t = 0; t < width; t++) sum += totals[t];
  const mean = sum / width;
  let ss = 0;
  for (let t = 0; t < width; t++) {
    const d = totals[t] - mean;
    ss += d * d;
  }
  return { mean, sd: Math.sqrt(ss / width) };
}
