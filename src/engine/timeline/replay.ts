/** Replaying a finished timeline at any instant (the view's scrubber): who runs where at time t. */
import type { TimelineResult, TimelineTasks } from './types.ts';

export interface MachineAt {
  readonly machine: number;
  /** Tasks running on it at t (start ≤ t < end), in input order. */
  readonly tasks: Int32Array;
  /** Σ q of those tasks. */
  readonly load: number;
}

export interface ClusterAt {
  readonly time: number;
  /** Machines active at t (open ≤ t < close), by id; a machine between two of its tasks is idle. */
  readonly machines: readonly MachineAt[];
  /** Tasks that arrived by t and have not started yet (waiting for their window). */
  readonly waiting: Int32Array;
}

/** The cluster's state at time t; O(tasks + machines). */
export function clusterAt(tasks: TimelineTasks, r: TimelineResult, t: number): ClusterAt {
  const running = new Map<number, number[]>();
  const waiting: number[] = [];
  for (let m = 0; m < r.machineOpen.length; m++)
    if (r.machineOpen[m] <= t && t < r.machineClose[m]) running.set(m, []);
  for (let i = 0; i < tasks.count; i++) {
    if (tasks.arrival[i] <= t && t < r.start[i]) waiting.push(i);
    else if (r.start[i] <= t && t < r.end[i]) running.get(r.machineOf[i])?.push(i);
  }
  const machines: MachineAt[] = [];
  for (const [machine, list] of [...running].sort((a, b) => a[0] - b[0])) {
    let load = 0;
    for (const i of list) load += tasks.size[i];
    machines.push({ machine, tasks: Int32Array.from(list), load });
  }
  return { time: t, machines, waiting: Int32Array.from(waiting) };
}

/** Active machines at t from the result's step series (binary search), without the task detail. */
export function activeAt(r: TimelineResult, t: number): number {
  const times = r.active.time;
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid] <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? 0 : r.active.value[lo - 1];
}
