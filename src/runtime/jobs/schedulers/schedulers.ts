/**
 * A scheduler's knob on a time-aligned history, as jobs for the Schedulers view.
 *
 * `schedulerHistory` aligns a history, bundled or loaded (engine/data/realize/aligned.ts), and splits its instants
 * into a learned part and a judged part (engine/replay/timeSplit.ts) — one unit, returning the two
 * matrices (in shared memory where the platform allows, so later jobs read them without copies).
 *
 * `schedulerKnob` spreads over the pool one unit per question: `advise` tunes a scheduler's knob to
 * the target on the learned part and judges it and the project's defaults on the judged part
 * (engine/schedulers/advice.ts); `gpa` tunes GPA's ρ the same way (engine/replay/tuneAligned.ts);
 * `point` packs the learned part at one knob value and judges it (a point of the knob's curve, or
 * the value the user typed); `replay` tunes the knob by replaying the cluster as it runs
 * (byReplay.ts), the judge that the one-shot fit test screens for. Packing: Best Fit, rebalancing 5, capacity 1, the correlation report's.
 */
import type { TaskSamples } from '../../../engine/data/index.ts';
import type { AlignOptions } from '../../../engine/index.ts';
import { alignSamples } from '../../../engine/data/index.ts';
import type { RealizationMatrix } from '../../../engine/matrix.ts';
import { sharedMemoryAvailable } from '../../../engine/matrix.ts';
import {
  judgeMachines,
  sliceColumns,
  tuneAligned,
  type MachineSlo,
  type SloScope,
} from '../../../engine/replay/index.ts';
import {
  adviseScheduler,
  findScheduler,
  knobCurve,
  type KnobPoint,
  type SchedulerAdvice,
} from '../../../engine/schedulers/index.ts';
import { defineJob } from '../job.ts';
import { tuneByReplay, type ReplayHistory, type ReplayTuneOut } from './byReplay.ts';

const SCHEDULER_PACKING = { packer: 'bf', capacity: 1, rebalance: 5 } as const;

interface HistorySpec {
  readonly samples: TaskSamples;
  /** How the data's format aligns them (the loaded data's `align`; none for a bundled history). */
  readonly align?: AlignOptions;
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
  /** Seconds between instants, where the data carry timestamps. */
  readonly step: number | null;
}

export const schedulerHistory = defineJob({
  needsPool: false,
  units: (): number[] => [0],
  run(_ctx, spec: HistorySpec, _unit: number, checkpoint): HistoryOut {
    if (!(spec.learn > 0 && spec.learn < 1))
      throw new RangeError(`the learned share must be in (0, 1), got ${spec.learn}`);
    const shared = sharedMemoryAvailable();
    const aligned = alignSamples(spec.samples, spec.align ?? {}, shared);
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
      step: aligned.report.step,
    };
  },
});

export type KnobUnit =
  | { readonly kind: 'advise'; readonly scheduler: string }
  | { readonly kind: 'gpa' }
  | { readonly kind: 'point'; readonly scheduler: string; readonly value: number }
  | { readonly kind: 'replay'; readonly scheduler: string };

interface KnobSpec {
  readonly learn: RealizationMatrix;
  readonly judge: RealizationMatrix;
  readonly target: number;
  readonly scope: SloScope;
  /** The data's sampling step in seconds, for rules that read time windows. */
  readonly step: number;
  readonly units: readonly KnobUnit[];
  /** The history as samples, for `replay` units (the replay aligns and reads it itself). */
  readonly replay?: ReplayHistory;
}

/** An advice without its catalog entry (which holds functions): the page puts it back by name. */
type AdviceOut = Omit<SchedulerAdvice, 'scheduler'> & { readonly name: string };

interface GpaOut {
  /** GPA's ρ tuned the same way (null: none kept the target on the fold). */
  readonly rho: number | null;
  readonly machines: number | null;
  readonly judged: MachineSlo | null;
}

export type KnobOut =
  | ({ readonly kind: 'advise' } & AdviceOut)
  | ({ readonly kind: 'gpa' } & GpaOut)
  | ({ readonly kind: 'point'; readonly name: string } & KnobPoint)
  | ({ readonly kind: 'replay' } & ReplayTuneOut);

export const schedulerKnob = defineJob({
  needsPool: false,
  units(spec: KnobSpec): KnobUnit[] {
    if (!(spec.target > 0 && spec.target < 1))
      throw new RangeError(`the target q* must be in (0, 1), got ${spec.target}`);
    for (const u of spec.units) if (u.kind !== 'gpa') findScheduler(u.scheduler);
    if (spec.units.some((u) => u.kind === 'replay') && !spec.replay)
      throw new RangeError('a replay unit needs the history’s samples');
    return [...spec.units];
  },
  weight: (unit: KnobUnit) => (unit.kind === 'point' ? 1 : unit.kind === 'replay' ? 32 : 8),
  run(_ctx, spec: KnobSpec, unit: KnobUnit, checkpoint): KnobOut {
    checkpoint();
    const c = { ...SCHEDULER_PACKING, target: spec.target, scope: spec.scope };
    if (unit.kind === 'gpa') {
      const t = tuneAligned(spec.learn, 'gpa', c);
      return {
        kind: 'gpa',
        rho: t.value,
        machines: t.value === null ? null : t.machines.length,
        judged:
          t.value === null ? null : judgeMachines(t.machines, spec.judge, c.capacity, c.target),
      };
    }
    if (unit.kind === 'replay')
      return { kind: 'replay', ...tuneByReplay(spec.replay!, unit.scheduler, c) };
    const info = findScheduler(unit.scheduler);
    const o = { overrides: { step: spec.step } };
    if (unit.kind === 'point') {
      const [p] = knobCurve(spec.learn, spec.judge, info, c, { ...o, grid: [unit.value] });
      return { kind: 'point', name: info.name, ...p };
    }
    const { scheduler: _info, ...advice } = adviseScheduler(spec.learn, spec.judge, info, c, o);
    return { kind: 'advise', name: info.name, ...advice };
  },
});
