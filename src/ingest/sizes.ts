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
  /**
   * Bytes one sample takes as the loader stores it: 1 or 2 when coded into a dictionary of the
   * distinct values (integer percents: 1), 8 as float64.
   */
  readonly bytesPerSample: number;
  /** The samples as stored, with each task's id and array (or offset). */
  readonly storedBytes: number;
  readonly realizations: number;
  /** The realized pool: tasks × R × 4 bytes per series (inst, and avg when present). */
  readonly poolBytes: number;
  /**
   * What the load needs at its peak: the samples twice (the loader's growing arrays, or the raw
   * array and its float64 conversion for .npy) and the pool.
   */
  readonly totalBytes: number;
  /** False when the head held the whole data (the figures are then counts, not estimates). */
  readonly extrapolated: boolean;
  /**
   * The most tasks that fit the budget when the format can load only its first tasks (the wide
   * CSV's `maxTasks`), else null.
   */
  readonly tasksThatFit: number | null;
  /**
   * Bytes the whole load hands its parsers (decompressed): the files' stored bytes at the rate
   * the head inflated, or null when a file's size or that rate is unknown.
   */
  readonly parsedBytes: number | null;
}

/** A task's id string and typed-array header, about (V8): float64 arrays per task. */
const TASK_OVERHEAD_BYTES = 120;
/** A task's id string and its offset, about: coded samples (one block for every task). */
const CODED_TASK_OVERHEAD_BYTES = 64;

/**
 * The bytes a sample will take as stored, from what a load of the head gave: a coded head whose
 * dictionary fills at most half its code width (≤ 128 values for one byte, ≤ 32,768 for two) is
 * taken to keep that width over the whole file; a fuller one is taken to overflow it (the next
 * width, float64 past two bytes).
 */
export function bytesPerSampleOf(head: { codeBytes: number; distinct: number } | null): number {
  if (!head) return 8;
  if (head.codeBytes === 1) return head.distinct <= 128 ? 1 : 2;
  return head.distinct <= 32768 ? 2 : 8;
}

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
  /** Bytes a sample as stored (`bytesPerSampleOf`); 8 when not given. */
  bytesPerSample?: number;
  /** Bytes a sample takes while loading besides its stored form (e.g. .npy's raw and float64). */
  transientPerSample?: number;
  /** Bytes the load hands its parsers, when known (`LoadEstimate.parsedBytes`). */
  parsedBytes?: number | null;
}): LoadEstimate {
  const perSample = o.bytesPerSample ?? 8;
  const perTask = perSample < 8 ? CODED_TASK_OVERHEAD_BYTES : TASK_OVERHEAD_BYTES;
  const storedBytes = o.samples * perSample + o.tasks * perTask;
  const poolBytes = o.tasks * o.realizations * 4 * o.series;
  const loading = Math.max(storedBytes, o.samples * (o.transientPerSample ?? 0));
  const totalBytes = storedBytes + loading + poolBytes;
  const fit = Math.floor(o.budgetBytes / (totalBytes / o.tasks));
  return {
    bytes: o.bytes,
    rows: o.rows,
    tasks: o.tasks,
    samples: o.samples,
    bytesPerSample: perSample,
    storedBytes,
    realizations: o.realizations,
    poolBytes,
    totalBytes,
    extrapolated: o.extrapolated,
    tasksThatFit: o.canSample && fit >= 1 && fit < o.tasks ? fit : null,
    parsedBytes: o.parsedBytes ?? null,
  };
}

/** How many bytes a load's parsers may be handed in all, and why (for the message). */
export interface ParseLimit {
  readonly bytes: number;
  readonly why: string;
}

/** Text a load without an estimate may parse, per byte of budget (see `parseLimit`). */
const PARSED_PER_BUDGET_BYTE = 4;

/**
 * What a load may hand its parsers under `budgetBytes` (0: no limit): the text at which the
 * samples, growing with the text as the head's did, reach the budget. Memory follows the text, not
 * the stored bytes, so a gzip whose tail inflates far more than its head (a bomb behind real rows)
 * stops there. Without an estimate, four times the budget: room for rows that carry several
 * columns for each value kept.
 */
export function parseLimit(e: LoadEstimate | null, budgetBytes: number): ParseLimit | null {
  if (!(budgetBytes > 0)) return null;
  const budget = `the memory budget of ${bytes(budgetBytes)}`;
  if (e?.parsedBytes && e.totalBytes > 0)
    return {
      bytes: Math.ceil(e.parsedBytes * Math.max(1, budgetBytes / e.totalBytes)),
      why: `what ${budget} holds at the samples per byte of the first rows (which put the whole at ${bytes(e.parsedBytes)})`,
    };
  return {
    bytes: PARSED_PER_BUDGET_BYTE * budgetBytes,
    why: `${PARSED_PER_BUDGET_BYTE} times ${budget}`,
  };
}

/** "≈ 2.17 M tasks, ≈ 602 M samples (≈ 684 MiB as stored, 1 byte a sample; …)" for a notice. */
export function describeEstimate(e: LoadEstimate): string {
  const approx = e.extrapolated ? '≈ ' : '';
  const pool =
    e.realizations > 0
      ? `; the pool at R = ${e.realizations.toLocaleString('en')} ${approx}${bytes(e.poolBytes)}`
      : '';
  return (
    `${approx}${count(e.tasks)} tasks, ${approx}${count(e.samples)} samples ` +
    `(${approx}${bytes(e.storedBytes)} as stored, ${e.bytesPerSample} byte${e.bytesPerSample === 1 ? '' : 's'} a sample` +
    `${pool}; ${approx}${bytes(e.totalBytes)} in all)`
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
