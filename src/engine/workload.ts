/**
 * A realized pool (SPEC §2) and the statistics every instance and fit test of a run shares:
 * per-task observed moments and percentiles per (source, split), and full-row inst means for m_norm.
 */
import type { RealizationMatrix } from './matrix.ts';
import { Rng, sampleWithoutReplacement } from './random/rng.ts';
import { TaskStats } from './stats/taskStats.ts';
import { splitColumns, type ColumnSplit } from './split.ts';

export const SOURCES = ['inst', 'avg'] as const;
export type Source = (typeof SOURCES)[number];

export interface Workload {
  readonly inst: RealizationMatrix;
  readonly avg: RealizationMatrix | null;
}

export function checkWorkload(w: Workload): Workload {
  if (w.avg && (w.avg.rows !== w.inst.rows || w.avg.cols !== w.inst.cols))
    throw new RangeError(
      `avg matrix is ${w.avg.rows} × ${w.avg.cols} but inst is ${w.inst.rows} × ${w.inst.cols}`,
    );
  return w;
}

export class WorkloadStats {
  private readonly stats = new Map<string, TaskStats>();
  readonly fullMeans: Float64Array;

  constructor(readonly workload: Workload) {
    checkWorkload(workload);
    this.fullMeans = new Float64Array(workload.inst.rows).fill(NaN);
  }

  split(clairvoyance: number): ColumnSplit {
    return splitColumns(this.workload.inst.cols, clairvoyance);
  }

  taskStats(source: Source, split: ColumnSplit): TaskStats {
    const key = `${source}:${split.observeStart}:${split.observeEnd}`;
    let s = this.stats.get(key);
    if (!s) {
      const matrix = source === 'inst' ? this.workload.inst : this.workload.avg;
      if (!matrix)
        throw new RangeError('source "avg" needs an avg matrix, and this dataset has none');
      s = new TaskStats(matrix, split.observeStart, split.observeEnd);
      this.stats.set(key, s);
    }
    return s;
  }
}

/** Instance k: N' pool rows drawn uniformly without replacement, in draw order (SPEC §2). */
export function sampleInstance(
  poolSize: number,
  tasks: number,
  seed: number,
  k: number,
): Int32Array {
  if (!Number.isInteger(tasks) || tasks < 1) throw new RangeError(`invalid task count: ${tasks}`);
  if (tasks > poolSize)
    throw new RangeError(
      `an instance of ${tasks} tasks needs a pool of at least ${tasks}, the pool has ${poolSize}`,
    );
  return sampleWithoutReplacement(Rng.stream(seed, 'instance', k), poolSize, tasks);
}

export function identityRows(n: number): Int32Array {
  return Int32Array.from({ length: n }, (_, i) => i);
}
