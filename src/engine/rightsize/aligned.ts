/**
 * An aligned history (engine/data `alignSamples`) as the right-sizing reads it, and what is said
 * of its grouping: one place for the command line (`rightsize`) and the page (the Requests view).
 */
import type { AlignedData } from '../data/realize/aligned.ts';
import type { RightsizeHistory } from './judge.ts';
import type { Grouping } from './workloads.ts';

interface HistoryUnits {
  /** Seconds per instant when the data carry no timestamps. */
  readonly step: number;
  /** Cores in one machine unit, or null when the data are in machines. */
  readonly coresPerUnit: number | null;
  /** A node's capacity in machine units. */
  readonly capacity: number;
}

/** The aligned pods' usage, spans and times; instants without timestamps are `step` apart. */
export function rightsizeHistory(a: AlignedData, u: HistoryUnits): RightsizeHistory {
  const step = a.report.step ?? u.step;
  const ids = a.ids;
  return {
    ids,
    usage: a.inst,
    first: Int32Array.from(ids, (_, p) => a.spans[2 * p]),
    last: Int32Array.from(ids, (_, p) => a.spans[2 * p + 1]),
    times: a.report.step === null ? Float64Array.from(a.instants, (k) => k * step) : a.instants,
    step,
    milliPerUnit: 1000 * (u.coresPerUnit ?? 1),
    capacity: u.capacity,
  };
}

/** The note naming the pods kept per pod (the first five), or null when every pod was grouped. */
export function ungroupedNote(g: Grouping, pods: number): string | null {
  const n = g.ungrouped.length;
  if (!n) return null;
  const named = `${g.ungrouped.slice(0, 5).join(', ')}${n > 5 ? ', …' : ''}`;
  return `${n} of ${pods} pods follow no controller's name pattern and have no owner label: each is its own workload (${named})`;
}
