/**
 * The registry's entry of GPA with covariances (GPA-cov) at ρ: its description (label, parameters,
 * sweep, tuning), which the first page reads; its code is `../covariance.ts`.
 */
import { RHO_PARAMETER, RHO_SLACK, rhoTuning, TAIL_SWEEP } from './gpa.ts';
import { logGrid, type FitEntry } from '../entry.ts';

export const COV_FIT: FitEntry = {
  kind: 'cov',
  label: 'GPA with covariance (aligned, ρ)',
  group: 'correlation-aware',
  family: { name: 'GPA-cov ρ' },
  slackMeaning: RHO_SLACK,
  sweep: TAIL_SWEEP,
  parameters: [RHO_PARAMETER],
  example: { kind: 'cov', rho: 0.01 },
  tuning: { ...rhoTuning('GPA-cov ρ', logGrid(0.2, 1e-8, 16)), alignedRank: 3 },
};
