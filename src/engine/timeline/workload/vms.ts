/**
 * Per-VM traces (PlanetLab, Azure, Bitbrains, Google jobs) as VMs living through the trace: a VM
 * runs for its samples × Δ from its arrival; its usage series is its samples. A VM arrives at 0,
 * unless its id is a VM-day "YYYYMMDD:name" (PlanetLab's ten days): it then arrives at its day's
 * start, counted in calendar days from the trace's first day (the gaps between days stay empty). Our choices: size =
 * the 95th percentile of its samples (a chosen statistic, SPEC §12), μ and σ of its samples for
 * stochastic fits. Samples come from the engine's loaders (`engine/data`), untouched.
 */
import { seriesList, type TaskSamples } from '../../data/samples/samples.ts';
import type { TimelineTasks } from '../types.ts';
import { tasksFromRows, type TaskRow } from './tasks.ts';

const VM_DAY = /^(\d{4})(\d{2})(\d{2}):/;

/** Days since 1970-01-01 of a proleptic Gregorian date (Hinnant's days_from_civil). */
function civilDay(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Arrival of each VM: its day's start for "YYYYMMDD:name" ids (from the first day), else 0. */
export function vmArrivals(ids: readonly string[]): Float64Array {
  const days = ids.map((id) => {
    const m = VM_DAY.exec(id);
    return m ? civilDay(Number(m[1]), Number(m[2]), Number(m[3])) : NaN;
  });
  const dated = days.filter((d) => !Number.isNaN(d));
  if (dated.length === 0) return new Float64Array(ids.length);
  if (dated.length !== ids.length) {
    const i = days.findIndex((d) => Number.isNaN(d));
    throw new RangeError(`VM "${ids[i]}" has no "YYYYMMDD:" day while others have one`);
  }
  const first = Math.min(...dated);
  return Float64Array.from(days, (d) => (d - first) * 86_400);
}

/** The per-VM series as tasks over time, sampled every `step` s. */
export function vmTimeline(samples: TaskSamples, step: number, source: string): TimelineTasks {
  if (!(step > 0)) throw new RangeError(`sample step must be > 0 s, got ${step}`);
  const arrivals = vmArrivals(samples.ids);
  const rows: TaskRow[] = seriesList(samples.inst).map((x, i) => {
    const sorted = Float64Array.from(x).sort();
    const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)];
    let mean = 0;
    for (const v of x) mean += v;
    mean /= x.length;
    let ss = 0;
    for (const v of x) ss += (v - mean) ** 2;
    return {
      id: samples.ids[i],
      arrival: arrivals[i],
      duration: x.length * step,
      size: Math.min(1, Math.max(p95, 1e-6)),
      mean,
      sd: Math.sqrt(ss / Math.max(1, x.length - 1)),
      usage: x,
    };
  });
  return tasksFromRows(rows, source, step);
}
