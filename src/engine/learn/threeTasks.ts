/**
 * The GPA paper's motivating example (§1): two tasks constant at 0.5 and one uniform on [0, 1], two
 * machines of capacity 1. Packing by means (av 1.0, First Fit, order A, C, B) puts the variable task
 * beside a steady one; GPA keeps the steady ones together, and that machine never overflows.
 */
import { runPacking } from '../experiment.ts';
import type { FitSpec } from '../fit/index.ts';
import { matrixFrom } from '../matrix.ts';
import { Rng } from '../random/rng.ts';
import { WorkloadStats } from '../workload.ts';

export const THREE_TASKS = [
  { id: 'A', label: 'A: constant 0.5' },
  { id: 'B', label: 'B: constant 0.5' },
  { id: 'C', label: 'C: uniform on [0, 1]' },
] as const;
export const THREE_TASK_CAPACITY = 1;
export const THREE_TASK_MACHINES = 2;
/** The paper's placement order: A, then the variable C, then B (workload rows). */
export const THREE_TASK_ORDER = Int32Array.from([0, 2, 1]);

/** Rows A, B (constant 0.5) and C (uniform on [0, 1), seeded) with R realizations. */
export function threeTaskWorkload(realizations: number, seed: number): WorkloadStats {
  if (!(Number.isInteger(realizations) && realizations >= 2))
    throw new RangeError(`invalid realization count: ${realizations}`);
  const data = new Float32Array(3 * realizations);
  data.fill(0.5, 0, 2 * realizations);
  const rng = Rng.stream(seed, 'learn', 1);
  for (let t = 0; t < realizations; t++) data[2 * realizations + t] = rng.nextFloat();
  return new WorkloadStats({ inst: matrixFrom(3, realizations, data), avg: null });
}

/** The machine (0 or 1) each task goes to when the engine packs the example with `fit`, First Fit, in the paper's order. */
export function packThreeTasks(stats: WorkloadStats, fit: FitSpec): number[] {
  const r = runPacking(stats, THREE_TASK_ORDER, {
    packer: 'ff',
    fit,
    capacity: THREE_TASK_CAPACITY,
    clairvoyance: 1,
    source: 'inst',
    rebalance: 0,
  });
  if (r.mAbs > THREE_TASK_MACHINES)
    throw new RangeError(`${fit.kind} needs ${r.mAbs} machines for the example, not 2`);
  const where = [0, 0, 0];
  r.machines.forEach((m, j) => m.tasks.forEach((pos) => (where[THREE_TASK_ORDER[pos]] = j)));
  return where;
}

/** An assignment of the three tasks to the two machines as a number 0..7 (bit i: task i on machine 1). */
export function encodeAssignment(where: readonly number[]): number {
  if (where.length !== 3 || where.some((m) => m !== 0 && m !== 1))
    throw new RangeError(`invalid assignment: ${where.join(',')} (three tasks on machines 0 or 1)`);
  return where.reduce((code, m, i) => code | (m << i), 0);
}

export function decodeAssignment(code: number): number[] {
  if (!(Number.isInteger(code) && code >= 0 && code < 8))
    throw new RangeError(`invalid assignment code: ${code} (need 0..7)`);
  return [0, 1, 2].map((i) => (code >> i) & 1);
}
