/**
 * Looking inside VISBP on a trace: the per-step bin state for the animated machine view (bins with
 * types, groups, items after the events of chosen steps, the movements made during those steps,
 * each bin's actual usage; snapshots and move records taken only at the chosen steps), and the
 * migrations attributed to their causes.
 */
import { exceeds } from '../capacity.ts';
import { CLASS_NAMES, LARGE, TINY, classOf, type MoveRecord } from './bins.ts';
import { createPolicy, type VisbpPolicy } from './policies.ts';
import { stepEvents, stepMajor, plannedSizes, type ResizeWorkload } from './simulate.ts';
import type { PredictorSpec } from './predict.ts';
import { Visbp, type BinView } from './visbp.ts';

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

export interface MigrationCause {
  /** 'insert', 'remove', 'X→Y' for class changes; T→T split by the branch it takes. */
  readonly cause: string;
  readonly events: number;
  readonly movements: number;
  readonly migrations: number;
}

/**
 * VISBP's movements and migrations on a trace attributed to their cause: the event kind, the class
 * change, and for T→T the branch of the paper's change (§3.4): the bin holds an L-item (adjust),
 * the bin turns hot (the item leaves), or neither (the unfilled T-bins merge). Sorted by migrations.
 */
export function visbpMigrationCauses(
  w: ResizeWorkload,
  predictor: PredictorSpec,
  planned = plannedSizes(w, predictor),
): MigrationCause[] {
  const n = w.usage.length;
  const v = new Visbp();
  const st = v.store;
  const sizeByStep = stepMajor(planned.sizes, w.steps);
  const size = new Float64Array(n).fill(NaN);
  const present = new Uint8Array(n);
  const ev = { departures: [] as number[], changes: [] as number[], arrivals: [] as number[] };
  const tally = new Map<string, [number, number, number]>();
  const add = (cause: string) => {
    const t = tally.get(cause) ?? [0, 0, 0];
    t[0]++;
    t[1] += v.lastMoves;
    t[2] += v.lastMigrated;
    tally.set(cause, t);
  };
  for (let k = 0; k < w.steps; k++) {
    stepEvents(sizeByStep, k, size, present, ev);
    for (const x of ev.departures) {
      v.remove(x);
      add('remove');
    }
    for (const x of ev.changes) {
      const from = classOf(v.sizeOf(x));
      const to = classOf(size[x]);
      let cause = `${CLASS_NAMES[from]}→${CLASS_NAMES[to]}`;
      if (from === TINY && to === TINY) {
        const ob = st.binOf[x]!;
        if (st.bigClass(ob, LARGE) >= 0) cause += ', in an LT-bin (adjust)';
        else if (exceeds(ob.load - v.sizeOf(x) + size[x], 1))
          cause += ', bin turns hot (the item leaves)';
        else cause += ', otherwise (unfilled T-bins merge)';
      }
      v.change(x, size[x]);
      add(cause);
    }
    for (const x of ev.arrivals) {
      v.insert(x, size[x]);
      add('insert');
    }
  }
  return [...tally]
    .map(([cause, [events, movements, migrations]]) => ({ cause, events, movements, migrations }))
    .sort((a, b) => b.migrations - a.migrations || a.cause.localeCompare(b.cause));
}
