/**
 * Small workloads for lessons: chosen pool rows realized with the pool's own per-row streams (SPEC
 * §2), so that packing them gives the same numbers as packing the same instance of the full pool.
 */
import { allocateMatrix } from '../matrix.ts';
import { realizeTask } from '../data/realize/realize.ts';
import { taskCount, type SeriesSet, type TaskSamples } from '../data/samples/samples.ts';
import { WorkloadStats } from '../workload.ts';

/** Rows `rows` of the pool realized from `samples` as rows 0..n−1 of a small workload (SPEC §2). */
export function subsetWorkload(
  samples: TaskSamples,
  rows: ArrayLike<number>,
  realizations: number,
  seed: number,
): WorkloadStats {
  if (!(Number.isInteger(realizations) && realizations >= 2))
    throw new RangeError(`invalid realization count: ${realizations}`);
  const series = (list: SeriesSet, purpose: 'inst' | 'avg') => {
    const m = allocateMatrix(rows.length, realizations, false);
    for (let k = 0; k < rows.length; k++) {
      const r = rows[k];
      if (!(Number.isInteger(r) && r >= 0 && r < taskCount(list)))
        throw new RangeError(`invalid pool row: ${r} (the pool has ${taskCount(list)} tasks)`);
      realizeTask(
        list,
        r,
        m.data.subarray(k * realizations, (k + 1) * realizations),
        seed,
        purpose,
      );
    }
    return m;
  };
  return new WorkloadStats({
    inst: series(samples.inst, 'inst'),
    avg: samples.avg ? series(samples.avg, 'avg') : null,
  });
}
