/**
 * The registry's entry of the overcommit-ratio rule with its ratio's range and default: its
 * description (label, parameters, sweep, tuning), which the first page reads; its code is
 * `../scheduler/overcommit.ts`.
 */
import { numberRange } from '../../ranges.ts';
import { linearGrid, type FitEntry } from '../entry.ts';
import { REQUEST_ASSUMPTION } from './usage.ts';

export const OVERCOMMIT_RATIO = numberRange('overcommit ratio', 'R', { min: 0, minOpen: true });

/** The projects' defaults: Volcano 1.2, Nova's initial ratio 4.0, Katalyst none (1: no overcommit). */
export const OVERCOMMIT_DEFAULTS = { volcano: 1.2, nova: 4, katalyst: 1 } as const;

export const OVERCOMMIT_FIT: FitEntry = {
  kind: 'oc',
  label: `overcommit ratio on requests (Volcano overcommit-factor, Nova cpu_allocation_ratio, Katalyst resourceOvercommitRatio; ${REQUEST_ASSUMPTION})`,
  group: 'scheduler',
  family: { name: 'overcommit R' },
  slackMeaning: `R·c − (Σ request + request) (${REQUEST_ASSUMPTION})`,
  sweep: [[1], [1.2]],
  readsPercentiles: true,
  parameters: [
    {
      key: 'ratio',
      range: OVERCOMMIT_RATIO,
      input: { label: 'overcommit ratio R', widget: 'number', min: 0.1, max: 16 },
      arbitrary: { min: 0.1, max: 16 },
    },
  ],
  example: { kind: 'oc', ratio: 1.2 },
  tuning: {
    label: 'overcommit ratio R',
    direction: -1,
    scale: 'linear',
    grid: linearGrid(4, 0.5, -0.1),
    nominalSlo: () => null,
    nominalSloMeaning: 'none: a ratio names no overflow probability',
  },
};
