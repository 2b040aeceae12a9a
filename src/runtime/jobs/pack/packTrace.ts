/**
 * A packing's decision trace (SPEC §6), rebuilt in a worker from the pool and the packing's rows
 * and parameters, with each task's mean for the step-through's bars and the packing's headline
 * numbers, so the view can check the rebuilt packing is the one it shows. One unit.
 */
import { runPacking, type PackParams, type PackTrace } from '../../../engine/index.ts';
import { defineJob } from '../job.ts';

interface PackTraceSpec {
  /** Pool rows of the instance, in instance order. */
  readonly rows: Int32Array;
  readonly params: PackParams;
}

interface PackTraceOut {
  readonly trace: PackTrace;
  /** Per instance position: the task's mean under the packing's source and split. */
  readonly means: Float64Array;
  readonly mAbs: number;
  readonly q: number;
}

export const packTrace = defineJob({
  needsPool: true,
  units: (): number[] => [0],
  run(ctx, spec: PackTraceSpec, _unit: number, checkpoint): PackTraceOut {
    checkpoint();
    const stats = ctx!.stats;
    const trace: PackTrace = [];
    const result = runPacking(stats, spec.rows, spec.params, trace);
    const ts = stats.taskStats(spec.params.source, stats.split(spec.params.clairvoyance));
    ts.ensureMoments(spec.rows);
    const means = Float64Array.from(spec.rows, (r) => ts.mean[r]);
    return { trace, means, mAbs: result.mAbs, q: result.q };
  },
});
