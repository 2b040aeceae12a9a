/**
 * Fit tests (SPEC §5). A test turns per-task statistics into per-task sizes, and scores a machine
 * (running sums `load`, `variance`) plus a candidate task with a slack: the task fits iff slack ≥ 0.
 */
import type { TaskStats } from '../stats/taskStats.ts';

export type FitSpec =
  | { readonly kind: 'gpa'; readonly rho: number }
  | { readonly kind: 'cantelli'; readonly b: number }
  | { readonly kind: 'av'; readonly f: number }
  | { readonly kind: 'perc'; readonly p: number }
  | { readonly kind: 'max' };

export type FitKind = FitSpec['kind'];

/** Per-task sizes of the tasks of one instance, in instance order. */
export interface TaskSizes {
  readonly size: Float64Array;
  /** Per-task variances, for tests that track a machine's variance (GPA); zeros otherwise. */
  readonly variance: Float64Array;
}

export interface FitTest {
  readonly spec: FitSpec;
  /** Whether the machine's variance sum matters (else the packer may skip it). */
  readonly usesVariance: boolean;
  sizes(stats: TaskStats, rows: ArrayLike<number>): TaskSizes;
  slack(
    load: number,
    variance: number,
    size: number,
    taskVariance: number,
    capacity: number,
  ): number;
}

export function deterministicSlack(load: number, size: number, capacity: number): number {
  return capacity - (load + size);
}

export function sizesFrom(rows: ArrayLike<number>, sizeOf: (row: number) => number): TaskSizes {
  const size = new Float64Array(rows.length);
  for (let k = 0; k < rows.length; k++) size[k] = sizeOf(rows[k]);
  return { size, variance: new Float64Array(rows.length) };
}
