/**
 * The registry's entry of GPA with the Cornish–Fisher correction at ρ: its description (label,
 * parameters, sweep, tuning), which the first page reads; its code is `../cornishFisher.ts`.
 */
import { RHO_PARAMETER, RHO_SLACK, rhoTuning, TAIL_SWEEP } from './gpa.ts';
import { logGrid, type FitEntry } from '../entry.ts';

export const CF_FIT: FitEntry = {
  kind: 'cf',
  label: 'GPA + skewness (Cornish–Fisher, ρ)',
  group: 'tail-aware',
  family: { name: 'GPA + skew ρ' },
  slackMeaning: RHO_SLACK,
  sweep: TAIL_SWEEP,
  parameters: [RHO_PARAMETER],
  example: { kind: 'cf', rho: 0.01 },
  tuning: rhoTuning('GPA + Cornish–Fisher ρ', logGrid(0.2, 1e-8, 16), 4),
};
