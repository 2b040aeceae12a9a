/** Building TimelineTasks from per-task rows, with the checks every source shares. */
import type { TimelineTasks, UsageSeries } from '../types.ts';

export interface TaskRow {
  readonly id: string;
  readonly arrival: number;
  readonly duration: number;
  readonly size: number;
  readonly estimate?: number;
  readonly memory?: number;
  readonly mean?: number;
  readonly sd?: number;
  readonly usage?: ArrayLike<number>;
}

/** Columns from rows; `usageStep` is Δ of the rows' usage series (all rows or none carry one). */
export function tasksFromRows(
  rows: readonly TaskRow[],
  source: string,
  usageStep = 0,
): TimelineTasks {
  const n = rows.length;
  const col = (f: (r: TaskRow) => number) => Float64Array.from(rows, f);
  const has = (f: (r: TaskRow) => unknown) => n > 0 && rows.every((r) => f(r) !== undefined);
  let usage: UsageSeries | null = null;
  if (usageStep > 0 && has((r) => r.usage)) {
    const offsets = new Int32Array(n + 1);
    rows.forEach((r, i) => (offsets[i + 1] = offsets[i] + r.usage!.length));
    const values = new Float32Array(offsets[n]);
    rows.forEach((r, i) => values.set(Array.from(r.usage!), offsets[i]));
    usage = { step: usageStep, offsets, values };
  }
  return {
    count: n,
    ids: rows.map((r) => r.id),
    arrival: col((r) => r.arrival),
    duration: col((r) => r.duration),
    estimate: col((r) => r.estimate ?? r.duration),
    size: col((r) => r.size),
    memory: has((r) => r.memory) ? col((r) => r.memory!) : null,
    mean: has((r) => r.mean) ? col((r) => r.mean!) : null,
    sd: has((r) => r.sd) ? col((r) => r.sd!) : null,
    usage,
    source,
  };
}
