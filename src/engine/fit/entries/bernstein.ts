/**
 * The registry's entry of Bernstein's bound at ρ: its description (label, parameters, sweep,
 * tuning), which the first page reads; its code is `../bernstein.ts`.
 */
import { RHO_PARAMETER, RHO_SLACK, rhoTuning, TAIL_SWEEP } from './gpa.ts';
import { logGrid, type FitEntry } from '../entry.ts';

export const BERN_FIT: FitEntry = {
  kind: 'bern',
  label: 'Bernstein bound (ρ)',
  group: 'tail-aware',
  family: { name: 'Bernstein ρ' },
  slackMeaning: RHO_SLACK,
  sweep: TAIL_SWEEP,
  parameters: [RHO_PARAMETER],
  example: { kind: 'bern', rho: 0.01 },
  tuning: rhoTuning('Bernstein ρ', logGrid(0.95, 1e-6, 14), 7),
};
