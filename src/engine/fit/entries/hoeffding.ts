/**
 * The registry's entry of Hoeffding's bound at ρ: its description (label, parameters, sweep,
 * tuning), which the first page reads; its code is `../hoeffding.ts`.
 */
import { RHO_PARAMETER, RHO_SLACK, rhoTuning, TAIL_SWEEP } from './gpa.ts';
import { logGrid, type FitEntry } from '../entry.ts';

export const HOEFF_FIT: FitEntry = {
  kind: 'hoeff',
  label: 'Hoeffding bound (ρ)',
  group: 'tail-aware',
  family: { name: 'Hoeffding ρ' },
  slackMeaning: RHO_SLACK,
  sweep: TAIL_SWEEP,
  parameters: [RHO_PARAMETER],
  example: { kind: 'hoeff', rho: 0.01 },
  tuning: rhoTuning('Hoeffding ρ', logGrid(0.95, 1e-6, 14)),
};
