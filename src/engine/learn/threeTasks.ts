/**
 * The GPA paper's motivating example (§1): two tasks constant at 0.5 and one uniform on [0, 1], two
 * machines of capacity 1. Packing by means (each 0.5; First Fit, order A, C, B) puts the variable
 * task beside a steady one; GPA keeps the steady ones together, and that machine never overflows.
 */
import { runPacking } from '../experiment.ts';
import { fitTest, type FitSpec } from '../fit/index.ts';
import { pack } from '../pack/pack.ts';
import type { TaskSamples } from '../data/samples/samples.ts';
import type { WorkloadStats } from '../workload.ts';
import { subsetWorkload } from './workload.ts';

export const THREE_TASKS = [
  { id: 'A', label: 'A: constant 0.5' },
  { id: 'B', label: 'B: constant 0.5' },
  { id: 'C', label: 'C: uniform on [0, 1]' },
] as const;
export const THREE_TASK_CAPACITY = 1;
export const THREE_TASK_MACHINES = 2;
/** The paper's placement order: A, then the variable C, then B (workload rows). */
export const THREE_TASK_ORDER = Int32Array.from([0, 2, 1]);

/** Points of C's uniform distribution: k / 1000 for k = 0..1000, so P(0.5 + C > 1) = 500/1001. */
const C_POINTS = 1001;

/**
 * The three tasks as samples (machine units), realized like any dataset (SPEC §2): A and B always
 * 0.5, C uniform on the 1,001 points 0, 0.001, …, 1. A dataset preset built from these samples
 * packs in the Pack view to the same numbers as the lesson.
 */
export const THREE_TASK_SAMPLES: TaskSamples = {
  ids: THREE_TASKS.map((t) => t.label),
  inst: [
    new Float64Array(C_POINTS).fill(0.5),
    new Float64Array(C_POINTS).fill(0.5),
    Float64Array.from({ length: C_POINTS }, (_, k) => k / (C_POINTS - 1)),
  ],
};

/** The id a dataset preset of the three tasks has (generator `paperThreeTasks` → THREE_TASK_SAMPLES). */
export const THREE_TASK_PRESET_ID = 'paper-three-tasks';

/** Rows A, B and C realized R times from THREE_TASK_SAMPLES under the seed (SPEC §2). */
export function threeTaskWorkload(realizations: number, seed: number): WorkloadStats {
  return subsetWorkload(THREE_TASK_SAMPLES, [0, 1, 2], realizations, seed);
}

/** The three distributions' means: all 0.5, so by means any two of them fill a machine exactly. */
export const THREE_TASK_MEANS = [0.5, 0.5, 0.5] as const;

/** The machine (0 or 1) of each task when First Fit packs the example by the distributions' means (av 1.0 on exact means; §1). */
export function packThreeTasksByMeans(): number[] {
  const size = Float64Array.from(THREE_TASK_ORDER, (r) => THREE_TASK_MEANS[r]);
  const packing = pack({ size, variance: new Float64Array(3) }, fitTest({ kind: 'av', f: 1 }), {
    packer: 'ff',
    capacity: THREE_TASK_CAPACITY,
    rebalance: 0,
  });
  const where = [0, 0, 0];
  packing.machines.forEach((m, j) => m.forEach((pos) => (where[THREE_TASK_ORDER[pos]] = j)));
  return where;
}

/** The machine (0 or 1) each task goes to when the engine packs the realized example with `fit`, First Fit, in the paper's order. */
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
