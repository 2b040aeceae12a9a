/**
 * Provisioning per period (HARMONY §VII-C, harmony-notes.md §1.7; SPEC §14). Per period: containers
 * per class → CBS-RELAX, the fractional LP over machine types × classes (written as LP text for the
 * injected solver) → rounded by First Fit → machines per type, energy and switching cost; against the
 * heterogeneity-oblivious baseline (harmony-notes.md §2 G). Self-contained: plain per-period arrays.
 *
 * Choices where the paper is silent: one LP per period (horizon W = 1, the previous period's machine
 * counts fixed); f^n(x) = v·min(x, N_n) with v = `containerValue` (written as Σ_m x_mn ≤ N_n and a
 * gain v per placed container); energy from the SPEC §14 power model, so α^{m,cpu} = P_peak − P_idle
 * and α^{m,mem} = 0, E^{idle,m} = P_idle, price p = 1 per period; switching cost q_m per machine
 * turned on or off; utilization from reserved container sizes (Eq. 6).
 */
import { withinCapacity } from '../capacity.ts';
import { lpTerms, type LpSolver } from '../lp/solver.ts';
import type { MachineType } from './machineTypes.ts';

export interface ProvisionInput {
  readonly types: readonly MachineType[];
  /** sizes[n][r]: container size of class n in resource r. */
  readonly sizes: readonly (readonly number[])[];
  /** Switching cost per machine turned on or off, per type. */
  readonly switchCost: readonly number[];
  /** Gain per placed container (large: serve every container that fits). */
  readonly containerValue: number;
}

interface RelaxSolution {
  /** z[m]: fractional active machines of type m. */
  readonly z: Float64Array;
  /** x[m][n]: fractional containers of class n on type m. */
  readonly x: Float64Array[];
  readonly objective: number;
}

/** Whether a type-m machine can host one class-n container (c^{nr} ≤ C^{mr} ∀r). */
function canHost(t: MachineType, size: readonly number[]): boolean {
  return size.every((c, r) => withinCapacity(c, t.capacity[r]));
}

/** Marginal energy of one class-n container on type m: Σ_r α^{mr} c^{nr}/C^{mr} (Eq. 14). */
function containerEnergy(t: MachineType, size: readonly number[]): number {
  return ((t.peakWatts - t.idleWatts) * size[0]) / t.capacity[0];
}

/** CBS-RELAX for one period as CPLEX LP text: maximise gain − energy − switching. */
function cbsRelaxModel(
  input: ProvisionInput,
  demand: readonly number[],
  previous: readonly number[],
): string {
  const { types, sizes } = input;
  const obj: [number, string][] = [];
  const rows: string[] = [];
  const bounds: string[] = [];
  types.forEach((t, m) => {
    obj.push(
      [-t.idleWatts, `z${m}`],
      [-input.switchCost[m], `u${m}`],
      [-input.switchCost[m], `d${m}`],
    );
    rows.push(
      ` s${m}: ${lpTerms([
        [1, `z${m}`],
        [-1, `u${m}`],
        [1, `d${m}`],
      ])} = ${previous[m]}`,
    );
    bounds.push(t.count === null ? ` z${m} >= 0` : ` 0 <= z${m} <= ${t.count}`);
    for (let r = 0; r < t.capacity.length; r++) {
      const terms: [number, string][] = [[-t.capacity[r], `z${m}`]];
      sizes.forEach((c, n) => {
        if (canHost(t, c)) terms.push([c[r], `x${m}_${n}`]);
      });
      rows.push(` c${m}_${r}: ${lpTerms(terms)} <= 0`);
    }
    sizes.forEach((c, n) => {
      if (canHost(t, c)) obj.push([input.containerValue - containerEnergy(t, c), `x${m}_${n}`]);
    });
  });
  sizes.forEach((c, n) => {
    const terms = types.flatMap((t, m) =>
      canHost(t, c) ? [[1, `x${m}_${n}`] as [number, string]] : [],
    );
    if (terms.length) rows.push(` n${n}: ${lpTerms(terms)} <= ${demand[n]}`);
  });
  return [
    'Maximize',
    ` obj: ${lpTerms(obj)}`,
    'Subject To',
    ...rows,
    'Bounds',
    ...bounds,
    'End',
  ].join('\n');
}

export function solveCbsRelax(
  solver: LpSolver,
  input: ProvisionInput,
  demand: readonly number[],
  previous: readonly number[],
): RelaxSolution {
  checkInput(input, demand, previous);
  const sol = solver.solve(cbsRelaxModel(input, demand, previous));
  if (sol.status !== 'optimal') throw new Error(`CBS-RELAX: the LP solver returned ${sol.detail}`);
  const v = (name: string) => sol.values.get(name) ?? 0;
  return {
    z: Float64Array.from(input.types, (_, m) => v(`z${m}`)),
    x: input.types.map((_, m) => Float64Array.from(input.sizes, (_, n) => v(`x${m}_${n}`))),
    objective: sol.objective,
  };
}

/** The period's objective for given (z, x) (what the LP maximises), for checks. */
export function relaxObjective(
  input: ProvisionInput,
  previous: readonly number[],
  z: ArrayLike<number>,
  x: readonly ArrayLike<number>[],
): number {
  let total = 0;
  input.types.forEach((t, m) => {
    total -= t.idleWatts * z[m] + input.switchCost[m] * Math.abs(z[m] - previous[m]);
    input.sizes.forEach(
      (c, n) => (total += (input.containerValue - containerEnergy(t, c)) * x[m][n]),
    );
  });
  return total;
}

function checkInput(
  input: ProvisionInput,
  demand: readonly number[],
  previous: readonly number[],
): void {
  const M = input.types.length;
  if (input.switchCost.length !== M)
    throw new RangeError(`${input.switchCost.length} switching costs for ${M} machine types`);
  if (previous.length !== M)
    throw new RangeError(`${previous.length} previous machine counts for ${M} machine types`);
  if (demand.length !== input.sizes.length)
    throw new RangeError(`${demand.length} demands for ${input.sizes.length} classes`);
  demand.forEach((d, n) => {
    if (!(d >= 0 && Number.isFinite(d)))
      throw new RangeError(`class ${n + 1}: invalid container demand ${d}`);
  });
  input.sizes.forEach((c, n) => {
    if (c.length < input.types[0].capacity.length || c.some((v) => !(v >= 0)))
      throw new RangeError(`class ${n + 1}: invalid container size ${JSON.stringify(c)}`);
  });
}
