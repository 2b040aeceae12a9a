/**
 * Links and typed sizes pass the same memory budget as uploads (ingest/sizes.ts, README "Memory
 * budget"): a realized pool or a Timeline workload whose memory would pass the tab's share opens at
 * the default size (or the largest that fits, when smaller), and a notice says so with the size
 * asked for and a button to allocate it anyway. Nothing that large is allocated before that button
 * is pressed.
 */
import { DEFAULT_BUDGET_BYTES, bytes } from '../../../ingest/sizes.ts';
import { DEFAULT_PARAMS } from '../store/params.ts';
import { formatCount } from '../../../present/format.ts';

/** A realization takes one float32 per task and series (inst, and avg when the data have it). */
const BYTES_PER_REALIZATION = 4;
/**
 * What one synthetic Timeline task holds in the page and the pool's workers together (its columns,
 * id, placements and per-policy results in each worker): 1.9 kB, measured in Chromium on the
 * 2,000,000-task, 30-day link (3.8 GB).
 */
const TIMELINE_BYTES_PER_TASK = 1900;

/**
 * Past this no button offers the size: V8 caps one ArrayBuffer at 32 GiB inside its sandbox
 * (`kMaxSafeBufferSizeForSandbox`, v8/include/v8-internal.h), and a pool is one buffer.
 */
const ALLOCATABLE_BYTES = 32 * 2 ** 30;

/** A size over the budget: what it needs, and the largest value that fits. */
interface OverBudget {
  readonly bytes: number;
  readonly budget: number;
  readonly fit: number;
  /** Whether a tab could hold it at all (else the notice offers no button). */
  readonly allocatable: boolean;
}

const approved = new Set<string>();

/** Lets the size of `key` be allocated from now on (the notice's button). */
export function approveOverBudget(key: string): void {
  approved.add(key);
}

function over(
  need: number,
  perUnit: number,
  key: string,
  min: number,
  fallback: number,
): OverBudget | null {
  const budget = DEFAULT_BUDGET_BYTES;
  if (need <= budget || approved.has(key)) return null;
  return {
    bytes: need,
    budget,
    fit: Math.max(min, Math.min(fallback, Math.floor(budget / perUnit))),
    allocatable: need <= ALLOCATABLE_BYTES,
  };
}

/** The realized pool of `tasks` at R, when over the budget (`fit`: the R to open at instead). */
export function poolOverBudget(
  tasks: number,
  realizations: number,
  hasAvg: boolean,
  key: string,
): OverBudget | null {
  const perR = tasks * BYTES_PER_REALIZATION * (hasAvg ? 2 : 1);
  return over(perR * realizations, perR, key, 2, DEFAULT_PARAMS.realizations);
}

/**
 * A time-aligned pool over the budget: aligning lays `tasks` × `instants` float32 per series (its
 * grid, `alignedGridSize`) and keeps at most as much, and a block bootstrap adds `tasks` × R; what is
 * counted is that peak, whatever R is for an aligned pool. `fit`: the R a block bootstrap fits
 * (2 at least), 0 for aligned, where R does not change the size.
 */
export function replayOverBudget(
  tasks: number,
  instants: number,
  blocks: number | null,
  hasAvg: boolean,
  key: string,
): OverBudget | null {
  const series = hasAvg ? 2 : 1;
  const aligned = 2 * tasks * instants * BYTES_PER_REALIZATION * series;
  const perR = tasks * BYTES_PER_REALIZATION * series;
  const big = over(aligned + (blocks ?? 0) * perR, perR, key, 0, 0);
  if (!big || blocks === null) return big && { ...big, fit: 0 };
  const left = DEFAULT_BUDGET_BYTES - aligned;
  const fit = left >= 2 * perR ? Math.min(DEFAULT_PARAMS.realizations, Math.floor(left / perR)) : 0;
  return { ...big, fit };
}

/** A synthetic Timeline workload of `tasks`, when over the budget (`fit`: the tasks instead). */
export function timelineOverBudget(tasks: number, key: string): OverBudget | null {
  return over(
    tasks * TIMELINE_BYTES_PER_TASK,
    TIMELINE_BYTES_PER_TASK,
    key,
    1,
    DEFAULT_PARAMS.timelineTasks,
  );
}

/** The notice: what was asked, its memory, the budget and what the page opened at instead. */
export function overBudgetText(what: string, asked: number, o: OverBudget): string {
  const n = (v: number) => formatCount(v);
  return `${what} = ${n(asked)} would take ${needText(o)}, above this tab's memory budget of ${bytes(o.budget)}: opened at ${what} = ${n(o.fit)} instead.`;
}

/** What the size needs, in words: past what a tab can hold, said so instead of a number. */
export function needText(o: OverBudget): string {
  return o.allocatable
    ? bytes(o.bytes)
    : `more than the ${bytes(ALLOCATABLE_BYTES)} a tab can hold`;
}

/** The notice's button allocating the size anyway; none when no tab could hold it. */
export function allocateAction(
  o: OverBudget,
  run: () => void,
): { readonly label: string; readonly run: () => void } | undefined {
  return o.allocatable ? { label: `Allocate ${bytes(o.bytes)} anyway`, run } : undefined;
}
