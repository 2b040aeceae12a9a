/**
 * Per-VM traces (PlanetLab, Azure, Bitbrains, Google jobs) as VMs living through the trace: every VM
 * arrives at 0 and runs for its samples × Δ; its usage series is its samples. Our choices: size =
 * the 95th percentile of its samples (a chosen statistic, SPEC §12), μ and σ of its samples for
 * stochastic fits. Samples come from the engine's loaders (`engine/data`), untouched.
 */
import type { TaskSamples } from '../../data/samples.ts';
import type { TimelineTasks } from '../types.ts';
import { tasksFromRows, type TaskRow } from './tasks.ts';

/** The per-VM series as tasks over time, sampled every `step` s. */
export function vmTimeline(samples: TaskSamples, step: number, source: string): TimelineTasks {
  if (!(step > 0)) throw new RangeError(`sample step must be > 0 s, got ${step}`);
  const rows: TaskRow[] = samples.inst.map((x, i) => {
    const sorted = Float64Array.from(x).sort();
    const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)];
    let mean = 0;
    for (const v of x) mean += v;
    mean /= x.length;
    let ss = 0;
    for (const v of x) ss += (v - mean) ** 2;
    return {
      id: samples.ids[i],
      arrival: 0,
      duration: x.length * step,
      size: Math.min(1, Math.max(p95, 1e-6)),
      mean,
      sd: Math.sqrt(ss / Math.max(1, x.length - 1)),
      usage: x,
    };
  });
  return tasksFromRows(rows, source, step);
}
