/**
 * Open machines with their running sums (SPEC §6): Σ size and Σ variance grow when a task is placed
 * and shrink when it leaves, in that order, so two implementations agree to the last bit. A fit test's
 * optional per-machine state hears of every change right after the sums.
 */
import type { MachineState } from '../fit/fitTest.ts';

export class Machines {
  readonly load: Float64Array;
  readonly variance: Float64Array;
  /** Tasks per machine in placement order; `head[j]` skips tasks that rebalancing moved away. */
  readonly tasks: number[][] = [];
  readonly head: number[] = [];
  /** The fit test's per-machine state, told of every change right after the running sums. */
  state: MachineState | null = null;

  constructor(maxMachines: number) {
    this.load = new Float64Array(Math.max(1, maxMachines));
    this.variance = new Float64Array(Math.max(1, maxMachines));
  }

  get count(): number {
    return this.tasks.length;
  }

  open(task: number, size: number, variance: number): number {
    const j = this.tasks.length;
    this.tasks.push([task]);
    this.head.push(0);
    this.load[j] = size;
    this.variance[j] = variance;
    this.state?.open(j, task);
    return j;
  }

  add(j: number, task: number, size: number, variance: number): void {
    this.tasks[j].push(task);
    this.load[j] += size;
    this.variance[j] += variance;
    this.state?.add(j, task);
  }

  size(j: number): number {
    return this.tasks[j].length - this.head[j];
  }

  /** The earliest-placed task still on machine j. */
  first(j: number): number {
    return this.tasks[j][this.head[j]];
  }

  removeFirst(j: number, size: number, variance: number): number {
    const t = this.tasks[j][this.head[j]++];
    this.load[j] -= size;
    this.variance[j] -= variance;
    this.state?.remove(j, t, this.tasksOn(j));
    return t;
  }

  tasksOn(j: number): number[] {
    return this.tasks[j].slice(this.head[j]);
  }
}
