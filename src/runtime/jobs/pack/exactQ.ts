/** Exact q of a packing by convolution: one unit per block of machines. */
import { exactOverflow } from '../../../engine/index.ts';
import { defineJob } from '../job.ts';

interface ExactQSpec {
  /** Pool rows of the instance, in instance order. */
  readonly rows: Int32Array;
  /** Instance positions per machine (as `PackResult.machines[j].tasks`). */
  readonly machines: readonly Int32Array[];
  readonly capacity: number;
  readonly clairvoyance: number;
  readonly bin?: number;
}

const MACHINES_PER_UNIT = 8;

export const exactQ = defineJob({
  needsPool: true,
  units(spec: ExactQSpec): { first: number; count: number }[] {
    const out: { first: number; count: number }[] = [];
    for (let first = 0; first < spec.machines.length; first += MACHINES_PER_UNIT)
      out.push({ first, count: Math.min(MACHINES_PER_UNIT, spec.machines.length - first) });
    return out;
  },
  run(ctx, spec: ExactQSpec, unit: { first: number; count: number }, checkpoint): Float64Array {
    checkpoint();
    const machines = spec.machines.slice(unit.first, unit.first + unit.count);
    return exactOverflow(ctx!.stats, spec.rows, machines, {
      capacity: spec.capacity,
      clairvoyance: spec.clairvoyance,
      bin: spec.bin,
    }).machines;
  },
  weight: (unit) => unit.count,
});
