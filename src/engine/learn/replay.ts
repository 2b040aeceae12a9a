/**
 * Step-through packing (SPEC §6): a packing's decision trace replayed to any step, and each
 * placement explained by the packer's rule from the slacks the trace recorded.
 */
import type { PackerKind } from '../pack/pack.ts';
import type { PackStep, PackTrace } from '../pack/trace.ts';

export type PlaceStep = Extract<PackStep, { kind: 'place' }>;

/** Machine contents after the first `steps` steps of a trace: tasks per machine number, in placement order (emptied machines kept as []). */
export function replayTrace(trace: PackTrace, steps: number = trace.length): number[][] {
  if (!(Number.isInteger(steps) && steps >= 0 && steps <= trace.length))
    throw new RangeError(`invalid step: ${steps} (the trace has ${trace.length} steps)`);
  const machines: number[][] = [];
  for (let k = 0; k < steps; k++) {
    const s = trace[k];
    if (s.kind === 'place') {
      if (s.opened) {
        if (s.machine !== machines.length)
          throw new RangeError(`step ${k} opens machine ${s.machine}, expected ${machines.length}`);
        machines.push([s.task]);
      } else machines[s.machine].push(s.task);
    } else if (s.moved) {
      const from = machines[s.from];
      if (from[0] !== s.task)
        throw new RangeError(
          `step ${k} moves task ${s.task}, but machine ${s.from} starts with ${from[0]}`,
        );
      from.shift();
      machines[s.to].push(s.task);
    }
  }
  return machines;
}

/** The non-empty machines of a replay, in opening order: the packing's `machines`. */
export function nonEmpty(machines: readonly number[][]): number[][] {
  return machines.filter((m) => m.length > 0);
}

export type PlacementRule = 'first-fit' | 'best-fit' | 'opened' | 'oversized';

export interface PlacementExplanation {
  /** Open machines where the task fits (slack ≥ 0), in machine order. */
  readonly feasible: number[];
  readonly chosen: number;
  readonly rule: PlacementRule;
}

/** Why a placement went where it did: First Fit takes the lowest feasible machine, Best Fit the smallest slack (ties low); with none feasible a machine opens (SPEC §6). */
export function explainPlacement(step: PlaceStep, packer: PackerKind): PlacementExplanation {
  const feasible: number[] = [];
  step.slacks.forEach((s, j) => {
    if (s >= 0) feasible.push(j);
  });
  if (step.opened)
    return { feasible, chosen: step.machine, rule: step.oversized ? 'oversized' : 'opened' };
  return {
    feasible,
    chosen: step.machine,
    rule: packer === 'ff' || packer === 'ffd' ? 'first-fit' : 'best-fit',
  };
}

/** The machine the packer's rule picks from the slacks (−1: none fits), for checking a trace. */
export function ruleChoice(slacks: ArrayLike<number>, packer: PackerKind): number {
  let best = -1;
  for (let j = 0; j < slacks.length; j++) {
    if (!(slacks[j] >= 0)) continue;
    if (packer === 'ff' || packer === 'ffd') return j;
    if (best < 0 || slacks[j] < slacks[best]) best = j;
  }
  return best;
}

/** Σ of a per-task value over each machine's tasks (e.g. the fit test's sizes: the running sums). */
export function sumsOf(machines: readonly number[][], value: ArrayLike<number>): Float64Array {
  return Float64Array.from(machines, (tasks) => tasks.reduce((a, t) => a + value[t], 0));
}

/** The index of the first step after the placements (where rebalancing starts), or the length. */
export function placementCount(trace: PackTrace): number {
  const k = trace.findIndex((s) => s.kind === 'rebalance');
  return k < 0 ? trace.length : k;
}

/** The first step (1-based, as a step-through counts) where two traces of the same tasks decide differently; 0 if they never do. */
export function firstDivergence(a: PackTrace, b: PackTrace): number {
  const n = Math.min(a.length, b.length);
  for (let k = 0; k < n; k++) {
    const x = a[k];
    const y = b[k];
    if (x.kind !== y.kind || x.task !== y.task) return k + 1;
    if (x.kind === 'place' && y.kind === 'place' && x.machine !== y.machine) return k + 1;
    if (
      x.kind === 'rebalance' &&
      y.kind === 'rebalance' &&
      (x.from !== y.from || x.to !== y.to || x.moved !== y.moved)
    )
      return k + 1;
  }
  return a.length === b.length ? 0 : n + 1;
}

/**
 * Per task (instance position), the step (1-based, as a step-through counts) of the decision that
 * put it on the machine it ends on: its placement, or the rebalancing move that last moved it
 * (SPEC §6); 0 for a task the trace never places.
 */
export function finalDecisions(trace: PackTrace, tasks: number): Int32Array {
  const steps = new Int32Array(tasks);
  trace.forEach((s, k) => {
    if (s.task < 0 || s.task >= tasks) return;
    if (s.kind === 'place' || s.moved) steps[s.task] = k + 1;
  });
  return steps;
}
