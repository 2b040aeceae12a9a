/**
 * Each open machine's aligned total over the observed columns, kept as tasks come and go: the
 * machine-state bookkeeping of the fit tests that judge a machine by its total series (`hod`,
 * `grpm`). Task t's series starts at `base[t]` in `data`, weighted by `weight[t]` (1 when absent).
 */
import type { MachineState } from './fitTest.ts';

interface MachineTotals extends Pick<MachineState, 'open' | 'add' | 'remove'> {
  /** Machine j's total (j < 0, an empty machine: null); read-only. */
  total(j: number): Float64Array | null;
}

export function machineTotals(
  data: ArrayLike<number>,
  base: Int32Array,
  width: number,
  weight?: Float64Array,
): MachineTotals {
  const totals: Float64Array[] = [];
  const add = (j: number, t: number) => {
    const total = totals[j];
    const b0 = base[t];
    const w = weight ? weight[t] : 1;
    for (let col = 0; col < width; col++) total[col] += w * data[b0 + col];
  };
  return {
    open(j, t) {
      totals[j] = new Float64Array(width);
      add(j, t);
    },
    add,
    remove(j, _t, remaining) {
      totals[j] = new Float64Array(width);
      for (const r of remaining) add(j, r);
    },
    total: (j) => (j < 0 ? null : totals[j]),
  };
}
