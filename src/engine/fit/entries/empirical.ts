/**
 * The registry's entry of the empirical-sum test at ρ and the allowed count its decisions read ρ
 * through: its description (label, parameters, sweep, tuning), which the first page reads; its
 * code is `../empirical.ts`.
 */
import { RHO_PARAMETER, RHO_SLACK, rhoTuning, TAIL_SWEEP } from './gpa.ts';
import { logGrid, type FitEntry } from '../entry.ts';

/**
 * Candidate levels: level ℓ holds the columns where S + θ_ℓ > c, θ_ℓ = (largest value)·0.7^ℓ, and a
 * last level θ = 0 the columns already over c (S > c).
 */
export const LEVELS = 12;
export const LEVEL_RATIO = 0.7;

/**
 * The most columns k out of `width` with fl(k/width) ≤ ρ: a task fits iff it overflows at most this
 * many, so a count may stop one past it (the slack is then negative, its exact value unneeded).
 */
export function allowedColumns(rho: number, width: number): number {
  let k = Math.floor(rho * width);
  while (k > 0 && k / width > rho) k--;
  while ((k + 1) / width <= rho) k++;
  return k;
}

export const EMP_FIT: FitEntry = {
  kind: 'emp',
  label: 'empirical sum (Monte Carlo, ρ)',
  group: 'tail-aware',
  family: { name: 'empirical ρ' },
  slackMeaning: RHO_SLACK,
  sweep: TAIL_SWEEP,
  parameters: [RHO_PARAMETER],
  example: { kind: 'emp', rho: 0.01 },
  tuning: {
    ...rhoTuning('empirical sum ρ', logGrid(0.2, 1e-5, 12), 5),
    alignedRank: 2,
    // Decisions read ρ only through the allowed count: the fits are those within it, ordered by
    // their counts (slacks 1/|O| apart), so ρ's with one allowed count pack alike.
    decisionKey: (rho, columns) => allowedColumns(rho, columns),
  },
};
