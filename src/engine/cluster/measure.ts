/**
 * Measuring a multi-resource packing over the evaluation columns (SPEC §7, §14): machines by type,
 * q per resource and q of "any resource" (a machine-column counts once if any resource overflows,
 * strictly above capacity), energy (one column = one time unit: energy = Σ over machines and
 * columns of P_idle + (P_peak − P_idle)·min(1, u_cpu)), and stranded capacity.
 *
 * Stranded capacity (our definition; the papers have none): a machine is "full" in a resource at a
 * column when its realized use there reaches `fullAt` (default 0.9) of its capacity; the capacity of
 * the other resources left free on it at that column is stranded. Reported as the mean over columns
 * of the summed stranded capacity, in units of the largest machine, per resource.
 */
import { exceeds } from '../capacity.ts';
import type { RealizationMatrix } from '../matrix.ts';
import type { ColumnSplit } from '../split.ts';
import type { MachineType } from './machineTypes.ts';
import type { MultiPacking } from './pack.ts';

export interface MultiMeasure {
  readonly machines: number;
  readonly machinesByType: readonly number[];
  /** q per resource: overflowing machine-columns / (machines · |E|). */
  readonly qByResource: readonly number[];
  readonly qAny: number;
  /** Mean power (W) and energy (W · columns) over the evaluation columns. */
  readonly meanPower: number;
  readonly energy: number;
  /** Stranded capacity per resource (mean over columns, units of the largest machine). */
  readonly stranded: readonly number[];
  /** Per machine: overflowing columns per resource. */
  readonly overflows: readonly Int32Array[];
  readonly evaluated: number;
}

export function measureMulti(
  matrices: readonly RealizationMatrix[],
  rows: ArrayLike<number>,
  packing: MultiPacking,
  types: readonly MachineType[],
  split: ColumnSplit,
  fullAt = 0.9,
): MultiMeasure {
  if (!(fullAt > 0 && fullAt <= 1))
    throw new RangeError(`invalid fullness threshold: ${fullAt} (need 0 < f ≤ 1)`);
  const R = matrices.length;
  const { evaluateStart: e0, evaluateEnd: e1 } = split;
  const width = e1 - e0;
  const m = packing.machines.length;
  const byType = types.map(() => 0);
  const overflows = matrices.map(() => new Int32Array(m));
  const totals = matrices.map(() => new Float64Array(width));
  const stranded = new Float64Array(R);
  let anyCount = 0;
  let energy = 0;
  for (let j = 0; j < m; j++) {
    const type = types[packing.machineType[j]];
    byType[packing.machineType[j]]++;
    const tasks = packing.machines[j];
    for (let r = 0; r < R; r++) {
      const { data, cols } = matrices[r];
      const sum = totals[r];
      sum.fill(0);
      for (let k = 0; k < tasks.length; k++) {
        const base = rows[tasks[k]] * cols + e0;
        for (let t = 0; t < width; t++) sum[t] += data[base + t];
      }
    }
    for (let t = 0; t < width; t++) {
      let any = false;
      let full = false;
      for (let r = 0; r < R; r++) {
        const c = type.capacity[r];
        const u = totals[r][t];
        if (exceeds(u, c)) {
          overflows[r][j]++;
          any = true;
        }
        if (u >= fullAt * c) full = true;
      }
      if (any) anyCount++;
      if (full)
        for (let r = 0; r < R; r++) {
          const free = type.capacity[r] - totals[r][t];
          if (totals[r][t] < fullAt * type.capacity[r] && free > 0) stranded[r] += free;
        }
      const u = totals[0][t] / type.capacity[0];
      energy += type.idleWatts + (type.peakWatts - type.idleWatts) * Math.min(1, Math.max(0, u));
    }
  }
  const denom = m * width;
  return {
    machines: m,
    machinesByType: byType,
    qByResource: overflows.map((o) => (denom ? o.reduce((a, b) => a + b, 0) / denom : 0)),
    qAny: denom ? anyCount / denom : 0,
    meanPower: width ? energy / width : 0,
    energy,
    stranded: Array.from(stranded, (s) => (width ? s / width : 0)),
    overflows,
    evaluated: width,
  };
}
