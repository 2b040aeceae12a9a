/**
 * The registry's entry of the empirical test on aligned totals with a safety margin: its
 * description (label, parameters, sweep, tuning), which the first page reads; its code is
 * `../empiricalMargin.ts`.
 */
import { numberRange } from '../../ranges.ts';
import { linearGrid, type FitEntry } from '../entry.ts';
import { RHO_PARAMETER, RHO_SLACK } from './gpa.ts';

export const SAFETY_MARGIN = numberRange('safety margin', 'm', { min: 0, max: 10 });

/** The ρ the tuner holds while it learns the margin: the per-machine target. */
const MARGIN_RHO = 0.01;

export const EMP_MARGIN_FIT: FitEntry = {
  kind: 'empm',
  label: 'empirical sum with a safety margin, (1 + m)·total over c in ρ of instants (aligned)',
  group: 'correlation-aware',
  family: { name: 'empirical margin m' },
  slackMeaning: `${RHO_SLACK}, the total counted at (1 + m) times its value`,
  sweep: [[0], [0.1], [0.2]],
  parameters: [
    {
      key: 'margin',
      range: SAFETY_MARGIN,
      arbitrary: { min: 0, max: 2 },
      input: { label: 'safety margin m', widget: 'number', min: 0, max: 10 },
    },
    { ...RHO_PARAMETER, default: MARGIN_RHO },
  ],
  example: { kind: 'empm', margin: 0.1, rho: MARGIN_RHO },
  tuning: {
    label: 'empirical margin m',
    direction: 1,
    scale: 'linear',
    grid: linearGrid(0, 0.6, 0.025),
    nominalSlo: () => MARGIN_RHO,
    nominalSloMeaning: 'the held ρ, 0.01, on the learned instants',
    alignedRank: 7,
  },
};
