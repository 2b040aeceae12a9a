/**
 * The provisioning loop over periods (SPEC §14): CBS-RELAX rounded by First Fit vs the
 * heterogeneity-oblivious baseline; per period machines per type, energy and switching cost.
 *
 * Rounding (CBP, harmony-notes.md §2 F, simplified): per class, the LP's x_mn rounded to integers
 * by largest remainder keeping Σ_m equal to the LP's total, then each type's containers placed by
 * vector First Fit (classes in decreasing CPU size) on that type's machines. Baseline (§2 G): machines
 * turned on in decreasing CPU capacity per peak watt until the active capacity holds the demand at
 * 80 % utilization of the bottleneck resource, then every container by First Fit over them.
 * A period's energy = Σ active machines P_idle + (P_peak − P_idle)·min(1, reserved CPU / C_cpu).
 */
import { withinCapacity } from '../capacity.ts';
import type { LpSolver } from '../lp/solver.ts';
import { machinePower, type MachineType } from './machineTypes.ts';
import { solveCbsRelax, type ProvisionInput } from './provision.ts';
import { minContainers } from './queue.ts';

export interface PeriodOutcome {
  readonly machines: readonly number[];
  readonly placed: readonly number[];
  readonly unplaced: number;
  readonly energy: number;
  readonly switching: number;
}

export interface ProvisionResult {
  readonly relax: readonly PeriodOutcome[];
  readonly baseline: readonly PeriodOutcome[];
  /** The LP's fractional machine counts per period. */
  readonly fractional: readonly Float64Array[];
  /** With `keepAssignments`: the LP's x[m][n] (containers of class n on type m) and objective per period. */
  readonly assignments?: readonly (readonly Float64Array[])[];
  readonly objectives?: readonly number[];
}

interface Bin {
  readonly type: number;
  readonly load: number[];
}

/** First Fit of `count` containers of size `size` onto `bins` restricted to `allowed` types; opens via `open`. */
function firstFitContainers(
  bins: Bin[],
  types: readonly MachineType[],
  size: readonly number[],
  count: number,
  allowed: (b: Bin) => boolean,
  open: () => Bin | null,
): number {
  const fits = (b: Bin) =>
    size.every((c, r) => withinCapacity(b.load[r] + c, types[b.type].capacity[r]));
  // All containers of one call have the same size and loads only grow: a bin that is full for it
  // now stays full, so the scan resumes where it stopped.
  let from = 0;
  let placed = 0;
  for (let k = 0; k < count; k++) {
    while (from < bins.length && !(allowed(bins[from]) && fits(bins[from]))) from++;
    let b: Bin | null = from < bins.length ? bins[from] : null;
    if (!b) {
      b = open();
      if (!b || !fits(b)) break;
    }
    size.forEach((c, r) => (b.load[r] += c));
    placed++;
  }
  return placed;
}

function outcome(
  types: readonly MachineType[],
  bins: readonly Bin[],
  placed: number[],
  demand: readonly number[],
  prev: readonly number[],
  switchCost: readonly number[],
): PeriodOutcome {
  const machines = types.map(() => 0);
  let energy = 0;
  for (const b of bins) {
    if (b.load.every((l) => l === 0)) continue;
    machines[b.type]++;
    energy += machinePower(types[b.type], b.load[0] / types[b.type].capacity[0]);
  }
  const switching = machines.reduce((s, c, m) => s + switchCost[m] * Math.abs(c - prev[m]), 0);
  const unplaced = demand.reduce((s, d, n) => s + d - placed[n], 0);
  return { machines, placed, unplaced, energy, switching };
}

/** Largest-remainder rounding of each class's x_mn (over types), keeping Σ_m at its rounded total. */
export function roundAssignments(x: readonly Float64Array[], classes: number): number[][] {
  const M = x.length;
  const out = x.map(() => new Array<number>(classes).fill(0));
  for (let n = 0; n < classes; n++) {
    const total = Math.round(x.reduce((s, row) => s + row[n], 0) + 1e-9);
    const base = x.map((row) => Math.floor(row[n] + 1e-9));
    let left = total - base.reduce((a, b) => a + b, 0);
    const order = Array.from({ length: M }, (_, m) => m).sort(
      (a, b) => x[b][n] - base[b] - (x[a][n] - base[a]) || a - b,
    );
    for (const m of order) {
      out[m][n] = base[m];
      if (left > 0 && x[m][n] - base[m] > 1e-9) {
        out[m][n]++;
        left--;
      }
    }
  }
  return out;
}

function classOrder(sizes: readonly (readonly number[])[]): number[] {
  return sizes.map((_, n) => n).sort((a, b) => sizes[b][0] - sizes[a][0] || a - b);
}

function relaxPeriod(
  input: ProvisionInput,
  x: readonly Float64Array[],
  demand: readonly number[],
  prev: readonly number[],
): PeriodOutcome {
  const { types, sizes } = input;
  const counts = roundAssignments(x, sizes.length);
  const bins: Bin[] = [];
  const used = types.map(() => 0);
  const placed = sizes.map(() => 0);
  for (let m = 0; m < types.length; m++)
    for (const n of classOrder(sizes)) {
      const open = () => {
        if (types[m].count !== null && used[m] >= types[m].count!) return null;
        used[m]++;
        const b = { type: m, load: types[m].capacity.map(() => 0) };
        bins.push(b);
        return b;
      };
      placed[n] += firstFitContainers(
        bins,
        types,
        sizes[n],
        counts[m][n],
        (b) => b.type === m,
        open,
      );
    }
  return outcome(types, bins, placed, demand, prev, input.switchCost);
}

/** Types in decreasing CPU capacity per peak watt (ties: the earlier type). */
function efficiencyOrder(types: readonly MachineType[]): number[] {
  return types
    .map((_, m) => m)
    .sort(
      (a, b) =>
        types[b].capacity[0] / types[b].peakWatts - types[a].capacity[0] / types[a].peakWatts ||
        a - b,
    );
}

function baselinePeriod(
  input: ProvisionInput,
  demand: readonly number[],
  prev: readonly number[],
  target = 0.8,
): PeriodOutcome {
  const { types, sizes } = input;
  const R = types[0].capacity.length;
  const need = Array.from(
    { length: R },
    (_, r) => sizes.reduce((s, c, n) => s + c[r] * demand[n], 0) / target,
  );
  const bins: Bin[] = [];
  const have = new Array<number>(R).fill(0);
  for (const m of efficiencyOrder(types)) {
    const limit = types[m].count ?? Infinity;
    for (let k = 0; k < limit && have.some((h, r) => h < need[r]); k++) {
      bins.push({ type: m, load: new Array<number>(R).fill(0) });
      types[m].capacity.forEach((c, r) => (have[r] += c));
    }
  }
  const placed = sizes.map(() => 0);
  for (const n of classOrder(sizes))
    placed[n] = firstFitContainers(
      bins,
      types,
      sizes[n],
      demand[n],
      () => true,
      () => null,
    );
  return outcome(types, bins, placed, demand, prev, input.switchCost);
}

/** Provisioning over periods: demand[t][n] containers of class n in period t. */
export function provision(
  solver: LpSolver,
  input: ProvisionInput,
  demand: readonly (readonly number[])[],
  options: { readonly keepAssignments?: boolean } = {},
): ProvisionResult {
  const M = input.types.length;
  let prevFrac: number[] = new Array<number>(M).fill(0);
  let prevRelax: readonly number[] = prevFrac;
  let prevBase: readonly number[] = prevFrac;
  const relax: PeriodOutcome[] = [];
  const baseline: PeriodOutcome[] = [];
  const fractional: Float64Array[] = [];
  const assignments: Float64Array[][] = [];
  const objectives: number[] = [];
  for (const d of demand) {
    const sol = solveCbsRelax(solver, input, d, prevFrac);
    fractional.push(sol.z);
    assignments.push(sol.x);
    objectives.push(sol.objective);
    prevFrac = Array.from(sol.z);
    const r = relaxPeriod(input, sol.x, d, prevRelax);
    const b = baselinePeriod(input, d, prevBase);
    relax.push(r);
    baseline.push(b);
    prevRelax = r.machines;
    prevBase = b.machines;
  }
  return options.keepAssignments
    ? { relax, baseline, fractional, assignments, objectives }
    : { relax, baseline, fractional };
}

/** Per period and class, the containers meeting the target delay (M/G/c, `minContainers`); 0 arrivals → 0. */
export function containersPerPeriod(
  arrivals: readonly (readonly number[])[],
  serviceRate: readonly number[],
  cv2: readonly number[],
  targetDelay: readonly number[],
): number[][] {
  return arrivals.map((row, t) =>
    row.map((lambda, n) => {
      if (lambda === 0) return 0;
      if (!(lambda > 0))
        throw new RangeError(`period ${t + 1}, class ${n + 1}: invalid arrival rate ${lambda}`);
      return minContainers(lambda, serviceRate[n], cv2[n], targetDelay[n]);
    }),
  );
}
