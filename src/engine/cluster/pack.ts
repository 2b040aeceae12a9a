/**
 * Vector First Fit / Best Fit over heterogeneous open machines (SPEC §6, §14). Tasks in order (or by
 * decreasing first-resource size for ffd/bfd); FF takes the lowest-numbered open machine where every
 * dimension passes; BF the one with the smallest score, where a machine's score is its tightest
 * dimension after placing the task (min over dimensions of the slack, a deterministic slack divided by
 * that machine's capacity so machines of different types compare; with one dimension, the raw slack,
 * as the 1-D packer). Ties go to the lower machine. When none fits, a machine opens: by the user's
 * type order (the first type with machines left where the task fits an empty one), or by lowest
 * marginal energy per unit of the task's dominant resource (ties: the earlier type). A task that
 * fits no empty type opens the first type with machines left (oversized, counted); with every type
 * used up it is left unplaced (counted).
 */
import type { MultiSizes } from './fit.ts';
import type { MachineType } from './machineTypes.ts';

import type { MultiPacker, OpenPolicy } from './packers.ts';

export { MULTI_PACKERS, type MultiPacker, type OpenPolicy } from './packers.ts';

interface MultiPackOptions {
  readonly packer: MultiPacker;
  readonly types: readonly MachineType[];
  readonly open: OpenPolicy;
}

export interface MultiPacking {
  /** Instance positions per machine, machines in opening order. */
  readonly machines: Int32Array[];
  /** Type index per machine. */
  readonly machineType: Int32Array;
  /** Estimated Σ size per dimension per machine: load[d][j]. */
  readonly load: Float64Array[];
  readonly variance: Float64Array[];
  readonly oversized: number[];
  readonly unplaced: number[];
}

/**
 * Marginal energy per unit of the task's dominant resource when it opens a type-t machine: the idle
 * power spread over the type's capacity in that resource, plus the task's dynamic power
 * (P_peak − P_idle)·s_cpu/C_cpu divided by its dominant size. Dominant = the resource with the
 * largest size (sizes are fractions of the largest machine).
 */
export function marginalEnergyPerUnit(t: MachineType, taskSize: readonly number[]): number {
  let d = 0;
  for (let r = 1; r < taskSize.length; r++) if (taskSize[r] > taskSize[d]) d = r;
  const dominant = Math.max(taskSize[d], 1e-12);
  return (
    t.idleWatts / t.capacity[d] +
    ((t.peakWatts - t.idleWatts) * Math.min(1, taskSize[0] / t.capacity[0])) / dominant
  );
}

export function packMulti(sizes: MultiSizes, options: MultiPackOptions): MultiPacking {
  const { types } = options;
  const D = sizes.dims;
  const n = sizes.size[0].length;
  const cap = types.map((t) => Float64Array.from({ length: D }, (_, d) => sizes.capacity(t, d)));
  const left = types.map((t) => (t.count === null ? Infinity : t.count));
  const load = Array.from({ length: D }, () => new Float64Array(Math.max(1, n)));
  const vars = Array.from({ length: D }, () => new Float64Array(Math.max(1, n)));
  const typeOf = new Int32Array(Math.max(1, n));
  const lists: number[][] = [];
  const oversized: number[] = [];
  const unplaced: number[] = [];
  const best = options.packer === 'bf' || options.packer === 'bfd';
  const order = Int32Array.from({ length: n }, (_, i) => i);
  if (options.packer === 'ffd' || options.packer === 'bfd')
    order.sort((a, b) => sizes.size[0][b] - sizes.size[0][a] || a - b);
  const { slack, deterministic } = sizes;
  const zCut = sizes.rejectBelowZ ?? new Array<number>(D).fill(NaN);
  /** The task's score on open machine j (< 0: it does not fit). */
  const onMachine = (j: number, t: number): number => {
    const c = cap[typeOf[j]];
    let worst = Infinity;
    for (let d = 0; d < D; d++) {
      const mean = load[d][j] + sizes.size[d][t];
      const v = vars[d][j] + sizes.variance[d][t];
      if (c[d] - mean < zCut[d] * Math.sqrt(v)) return -1;
      let s = slack[d](load[d][j], vars[d][j], sizes.size[d][t], sizes.variance[d][t], c[d]);
      if (s < 0) return s;
      if (D > 1 && deterministic[d]) s /= c[d];
      if (s < worst) worst = s;
    }
    return worst;
  };
  const fitsEmpty = (m: number, t: number): boolean => {
    for (let d = 0; d < D; d++)
      if (slack[d](0, 0, sizes.size[d][t], sizes.variance[d][t], cap[m][d]) < 0) return false;
    return true;
  };
  const taskSize = new Array<number>(D);
  for (let k = 0; k < n; k++) {
    const t = order[k];
    let chosen = -1;
    let bestScore = Infinity;
    for (let j = 0; j < lists.length; j++) {
      const s = onMachine(j, t);
      if (s < 0) continue;
      if (!best) {
        chosen = j;
        break;
      }
      if (s < bestScore) {
        bestScore = s;
        chosen = j;
      }
    }
    if (chosen < 0) {
      for (let d = 0; d < D; d++) taskSize[d] = sizes.size[d][t];
      const type = chooseType(types, left, (m) => fitsEmpty(m, t), taskSize, options.open);
      if (type < 0) {
        const any = left.findIndex((l) => l > 0);
        if (any < 0) {
          unplaced.push(t);
          continue;
        }
        oversized.push(t);
        chosen = openMachine(any);
      } else chosen = openMachine(type);
    }
    lists[chosen].push(t);
    for (let d = 0; d < D; d++) {
      load[d][chosen] += sizes.size[d][t];
      vars[d][chosen] += sizes.variance[d][t];
    }
  }
  function openMachine(type: number): number {
    left[type]--;
    typeOf[lists.length] = type;
    lists.push([]);
    return lists.length - 1;
  }
  const m = lists.length;
  return {
    machines: lists.map((l) => Int32Array.from(l)),
    machineType: typeOf.slice(0, m),
    load: load.map((l) => l.slice(0, m)),
    variance: vars.map((v) => v.slice(0, m)),
    oversized,
    unplaced,
  };
}

function chooseType(
  types: readonly MachineType[],
  left: readonly number[],
  fitsEmpty: (type: number) => boolean,
  taskSize: readonly number[],
  policy: OpenPolicy,
): number {
  let chosen = -1;
  let bestCost = Infinity;
  for (let m = 0; m < types.length; m++) {
    if (left[m] <= 0 || !fitsEmpty(m)) continue;
    if (policy === 'order') return m;
    const cost = marginalEnergyPerUnit(types[m], taskSize);
    if (cost < bestCost) {
      bestCost = cost;
      chosen = m;
    }
  }
  return chosen;
}
