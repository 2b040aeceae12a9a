/** The lesson's tasks: instance `instance` of n tasks from the loaded dataset, realized as in the pool. */
import { useMemo } from 'react';
import {
  sampleInstance,
  subsetWorkload,
  taskCount,
  type WorkloadStats,
} from '../../engine/index.ts';
import { useExplorer } from '../../state/common/store.ts';

export interface LessonWorkload {
  readonly stats: WorkloadStats;
  /** Pool rows, in instance order (workload row k is pool row rows[k]). */
  readonly rows: Int32Array;
  readonly ids: readonly string[];
  readonly title: string;
}

export type LessonData =
  | { readonly status: 'loading' | 'error'; readonly message: string }
  | { readonly status: 'ready'; readonly workload: LessonWorkload };

export function useLessonWorkload(n: number): LessonData {
  const dataset = useExplorer((s) => s.data.dataset);
  const dataStatus = useExplorer((s) => s.data.status);
  const dataError = useExplorer((s) => s.data.error);
  const seed = useExplorer((s) => s.params.seed);
  const instance = useExplorer((s) => s.params.instance);
  const realizations = useExplorer((s) => s.params.realizations);
  return useMemo((): LessonData => {
    if (!dataset)
      return dataStatus === 'error'
        ? { status: 'error', message: `The dataset could not be loaded: ${dataError}` }
        : { status: 'loading', message: 'Loading the dataset…' };
    const samples = dataset.samples;
    if (!samples)
      return {
        status: 'error',
        message: 'Lessons need per-task samples; this dataset is a ready realization matrix.',
      };
    const pool = taskCount(samples.inst);
    if (pool < n)
      return {
        status: 'error',
        message: `This lesson needs ${n} tasks; the dataset has ${pool}.`,
      };
    const rows = sampleInstance(pool, n, seed, instance);
    const stats = subsetWorkload(samples, rows, realizations, seed);
    return {
      status: 'ready',
      workload: {
        stats,
        rows,
        ids: Array.from(rows, (r) => samples.ids[r]),
        title: dataset.title,
      },
    };
  }, [dataset, dataStatus, dataError, n, seed, instance, realizations]);
}
