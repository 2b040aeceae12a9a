/** A task moved by hand in Pack, judged by the packing's fit test on its pool (one unit). */
import { checkMove, type MoveCheck, type PackParams } from '../../../engine/index.ts';
import { defineJob } from '../job.ts';

interface HandMoveSpec {
  /** Pool rows of the instance, in instance order. */
  readonly rows: Int32Array;
  /** Instance positions per machine, as the packing shown holds them. */
  readonly machines: readonly Int32Array[];
  readonly params: PackParams;
  readonly task: number;
  readonly to: number;
}

export const handMove = defineJob({
  needsPool: true,
  units: () => [0],
  run(ctx, spec: HandMoveSpec): MoveCheck {
    const machines = spec.machines.map((m) => Array.from(m));
    return checkMove(ctx!.stats, spec.rows, machines, spec.params, spec.task, spec.to);
  },
});
