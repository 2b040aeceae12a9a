/**
 * Per-step VISBP bin state on a trace, for the animated machine view: the bins (types, groups,
 * items) after the events of chosen steps, the movements made during those steps, and each bin's
 * actual usage. Cheap: snapshots and move records are taken only at the chosen steps.
 */
import type { MoveRecord } from './bins.ts';
import { createPolicy, type VisbpPolicy } from './policies.ts';
import { stepEvents, stepMajor, plannedSizes, type ResizeWorkload } from './simulate.ts';
import type { PredictorSpec } from './predict.ts';
import type { BinView } from './visbp.ts';

export interface VisbpStepSnapshot {
  readonly step: number;
  /** Bins after the step's events, ordered by bin id (ids are stable across steps). */
  readonly bins: readonly BinView[];
  /** Each bin's summed actual usage at the step (same order as `bins`). */
  readonly actual: readonly number[];
  /** Movements during the step (departures, then changes, then arrivals, in event order). */
  readonly moved: readonly MoveRecord[];
  readonly movements: number;
  readonly migrations: number;
}

/**
 * Runs VISBP (checks off) over the workload on the predictor's sizes and returns the bin state
 * after each requested step (any order, duplicates dropped; steps outside [0, steps) are an error).
 */
export function visbpSnapshotsAt(
  w: ResizeWorkload,
  predictor: PredictorSpec,
  steps: readonly number[],
  planned = plannedSizes(w, predictor),
): VisbpStepSnapshot[] {
  for (const k of steps)
    if (!(Number.isInteger(k) && k >= 0 && k < w.steps))
      throw new RangeError(`snapshot step ${k} is outside [0, ${w.steps})`);
  const wanted = [...new Set(steps)].sort((a, b) => a - b);
  const n = w.usage.length;
  const policy = createPolicy({ kind: 'visbp' }, n) as VisbpPolicy;
  const v = policy.packer;
  const sizeByStep = stepMajor(planned.sizes, w.steps);
  const usage = stepMajor(w.usage, w.steps);
  const size = new Float64Array(n).fill(NaN);
  const present = new Uint8Array(n);
  const ev = { departures: [] as number[], changes: [] as number[], arrivals: [] as number[] };
  const out: VisbpStepSnapshot[] = [];
  const last = wanted.length > 0 ? wanted[wanted.length - 1] : -1;
  let next = 0;
  for (let k = 0; k <= last; k++) {
    stepEvents(sizeByStep, k, size, present, ev);
    const take = wanted[next] === k;
    if (take) v.recordMoves(true);
    policy.step({ step: k, ...ev, size });
    if (!take) continue;
    next++;
    const bins = v.snapshot();
    const actual = bins.map((b) => {
      let sum = 0;
      for (const x of b.big) sum += usage[k * n + x.item];
      for (const g of b.groups) for (const x of g.items) sum += usage[k * n + x];
      return sum;
    });
    out.push({
      step: k,
      bins,
      actual,
      moved: v.takeRecordedMoves(),
      movements: policy.stepMoves,
      migrations: policy.stepMigrations,
    });
    v.recordMoves(false);
  }
  return out;
}
