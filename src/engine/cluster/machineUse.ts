/**
 * What a packed machine uses, for drawing (SPEC §7, §14): per resource, the mean and the 99th
 * percentile (nearest rank) of its realized total over the evaluation columns, per machine.
 */
import type { RealizationMatrix } from '../matrix.ts';
import type { ColumnSplit } from '../split.ts';
import type { MultiPacking } from './pack.ts';

export interface MachineUse {
  /** mean[r][j], p99[r][j]: machine j's realized use of resource r. */
  readonly mean: Float64Array[];
  readonly p99: Float64Array[];
}

export function machineUse(
  matrices: readonly RealizationMatrix[],
  rows: ArrayLike<number>,
  packing: MultiPacking,
  split: ColumnSplit,
): MachineUse {
  const { evaluateStart: e0, evaluateEnd: e1 } = split;
  const width = e1 - e0;
  const m = packing.machines.length;
  const mean = matrices.map(() => new Float64Array(m));
  const p99 = matrices.map(() => new Float64Array(m));
  const sum = new Float64Array(width);
  const rank = Math.max(0, Math.ceil(0.99 * width) - 1);
  matrices.forEach(({ data, cols }, r) => {
    for (let j = 0; j < m; j++) {
      sum.fill(0);
      for (const task of packing.machines[j]) {
        const base = rows[task] * cols + e0;
        for (let t = 0; t < width; t++) sum[t] += data[base + t];
      }
      let total = 0;
      for (let t = 0; t < width; t++) total += sum[t];
      mean[r][j] = width ? total / width : 0;
      p99[r][j] = width ? Float64Array.from(sum).sort()[rank] : 0;
    }
  });
  return { mean, p99 };
}
