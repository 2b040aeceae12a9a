/**
 * The Tune view's walk-forward advice as a job: one unit per family, each tuned on the learned part
 * of a time-aligned history by walk-forward folds for every machine (`tuneAligned`,
 * engine/replay/tuneAligned.ts: learn days 1..k, judge day k + 1, or four blocks without a day),
 * packed on the whole learned part and judged per machine on the judged part. The pick among the
 * families (`pickTuned`) is made by the caller from the units' outputs, on the learned part alone.
 */
import type { RealizationMatrix } from '../../../engine/matrix.ts';
import type { PackParams } from '../../../engine/experiment.ts';
import {
  judgeMachines,
  tuneAligned,
  type AlignedTuneResult,
  type MachineSlo,
} from '../../../engine/replay/index.ts';
import { checkFamily } from '../../../engine/tune/index.ts';
import { defineJob } from '../job.ts';

interface WalkSpec {
  readonly learn: RealizationMatrix;
  readonly judge: RealizationMatrix;
  /** Seconds between instants (folds by day), or null (four blocks). */
  readonly step: number | null;
  readonly target: number;
  readonly families: readonly string[];
  readonly packer: PackParams['packer'];
  readonly capacity: number;
  readonly rebalance: number;
}

/** A family tuned on the folds, and its packing of the learned part judged on the judged part. */
export interface WalkFamily extends AlignedTuneResult {
  /** null when no grid value held on every fold. */
  readonly judged: MachineSlo | null;
}

export const tuneWalk = defineJob({
  needsPool: false,
  units(spec: WalkSpec): string[] {
    if (!(spec.target > 0 && spec.target < 1))
      throw new RangeError(`the target q* must be in (0, 1), got ${spec.target}`);
    if (spec.learn.rows !== spec.judge.rows)
      throw new RangeError(
        `the learned part has ${spec.learn.rows} tasks, the judged part ${spec.judge.rows}`,
      );
    return spec.families.map(checkFamily);
  },
  weight: () => 8,
  run(_ctx, spec: WalkSpec, family: string, checkpoint): WalkFamily {
    checkpoint();
    const c = {
      packer: spec.packer,
      capacity: spec.capacity,
      rebalance: spec.rebalance,
      target: spec.target,
      scope: 'every',
      validation: 'walk',
      step: spec.step,
    } as const;
    const t = tuneAligned(spec.learn, family, c);
    return {
      ...t,
      judged: t.fit ? judgeMachines(t.machines, spec.judge, c.capacity, c.target) : null,
    };
  },
});
