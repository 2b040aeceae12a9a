/**
 * Packing an instance (SPEC §6): tasks placed one by one in order; where no open machine fits, a new
 * one opens with the task (an oversized task if it does not fit even an empty machine: counted, never
 * dropped); then optional rebalancing. Empty machines are dropped from the result.
 */
import type { FitTest, MachineState, TaskSizes } from '../fit/index.ts';
import { bestFit } from './bestFit.ts';
import type { Chooser } from './chooser.ts';
import { firstFit } from './firstFit.ts';
import { Machines } from './machines.ts';
import { rebalance } from './rebalance.ts';
import { RoomIndex } from './roomIndex.ts';
import type { PackTrace } from './trace.ts';
import type { RealizationMatrix } from '../matrix.ts';
import { CAPACITY, checkRange } from '../ranges.ts';

export const PACKERS = ['ff', 'bf', 'ffd', 'bfd'] as const;
export type PackerKind = (typeof PACKERS)[number];

export const PACKER_LABEL: Record<PackerKind, string> = {
  ff: 'First Fit',
  bf: 'Best Fit',
  ffd: 'First Fit Decreasing',
  bfd: 'Best Fit Decreasing',
};

export function checkPacker(name: string): PackerKind {
  if (!(PACKERS as readonly string[]).includes(name))
    throw new RangeError(`unknown packer: "${name}" (expected ${PACKERS.join(', ')})`);
  return name as PackerKind;
}

export interface Packing {
  /** Instance positions per non-empty machine, machines in opening order, tasks in placement order. */
  readonly machines: Int32Array[];
  /** Estimated per-machine Σ size and Σ variance (the fit test's view of each machine). */
  readonly load: Float64Array;
  readonly variance: Float64Array;
  readonly moves: number;
  /** Instance positions of tasks that did not fit an empty machine. */
  readonly oversized: number[];
}

export interface PackOptions {
  readonly packer: PackerKind;
  readonly capacity: number;
  readonly rebalance: number;
  readonly trace?: PackTrace;
  /**
   * `out` is filled with each kept machine's totals over columns [start, end) of `matrix` where the
   * fit test's state keeps those (`MachineState.columnTotals`), else left empty.
   */
  readonly totals?: {
    readonly matrix: RealizationMatrix;
    readonly start: number;
    readonly end: number;
    readonly out: Float64Array[];
  };
}

export function checkCapacity(c: number): number {
  return checkRange(CAPACITY, c);
}

export function checkRebalance(r: number): number {
  if (!(Number.isInteger(r) && r >= 0))
    throw new RangeError(`invalid max_failures: ${r} (need an integer ≥ 0)`);
  return r;
}

function placementOrder(sizes: TaskSizes, decreasing: boolean): Int32Array {
  const order = Int32Array.from({ length: sizes.size.length }, (_, i) => i);
  if (decreasing) order.sort((a, b) => sizes.size[b] - sizes.size[a] || a - b);
  return order;
}

export function pack(sizes: TaskSizes, fit: FitTest, options: PackOptions): Packing {
  const { packer, capacity, trace } = options;
  checkCapacity(capacity);
  checkRebalance(options.rebalance);
  const n = sizes.size.length;
  const machines = new Machines(n);
  const choose: Chooser = packer === 'ff' || packer === 'ffd' ? firstFit : bestFit;
  const order = placementOrder(sizes, packer === 'ffd' || packer === 'bfd');
  const oversized: number[] = [];
  const state = sizes.machineState ? sizes.machineState(machines, capacity) : null;
  machines.state = state;
  // Two copies of the placement loop, so that tests scored from the running sums keep exactly
  // the loop (and the speed: one closure shape at the chooser's call site) they had before state.
  if (state) placeWithState(sizes, state, machines, choose, order, oversized, trace);
  else placeBySums(sizes, fit, capacity, machines, choose, order, oversized, trace);
  const moves = rebalance(machines, sizes, fit, capacity, options.rebalance, trace);
  const kept: number[] = [];
  for (let j = 0; j < machines.count; j++) if (machines.size(j) > 0) kept.push(j);
  const want = options.totals;
  const have = state?.columnTotals;
  if (
    want &&
    have &&
    have.matrix === want.matrix &&
    have.start === want.start &&
    have.end === want.end
  )
    for (const j of kept) want.out.push(have.of(j));
  return {
    machines: kept.map((j) => Int32Array.from(machines.tasksOn(j))),
    load: Float64Array.from(kept, (j) => machines.load[j]),
    variance: Float64Array.from(kept, (j) => machines.variance[j]),
    moves,
    oversized,
  };
}

function placeBySums(
  sizes: TaskSizes,
  fit: FitTest,
  capacity: number,
  machines: Machines,
  choose: Chooser,
  order: Int32Array,
  oversized: number[],
  trace: PackTrace | undefined,
): void {
  let size = 0;
  let taskVariance = 0;
  const quick = trace ? undefined : fit.quickSlack?.bind(fit);
  const slackOn = quick
    ? (j: number) => quick(machines.load[j], machines.variance[j], size, taskVariance, capacity)
    : (j: number) =>
        fit.slack(machines.load[j], machines.variance[j], size, taskVariance, capacity);
  const room = trace ? undefined : fit.room?.bind(fit);
  const index = room ? new RoomIndex(order.length) : null;
  const first = choose === firstFit;
  for (let k = 0; k < order.length; k++) {
    const t = order[k];
    size = sizes.size[t];
    taskVariance = sizes.variance[t];
    const slacks = trace ? new Float64Array(machines.count) : null;
    let j = index ? index.choose(size, slackOn, first) : choose(machines, slackOn, slacks);
    const opened = j < 0;
    let tooBig = false;
    if (opened) {
      tooBig = fit.slack(0, 0, size, taskVariance, capacity) < 0;
      if (tooBig) oversized.push(t);
      j = machines.open(t, size, taskVariance);
    } else {
      machines.add(j, t, size, taskVariance);
    }
    if (index) {
      const r = room!(machines.load[j], machines.variance[j], capacity);
      index.set(j, Number.isNaN(r) ? Infinity : r);
    }
    trace?.push({ kind: 'place', task: t, slacks: slacks!, machine: j, opened, oversized: tooBig });
  }
}

function placeWithState(
  sizes: TaskSizes,
  state: MachineState,
  machines: Machines,
  choose: Chooser,
  order: Int32Array,
  oversized: number[],
  trace: PackTrace | undefined,
): void {
  let t = 0;
  // Only the sign of a negative slack matters to the choice, and Best Fit needs a slack only where
  // it beats the best so far; a trace shows every exact slack.
  const slackOn =
    !trace && state.slackBelow
      ? (j: number, above = Infinity) => state.slackBelow!(j, t, above)
      : !trace && state.quickSlack
        ? (j: number) => state.quickSlack!(j, t)
        : (j: number) => state.slack(j, t);
  const whole = !trace && choose === bestFit ? state.bestFit : undefined;
  for (let k = 0; k < order.length; k++) {
    t = order[k];
    const slacks = trace ? new Float64Array(machines.count) : null;
    let j = whole ? whole(t, machines.count) : choose(machines, slackOn, slacks);
    const opened = j < 0;
    let tooBig = false;
    if (opened) {
      tooBig = state.slack(-1, t) < 0;
      if (tooBig) oversized.push(t);
      j = machines.open(t, sizes.size[t], sizes.variance[t]);
    } else {
      machines.add(j, t, sizes.size[t], sizes.variance[t]);
    }
    trace?.push({ kind: 'place', task: t, slacks: slacks!, machine: j, opened, oversized: tooBig });
  }
}
