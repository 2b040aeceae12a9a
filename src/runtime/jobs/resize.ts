/**
 * Resizing sweep (SPEC §13): policies × predictor parameters over one workload, a few
 * configurations per unit. The workload travels in the spec as float64 (NaN: VM absent), so every
 * unit sees exactly the numbers an inline run sees, whatever the worker count.
 */
import {
  simulateResize,
  type ResizeConfig,
  type ResizeTotals,
  type ResizeWorkload,
} from '../../engine/index.ts';
import { defineJob } from './job.ts';

export interface PackedWorkload {
  readonly name: string;
  readonly vms: number;
  readonly steps: number;
  readonly stepHours: number;
  /** VM-major usage, vms × steps. */
  readonly usage: Float64Array;
  readonly memory: Float64Array | null;
}

export interface ResizeSweepSpec {
  readonly workload: PackedWorkload;
  readonly configs: readonly ResizeConfig[];
  /** Configurations per unit (default 2). */
  readonly perUnit?: number;
}

/** A workload flattened (VM-major, float64) for a job spec. */
export function packWorkload(w: ResizeWorkload): PackedWorkload {
  const n = w.usage.length;
  const flat = (rows: readonly Float64Array[]) => {
    const out = new Float64Array(n * w.steps);
    rows.forEach((r, i) => out.set(r.subarray(0, w.steps), i * w.steps));
    return out;
  };
  return {
    name: w.name,
    vms: n,
    steps: w.steps,
    stepHours: w.stepHours,
    usage: flat(w.usage),
    memory: w.memory ? flat(w.memory) : null,
  };
}

export function unpackWorkload(p: PackedWorkload): ResizeWorkload {
  const rows = (flat: Float64Array) =>
    Array.from({ length: p.vms }, (_, i) => flat.slice(i * p.steps, (i + 1) * p.steps));
  return {
    name: p.name,
    ids: Array.from({ length: p.vms }, (_, i) => String(i)),
    steps: p.steps,
    stepHours: p.stepHours,
    usage: rows(p.usage),
    memory: p.memory ? rows(p.memory) : undefined,
  };
}

export const resizeSweep = defineJob({
  needsPool: false,
  units(spec: ResizeSweepSpec): { first: number; count: number }[] {
    const per = spec.perUnit ?? 2;
    if (!(Number.isInteger(per) && per >= 1)) throw new RangeError(`invalid perUnit: ${per}`);
    const out: { first: number; count: number }[] = [];
    for (let first = 0; first < spec.configs.length; first += per)
      out.push({ first, count: Math.min(per, spec.configs.length - first) });
    return out;
  },
  run(
    _ctx,
    spec: ResizeSweepSpec,
    unit: { first: number; count: number },
    checkpoint,
  ): ResizeTotals[] {
    const w = unpackWorkload(spec.workload);
    const out: ResizeTotals[] = [];
    for (let i = unit.first; i < unit.first + unit.count; i++) {
      checkpoint();
      out.push(simulateResize(w, { ...spec.configs[i], series: false }).totals);
    }
    return out;
  },
  weight: (unit) => unit.count,
});
