/** perc(p) and max (GPA paper §5; SPEC §5): size = the task's p-th observed percentile (max: P₁₀₀). */
import { checkRange, numberRange } from '../ranges.ts';
import { linearGrid, type FitEntry } from './entry.ts';
import { DETERMINISTIC_SLACK, deterministicSlack, sizesFrom, type FitTest } from './fitTest.ts';

export const PERCENTILE = numberRange('percentile', 'p', { min: 0, max: 100 });

export function perc(p: number): FitTest {
  checkRange(PERCENTILE, p);
  return percentileTest(p, { kind: 'perc', p });
}

export function max(): FitTest {
  return percentileTest(100, { kind: 'max' });
}

function percentileTest(p: number, spec: FitTest['spec']): FitTest {
  return {
    spec,
    usesVariance: false,
    sizes: (stats, rows) => sizesFrom(rows, (i) => stats.percentile(i, p)),
    slack: (load, _v, size, _tv, capacity) => deterministicSlack(load, size, capacity),
  };
}

declare module './fitTest.ts' {
  interface FitSpecs {
    perc: { readonly kind: 'perc'; readonly p: number };
    max: { readonly kind: 'max' };
  }
}

export const PERC_FIT: FitEntry = {
  kind: 'perc',
  label: 'percentile (P_p)',
  group: 'paper',
  family: { name: 'perc p' },
  slackMeaning: DETERMINISTIC_SLACK,
  sweep: [[50], [70], [90], [95], [99]],
  readsPercentiles: true,
  parameters: [
    {
      key: 'p',
      range: PERCENTILE,
      input: { label: 'p (percentile)', widget: 'number', min: 0, max: 100 },
      arbitrary: { min: 0, max: 100 },
    },
  ],
  example: { kind: 'perc', p: 95 },
  create: ([p]) => perc(p),
  // A single task exceeds its p-th percentile with frequency 1 − p/100.
  tuning: {
    label: 'perc p',
    direction: 1,
    scale: 'linear',
    grid: linearGrid(40, 100, 2.5),
    nominalSlo: (p) => 1 - p / 100,
    nominalSloMeaning: 'one task’s 1 − p/100',
    defaultRank: 2,
  },
};

export const MAX_FIT: FitEntry = {
  kind: 'max',
  label: 'maximum (P₁₀₀)',
  group: 'paper',
  family: { name: 'perc p', at: 100 },
  slackMeaning: DETERMINISTIC_SLACK,
  sweep: [[]],
  readsPercentiles: true,
  parameters: [],
  example: { kind: 'max' },
  create: () => max(),
};
