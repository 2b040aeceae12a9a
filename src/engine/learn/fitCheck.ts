/**
 * GPA's fit test seen on one machine (GPA paper §4; SPEC §5): the Gaussians N(Σμ, Σσ²) of the
 * machine without and with a candidate task, the overflow probability each gives at the capacity,
 * and the slack ρ − P that decides "fits".
 */
import { gaussianOverflow, gpa } from '../fit/gpa.ts';
import type { TaskStats } from '../stats/taskStats.ts';

export interface Gaussian {
  readonly mean: number;
  readonly variance: number;
  /** P(total > c) under the Gaussian. */
  readonly overflow: number;
}

export interface FitCheck {
  readonly without: Gaussian;
  readonly with: Gaussian;
  /** ρ − P(with): the task fits iff ≥ 0. */
  readonly slack: number;
  readonly fits: boolean;
}

/** Running sums Σμ, Σσ² over `rows` in order, as the packer keeps them (SPEC §6). */
function sums(stats: TaskStats, rows: ArrayLike<number>): { load: number; variance: number } {
  stats.ensureMoments(rows);
  let load = 0;
  let variance = 0;
  for (let k = 0; k < rows.length; k++) {
    load += stats.mean[rows[k]];
    variance += stats.variance[rows[k]];
  }
  return { load, variance };
}

/** GPA(ρ) for `candidate` on a machine holding `machine` (pool rows of `stats`). */
export function gpaFitCheck(
  stats: TaskStats,
  machine: ArrayLike<number>,
  candidate: number,
  capacity: number,
  rho: number,
): FitCheck {
  const fit = gpa(rho);
  const { load, variance } = sums(stats, machine);
  stats.ensureMoments([candidate]);
  const mu = stats.mean[candidate];
  const v = stats.variance[candidate];
  const slack = fit.slack(load, variance, mu, v, capacity);
  return {
    without: { mean: load, variance, overflow: gaussianOverflow(load, variance, capacity) },
    with: {
      mean: load + mu,
      variance: variance + v,
      overflow: gaussianOverflow(load + mu, variance + v, capacity),
    },
    slack,
    fits: slack >= 0,
  };
}

/** How many of `rows`, taken in order, go on one machine before the first that GPA(ρ) rejects. */
export function fillOneMachine(
  stats: TaskStats,
  rows: ArrayLike<number>,
  capacity: number,
  rho: number,
): number {
  const fit = gpa(rho);
  stats.ensureMoments(rows);
  let load = 0;
  let variance = 0;
  for (let k = 0; k < rows.length; k++) {
    const mu = stats.mean[rows[k]];
    const v = stats.variance[rows[k]];
    if (k > 0 && fit.slack(load, variance, mu, v, capacity) < 0) return k;
    load += mu;
    variance += v;
  }
  return rows.length;
}
