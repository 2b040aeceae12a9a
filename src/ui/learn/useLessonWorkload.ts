/** The lesson's tasks: instance `instance` of n tasks from the loaded dataset, realized as in the pool. */
import { useEffect, useMemo, useState } from 'react';
import {
  sampleInstance,
  subsetWorkload,
  taskCount,
  type WorkloadStats,
} from '../../engine/index.ts';
import { datasetKey, type Dataset } from '../../state/common/sources/datasets.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import { lessonDataset } from '../../state/learn/lessonData.ts';

interface LessonWorkload {
  readonly stats: WorkloadStats;
  /** Pool rows, in instance order (workload row k is pool row rows[k]). */
  readonly rows: Int32Array;
  readonly ids: readonly string[];
  readonly title: string;
}

export type LessonData =
  | { readonly status: 'loading' | 'error'; readonly message: string }
  | { readonly status: 'ready'; readonly workload: LessonWorkload };

/** Where a lesson's tasks come from: a dataset, or why there is none yet. */
interface LessonSource {
  readonly dataset: Dataset | null;
  readonly status: string;
  /** While loading, what is loading; on error, what went wrong. */
  readonly message: string | null;
}

/** A built-in dataset the lesson loads for itself: the page's own when it is that one already. */
export function useOwnDataset(id: string, scale: number, loadingMessage: string): LessonSource {
  const page = useExplorer((s) => s.data.dataset);
  const key = datasetKey(id, null, scale);
  const [own, setOwn] = useState<LessonSource>({ dataset: null, status: 'loading', message: null });
  const usePage = page?.key === key;
  useEffect(() => {
    if (usePage) return;
    let live = true;
    lessonDataset(id, scale).then(
      (dataset) => live && setOwn({ dataset, status: 'ready', message: null }),
      (e: unknown) =>
        live &&
        setOwn({
          dataset: null,
          status: 'error',
          message: e instanceof Error ? e.message : String(e),
        }),
    );
    return () => {
      live = false;
    };
  }, [id, scale, usePage]);
  if (usePage) return { dataset: page, status: 'ready', message: null };
  return own.status === 'loading' ? { ...own, message: loadingMessage } : own;
}

export function useLessonWorkload(n: number, source?: LessonSource): LessonData {
  const pageDataset = useExplorer((s) => s.data.dataset);
  const pageStatus = useExplorer((s) => s.data.status);
  const pageError = useExplorer((s) => s.data.error);
  const dataset = source ? source.dataset : pageDataset;
  const dataStatus = source ? source.status : pageStatus;
  const dataError = source ? source.message : pageError;
  const seed = useExplorer((s) => s.params.seed);
  const instance = useExplorer((s) => s.params.instance);
  const realizations = useExplorer((s) => s.params.realizations);
  return useMemo((): LessonData => {
    if (!dataset)
      return dataStatus === 'error'
        ? { status: 'error', message: `The dataset could not be loaded: ${dataError}` }
        : { status: 'loading', message: dataError ?? 'Loading the dataset…' };
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
