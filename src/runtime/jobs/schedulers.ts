/**
 * A scheduler's knob on a time-aligned history, as jobs for the Schedulers view.
 *
 * `schedulerHistory` aligns a bundled history (engine/data/aligned.ts) and splits its instants
 * into a learned part and a judged part (engine/replay/timeSplit.ts) — one unit, returning the two
 * matrices (in shared memory where the platform allows, so later jobs read them without copies).
 *
 * `schedulerKnob` spreads over the pool one unit per question: `tune` a family to the target on the
 * learned part (engine/replay/tuneAligned.ts, as the tuner does for every family), then judge the
 * packing it chose on the judged part; `point` packs the learned part at one knob value and judges
 * it (a point of the knob's curve, or the value the user typed). Packing: Best Fit, rebalancing 5,
 * capacity 1, the correlation report's.
 */
import type { TaskSamples } from '../../engine/data/samples.ts';
import { alignSamples } from '../../engine/data/aligned.ts';
import type { RealizationMatrix } from '../../engine/matrix.ts';
import { sharedMemoryAvailable } from '../../engine/matrix.ts';
import {
  judgeMachines,
  packAligned,
  sliceColumns,
  tuneAligned,
  type SloScope,
} from '../../engine/replay/index.ts';
import { checkFamily, familySpec, type FitFamily } from '../../engine/tune/families.ts';
import { defineJob } from './job.ts';

export const SCHEDULER_PACKING = { packer: 'bf', capacity: 1, rebalance: 5 } as const;

export interface HistorySpec {
  readonly samples: TaskSamples;
  /** The share of the instants learned, from the first. */
  readonly learn: number;
  /** Columns the learned part needs at least (the tuner's fold halves it). */
  readonly minLearned: number;
}

export interface HistoryOut {
  readonly learn: RealizationMatrix;
  readonly judge: RealizationMatrix;
  readonly tasks: number;
  readonly instants: number;
}

export const schedulerHistory = defineJob({
  needsPool: false,
  units: (): number[] => [0],
  run(_ctx, spec: HistorySpec, _unit: number, checkpoint): HistoryOut {
    if (!(spec.learn > 0 && spec.learn < 1))
      throw new RangeError(`the learned share must be in (0, 1), got ${spec.learn}`);
    const shared = sharedMemoryAvailable();
    const aligned = alignSamples(spec.samples, {}, shared);
    checkpoint();
    const T = aligned.inst.cols;
    const cut = Math.floor(spec.learn * T + 0.5);
    if (cut < spec.minLearned || T - cut < 1)
      throw new RangeError(
        `the history is too short: ${T} instants, ${cut} learned and ${T - cut} judged; the tuner needs at least ${spec.minLearned} learned instants and one judged`,
      );
    return {
      learn: sliceColumns(aligned.inst, { start: 0, end: cut }, shared),
      judge: sliceColumns(aligned.inst, { start: cut, end: T }, shared),
      tasks: aligned.inst.rows,
      instants: T,
    };
  },
});

export type KnobUnit =
  | { readonly kind: 'tune'; readonly family: FitFamily }
  | { readonly kind: 'point'; readonly family: FitFamily; readonly value: number };

export interface KnobSpec {
  readonly learn: RealizationMatrix;
  readonly judge: RealizationMatrix;
  readonly target: number;
  readonly scope: SloScope;
  readonly units: readonly KnobUnit[];
}

/** A packing judged on the judged part: machines and the per-machine SLO figures. */
export interface JudgedPoint {
  readonly machines: number;
  readonly mean: number;
  readonly worst: number;
  readonly p95: number;
  /** Machines with q_j above the target. */
  readonly over: number;
}

export type KnobOut =
  | ({ readonly kind: 'point'; readonly family: FitFamily; readonly value: number } & JudgedPoint)
  | {
      readonly kind: 'tune';
      readonly family: FitFamily;
      /** null: no value met the target on the learned part's fold. */
      readonly value: number | null;
      readonly judged: JudgedPoint | null;
    };

function judged(
  machines: readonly Int32Array[],
  judge: RealizationMatrix,
  target: number,
): JudgedPoint {
  const s = judgeMachines(machines, judge, SCHEDULER_PACKING.capacity, target);
  return { machines: machines.length, mean: s.mean, worst: s.worst, p95: s.p95, over: s.over };
}

export const schedulerKnob = defineJob({
  needsPool: false,
  units(spec: KnobSpec): KnobUnit[] {
    if (!(spec.target > 0 && spec.target < 1))
      throw new RangeError(`the target q* must be in (0, 1), got ${spec.target}`);
    for (const u of spec.units) checkFamily(u.family);
    return [...spec.units];
  },
  weight: (unit: KnobUnit) => (unit.kind === 'tune' ? 8 : 1),
  run(_ctx, spec: KnobSpec, unit: KnobUnit, checkpoint): KnobOut {
    checkpoint();
    if (unit.kind === 'point') {
      const machines = packAligned(
        spec.learn,
        familySpec(unit.family, unit.value),
        SCHEDULER_PACKING,
      );
      return {
        kind: 'point',
        family: unit.family,
        value: unit.value,
        ...judged(machines, spec.judge, spec.target),
      };
    }
    const t = tuneAligned(spec.learn, unit.family, {
      ...SCHEDULER_PACKING,
      target: spec.target,
      scope: spec.scope,
    });
    checkpoint();
    return {
      kind: 'tune',
      family: unit.family,
      value: t.value,
      judged: t.value === null ? null : judged(t.machines, spec.judge, spec.target),
    };
  },
});
