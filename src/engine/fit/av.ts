/**
 * av(f) (GPA paper §5; SPEC §5): size f·μ, packing by (scaled) averages. f = 0 is allowed (the SPEC
 * sets no lower bound beyond a size ≥ 0): every estimate is 0 and every task fits the first machine.
 */
import { checkRange, numberRange } from '../ranges.ts';
import { linearGrid, type FitEntry } from './entry.ts';
import { DETERMINISTIC_SLACK, deterministicSlack, sizesFrom, type FitTest } from './fitTest.ts';

export const AV_FACTOR = numberRange('av factor', 'f', { min: 0 });

export function av(f: number): FitTest {
  checkRange(AV_FACTOR, f);
  return {
    spec: { kind: 'av', f },
    usesVariance: false,
    sizes(stats, rows) {
      stats.ensureMoments(rows);
      return sizesFrom(rows, (i) => f * stats.mean[i]);
    },
    slack: (load, _v, size, _tv, capacity) => deterministicSlack(load, size, capacity),
  };
}

declare module './fitTest.ts' {
  interface FitSpecs {
    av: { readonly kind: 'av'; readonly f: number };
  }
}

export const AV_FIT: FitEntry = {
  kind: 'av',
  label: 'average (f·μ)',
  group: 'paper',
  family: { name: 'av f' },
  slackMeaning: DETERMINISTIC_SLACK,
  sweep: [[1.0], [1.25], [2.0]],
  parameters: [
    {
      key: 'f',
      range: AV_FACTOR,
      input: { label: 'f (mean multiplier)', widget: 'number', min: 0, max: 20 },
      arbitrary: { min: 0.01, max: 5 },
    },
  ],
  example: { kind: 'av', f: 1.25 },
  create: ([f]) => av(f),
  tuning: {
    label: 'av f',
    direction: 1,
    scale: 'linear',
    grid: linearGrid(0.75, 3, 0.125),
    nominalSlo: () => null,
    nominalSloMeaning: 'av requests none',
    defaultRank: 1,
  },
};
