/**
 * The registry's entry of GPA(ρ) and the ρ parameter, slack and tuning every ρ-test shares: its
 * description (label, parameters, sweep, tuning), which the first page reads; its code is
 * `../gpa.ts`.
 */
import { checkRange, numberRange } from '../../ranges.ts';
import { logGrid, type FitEntry, type FitParameter, type FitTuning } from '../entry.ts';

/** The SLO ρ of GPA and the tail-aware tests: an overflow probability strictly between 0 and 1. */
export const RHO = numberRange('ρ', 'ρ', { min: 0, minOpen: true, max: 1, maxOpen: true });

export function checkRho(rho: number): number {
  return checkRange(RHO, rho);
}

/** The ρ parameter as every ρ-test offers it (the panel's slider spans 10⁻⁴ to 0.5). */
export const RHO_PARAMETER: FitParameter = {
  key: 'rho',
  range: RHO,
  input: { label: 'SLO ρ', widget: 'log-slider', min: 1e-4, max: 0.5 },
  arbitrary: { min: 1e-6, max: 0.5 },
};

/** The slack of the tests that estimate a machine's overflow probability. */
export const RHO_SLACK = 'ρ − the estimated overflow probability';

/**
 * A ρ-family for the tuner: smaller ρ is more conservative; the nominal SLO is ρ itself. `rank`:
 * its place among the tuner's default families.
 */
export function rhoTuning(label: string, grid: readonly number[], defaultRank?: number): FitTuning {
  return {
    label,
    direction: -1,
    scale: 'log',
    grid,
    nominalSlo: (rho) => rho,
    nominalSloMeaning: 'ρ itself: on it, the test delivers what it asks',
    defaultRank,
  };
}

/** The Trade-off view's points of a tail-aware ρ-test: the paper's two tightest SLOs. */
export const TAIL_SWEEP: readonly (readonly number[])[] = [[0.01], [0.001]];

export const GPA_FIT: FitEntry = {
  kind: 'gpa',
  label: 'GPA (Gaussian, ρ)',
  group: 'paper',
  family: { name: 'GPA ρ' },
  slackMeaning: 'ρ − P(overflow) under the Gaussian',
  sweep: [[0.1], [0.05], [0.01], [0.001]],
  parameters: [RHO_PARAMETER],
  example: { kind: 'gpa', rho: 0.01 },
  tuning: { ...rhoTuning('GPA ρ', logGrid(0.2, 1e-8, 16), 0), alignedRank: 0 },
  capabilities: { gaussian: true },
};
