/**
 * Fit tests (SPEC §5). A test turns per-task statistics into per-task sizes, and scores a machine
 * (running sums `load`, `variance`) plus a candidate task with a slack: the task fits iff slack ≥ 0.
 */
import { capacityLimit } from '../capacity.ts';
import type { RealizationMatrix } from '../matrix.ts';
import type { TaskStats } from '../stats/taskStats.ts';

/**
 * The fit tests' specs by kind. Each test's own file adds its entry here (`declare module
 * './fitTest.ts'`), so that a new fit test is one new file and one line in `registry.ts`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface FitSpecs {}

export type FitSpec = FitSpecs[keyof FitSpecs];

export type FitKind = FitSpec['kind'];

/** The running sums the packer keeps per machine (SPEC §6), as a stateful test reads them. */
export interface MachineSums {
  readonly load: Float64Array;
  readonly variance: Float64Array;
}

/**
 * Per-machine state richer than (Σ size, Σ variance), for one packing. The packer calls `open`,
 * `add` and `remove` right after it updates the running sums, in the same order; tasks are instance
 * positions. `slack` replaces `FitTest.slack` for such tests (machine −1: an empty machine).
 */
export interface MachineState {
  open(machine: number, task: number): void;
  add(machine: number, task: number): void;
  /** `task` left `machine`; `remaining` are the tasks still on it, in placement order. */
  remove(machine: number, task: number, remaining: readonly number[]): void;
  slack(machine: number, task: number): number;
  /** Optional faster `slack`: same sign, same value where ≥ 0 (a negative value may differ). */
  readonly quickSlack?: (machine: number, task: number) => number;
  /**
   * Optional, for Best Fit: `slack` where it is in [0, above); where it is ≥ above, any value ≥ above
   * (never chosen over the best so far); where it is negative, any negative value.
   */
  readonly slackBelow?: (machine: number, task: number, above: number) => number;
  /**
   * Optional, for Best Fit: the machine among 0 … count − 1 it picks for `task` (the smallest
   * `slack` ≥ 0, ties to the lowest), −1 where none fits — as a loop over `slack` picks.
   */
  readonly bestFit?: (task: number, count: number) => number;
  /**
   * Optional: per machine, its tasks' values of `matrix` summed column by column over [start, end),
   * in float64 from 0, task by task in the order they stand on the machine — the totals the
   * evaluation sums (`metrics/evaluate.ts`), bit for bit, where it reads the same columns.
   */
  readonly columnTotals?: ColumnTotals;
}

/** Machines' totals over columns [start, end) of `matrix` (`MachineState.columnTotals`). */
interface ColumnTotals {
  readonly matrix: RealizationMatrix;
  readonly start: number;
  readonly end: number;
  of(machine: number): Float64Array;
}

/** Per-task sizes of the tasks of one instance, in instance order. */
export interface TaskSizes {
  readonly size: Float64Array;
  /** Per-task variances, for tests that track a machine's variance (GPA); zeros otherwise. */
  readonly variance: Float64Array;
  /** For tests that need more than the running sums: a fresh per-machine state for one packing. */
  readonly machineState?: (sums: MachineSums, capacity: number) => MachineState;
}

export interface FitTest {
  readonly spec: FitSpec;
  /** Whether the machine's variance sum matters (else the packer may skip it). */
  readonly usesVariance: boolean;
  sizes(stats: TaskStats, rows: ArrayLike<number>): TaskSizes;
  /** The slack from the running sums; tests with a `machineState` score through it instead. */
  slack(
    load: number,
    variance: number,
    size: number,
    taskVariance: number,
    capacity: number,
  ): number;
  /** Optional faster `slack`: same sign, same value where ≥ 0 (a negative value may differ). */
  readonly quickSlack?: FitTest['slack'];
  /**
   * Optional: a machine's room, a size no fitting task exceeds — every task of larger size (and any
   * variance ≥ 0) has a negative slack there. Never too small (rounding is allowed for on the
   * generous side); the packer then scores only machines with room for the task (same packing).
   */
  readonly room?: (load: number, variance: number, capacity: number) => number;
}

/** The slack of the tests that size each task deterministically, for captions. */
export const DETERMINISTIC_SLACK = 'c − (Σ size + size)';

/** ≥ 0 exactly when load + size is within capacity (capacity.ts's one comparison). */
export function deterministicSlack(load: number, size: number, capacity: number): number {
  return capacityLimit(capacity) - (load + size);
}

/** `FitTest.slack` of a test that scores only through its per-machine state. */
export function stateOnlySlack(kind: FitKind): FitTest['slack'] {
  return () => {
    throw new Error(`the ${kind} fit test needs per-machine state: use TaskSizes.machineState`);
  };
}

export function sizesFrom(rows: ArrayLike<number>, sizeOf: (row: number) => number): TaskSizes {
  const size = new Float64Array(rows.length);
  for (let k = 0; k < rows.length; k++) size[k] = sizeOf(rows[k]);
  return { size, variance: new Float64Array(rows.length) };
}
