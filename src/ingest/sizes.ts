/**
 * The memory a load needs (the samples as the loader stores them, plus the realized pool at the
 * current R) and the budget it is checked against: over it, the load is refused before the files
 * are read, with the numbers and the ways out.
 */
import { DataError } from '../engine/index.ts';

/** The memory a page may give one dataset (samples and realized pool): 1.5 GiB, a tab's share. */
export const DEFAULT_BUDGET_BYTES = 1.5 * 2 ** 30;

/** The budget a load is checked against: bytes, and the realizations R the pool will be drawn at. */
export interface LoadBudget {
  readonly bytes: number;
  readonly realizations: number;
}

export interface LoadEstimate {
  /** The files' bytes as stored (compressed when gzip). */
  readonly bytes: number;
  /** Data lines (records) the files hold, about. */
  readonly rows: number;
  readonly tasks: number;
  /** Samples kept (inst and avg together). */
  readonly samples: number;
  /** Bytes one sample takes as the loader stores it. */
  readonly bytesPerSample: number;
  /** The samples as stored, with each task's id and array. */
  readonly storedBytes: number;
  readonly realizations: number;
  /** The realized pool: tasks × R × 4 bytes per series (inst, and avg when present). */
  readonly poolBytes: number;
  /** What the load needs at its peak: the samples twice (loader and page) and the pool. */
  readonly totalBytes: number;
  /** False when the head held the whole data (the figures are then counts, not estimates). */
  readonly extrapolated: boolean;
  /**
   * The most tasks that fit the budget when the format can load only its first tasks (the wide
   * CSV's `maxTasks`), else null.
   */
  readonly tasksThatFit: number | null;
}

/** A task's id string and typed-array header, about (V8). */
const TASK_OVERHEAD_BYTES = 120;
const SAMPLE_BYTES = 8;

/** The memory figures of `tasks` and `samples` at `realizations` (see `LoadEstimate`). */
export function sized(o: {
  bytes: number;
  rows: number;
  tasks: number;
  samples: number;
  realizations: number;
  series: number;
  budgetBytes: number;
  extrapolated: boolean;
  canSample: boolean;
}): LoadEstimate {
  const storedBytes = o.samples * SAMPLE_BYTES + o.tasks * TASK_OVERHEAD_BYTES;
  const poolBytes = o.tasks * o.realizations * 4 * o.series;
  const totalBytes = 2 * storedBytes + poolBytes;
  const perTask = totalBytes / o.tasks;
  const fit = Math.floor(o.budgetBytes / perTask);
  return {
    bytes: o.bytes,
    rows: o.rows,
    tasks: o.tasks,
    samples: o.samples,
    bytesPerSample: SAMPLE_BYTES,
    storedBytes,
    realizations: o.realizations,
    poolBytes,
    totalBytes,
    extrapolated: o.extrapolated,
    tasksThatFit: o.canSample && fit >= 1 && fit < o.tasks ? fit : null,
  };
}

/** "≈ 2.17 M tasks, ≈ 602 M samples (≈ 4.73 GiB as stored; …)" for a notice. */
export function describeEstimate(e: LoadEstimate): string {
  const approx = e.extrapolated ? '≈ ' : '';
  const pool =
    e.realizations > 0
      ? `; the pool at R = ${e.realizations.toLocaleString('en')} ${approx}${bytes(e.poolBytes)}`
      : '';
  return (
    `${approx}${count(e.tasks)} tasks, ${approx}${count(e.samples)} samples ` +
    `(${approx}${bytes(e.storedBytes)} as stored${pool}; ${approx}${bytes(e.totalBytes)} in all)`
  );
}

/** Refuses a load whose estimate is over `budget`, naming the numbers and the ways out. */
export function checkBudget(name: string, e: LoadEstimate, budgetBytes: number): void {
  if (e.totalBytes <= budgetBytes) return;
  const ways = [
    e.tasksThatFit !== null
      ? `load only the first ${e.tasksThatFit.toLocaleString('en')} tasks`
      : null,
    e.poolBytes > budgetBytes / 2 ? 'lower R' : null,
    'reduce the file first with `npm run cli -- reduce` (see README)',
  ].filter((w): w is string => w !== null);
  throw new DataError(
    name,
    null,
    `too large to load: ${describeEstimate(e)} is over the memory budget of ${bytes(budgetBytes)}; ${ways.join(', or ')}`,
  );
}

function count(n: number): string {
  if (n >= 1e9) return `${(n / 1e9).toPrecision(3)} G`;
  if (n >= 1e6) return `${(n / 1e6).toPrecision(3)} M`;
  if (n >= 1e4) return `${(n / 1e3).toPrecision(3)} k`;
  return n.toLocaleString('en');
}

export function bytes(n: number): string {
  if (n >= 2 ** 30) return `${Number((n / 2 ** 30).toPrecision(3))} GiB`;
  return `${Number((n / 2 ** 20).toPrecision(3))} MiB`;
}
