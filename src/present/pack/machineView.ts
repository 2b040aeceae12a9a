/**
 * One machine of a packing as the Pack view shows it: its total usage against the Gaussian the fit
 * test sees (and, under GPA, the (1−ρ) load it allows), and its tasks with their sample moments.
 * Pure: the view renders what these give.
 */
import {
  CAPACITY,
  exceeds,
  gaussianLoadAt,
  inRange,
  gaussianRho,
  seriesAt,
  type FitSpec,
  type PackResult,
  type SeriesSet,
} from '../../engine/index.ts';
import { roundSignificant } from '../format.ts';

export interface MachineView {
  readonly totals: ArrayLike<number>;
  /** The Gaussian the fit test sees: Σμ and √Σσ² over the observed columns. */
  readonly mean: number;
  readonly sd: number;
  readonly capacity: number;
  /** GPA's threshold ρ, when the fit test is GPA: its (1−ρ) percentile line is drawn. */
  readonly rho: number | null;
  readonly gpaPercentile: number | null;
  /** Cores of the reference machine when the data came in cores (present/cores.ts). */
  readonly coresPerMachine?: number | null;
}

type Machine = PackResult['machines'][number];

/** The machine `machine`, whose usage per column is `totals`, packed with `fit` at `capacity`. */
export function machineView(
  machine: Machine,
  totals: ArrayLike<number>,
  fit: FitSpec,
  capacity: number,
  coresPerMachine: number | null,
): MachineView {
  const rho = 'rho' in fit ? fit.rho : null;
  return {
    totals,
    mean: machine.estimatedMean,
    sd: machine.estimatedSd,
    capacity,
    coresPerMachine,
    rho,
    gpaPercentile:
      gaussianRho(fit) !== null && rho !== null
        ? gaussianLoadAt(rho, machine.estimatedMean, machine.estimatedSd)
        : null,
  };
}

/** A task on the machine: its place in the packing, its name and its row of the data. */
export type MachineTask = {
  readonly position: number;
  readonly id: string;
  readonly row: number;
};

/**
 * The tasks on `machine`, in placement order; `rows` maps a packing position to its data row and
 * `ids` names the rows (a row without a name is its number).
 */
export function machineTasks(
  machine: Machine,
  rows: ArrayLike<number>,
  ids: readonly string[] | undefined,
): MachineTask[] {
  return Array.from(machine.tasks, (t) => ({
    position: t,
    id: ids?.[rows[t]] ?? String(rows[t]),
    row: rows[t],
  }));
}

/** A task's sample mean and (population) standard deviation over its samples; NaN without them. */
export function taskMoments(
  samples: SeriesSet | undefined,
  row: number,
): { mean: number; sd: number } {
  const s = samples ? seriesAt(samples, row) : undefined;
  const mean = s ? s.reduce((a, b) => a + b, 0) / s.length : NaN;
  const sd = s ? Math.sqrt(s.reduce((a, b) => a + (b - mean) ** 2, 0) / s.length) : NaN;
  return { mean, sd };
}

/**
 * The share of a machine's `totals` over capacity c, by the one comparison every q is counted
 * with (`engine/capacity.ts`): at the packing's own capacity it is the machine's q_j.
 */
export function overflowShare(totals: ArrayLike<number>, capacity: number): number {
  if (!totals.length) return 0;
  let over = 0;
  for (let i = 0; i < totals.length; i++) if (exceeds(totals[i], capacity)) over++;
  return over / totals.length;
}

/**
 * A capacity dragged on a machine's histogram, as a value to show: three significant digits (a
 * pixel of the axis is finer than that), null outside capacity's range (c > 0).
 */
export function draggedCapacity(value: number): number | null {
  const c = roundSignificant(value, 3);
  return inRange(CAPACITY, c) ? c : null;
}
