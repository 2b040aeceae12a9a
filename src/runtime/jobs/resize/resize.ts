/**
 * Resizing sweep (SPEC §13): policies × predictor parameters over one workload, a few
 * configurations per unit. The workload travels in the spec as float64 (NaN: VM absent), so every
 * unit sees exactly the numbers an inline run sees, whatever the worker count.
 */
import {
  plannedSizes,
  simulateResize,
  type ResizeConfig,
  type ResizeTotals,
  type ResizeWorkload,
} from '../../../engine/index.ts';
import { defineJob } from '../job.ts';

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

/**
 * This worker's last workload and its planned sizes per predictor: the configurations of a sweep
 * share one workload and few predictors, so neither is rebuilt for every unit.
 */
let cached: { key: string; workload: ResizeWorkload; planned: Map<string, Planned> } | null = null;
type Planned = ReturnType<typeof plannedSizes>;

function workloadKey(p: PackedWorkload): string {
  let h = 0;
  for (let i = 0; i < p.usage.length; i += 997) h = (h * 31 + p.usage[i] * 1e6) | 0 | 0;
  return `${p.name}:${p.vms}:${p.steps}:${p.memory ? 'mem' : ''}:${h}`;
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
    const key = workloadKey(spec.workload);
    if (cached?.key !== key)
      cached = { key, workload: unpackWorkload(spec.workload), planned: new Map() };
    const { workload, planned } = cached;
    const out: ResizeTotals[] = [];
    for (let i = unit.first; i < unit.first + unit.count; i++) {
      checkpoint();
      const cfg = spec.configs[i];
      const p = JSON.stringify(cfg.predictor);
      if (!planned.has(p)) {
        // A few predictors at a time: each holds a size series per VM.
        if (planned.size >= 3) planned.delete(planned.keys().next().value!);
        planned.set(p, plannedSizes(workload, cfg.predictor));
      }
      out.push(simulateResize(workload, { ...cfg, series: false }, planned.get(p)).totals);
    }
    return out;
  },
  weight: (unit) => unit.count,
});
