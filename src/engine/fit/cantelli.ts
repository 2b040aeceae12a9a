/**
 * Cantelli(b) (GPA paper §5; SPEC §5): size μ + b·σ. By Cantelli's inequality a single task exceeds
 * μ + bσ with probability at most 1/(1 + b²).
 */
import { checkRange, numberRange } from '../ranges.ts';
import { linearGrid, type FitEntry } from './entry.ts';
import { DETERMINISTIC_SLACK, deterministicSlack, sizesFrom, type FitTest } from './fitTest.ts';

export const CANTELLI_B = numberRange('Cantelli b', 'b', { min: 0 });

export function cantelli(b: number): FitTest {
  checkRange(CANTELLI_B, b);
  return {
    spec: { kind: 'cantelli', b },
    usesVariance: false,
    sizes(stats, rows) {
      stats.ensureMoments(rows);
      return sizesFrom(rows, (i) => stats.mean[i] + b * Math.sqrt(stats.variance[i]));
    },
    slack: (load, _v, size, _tv, capacity) => deterministicSlack(load, size, capacity),
  };
}

declare module './fitTest.ts' {
  interface FitSpecs {
    cantelli: { readonly kind: 'cantelli'; readonly b: number };
  }
}

export const CANTELLI_FIT: FitEntry = {
  kind: 'cantelli',
  label: 'Cantelli (μ + b·σ)',
  group: 'paper',
  family: { name: 'Cantelli b' },
  slackMeaning: DETERMINISTIC_SLACK,
  sweep: [[1.0], [1.7], [4.4]],
  parameters: [
    {
      key: 'b',
      range: CANTELLI_B,
      input: { label: 'b (σ multiplier)', widget: 'number', min: 0, max: 20 },
      arbitrary: { min: 0, max: 10 },
    },
  ],
  example: { kind: 'cantelli', b: 1.7 },
  create: ([b]) => cantelli(b),
  // Cantelli's one-task bound 1/(1 + b²) (GPA paper §5).
  tuning: {
    label: 'Cantelli b',
    direction: 1,
    scale: 'linear',
    grid: linearGrid(0, 8, 0.5),
    nominalSlo: (b) => 1 / (1 + b * b),
    nominalSloMeaning: 'Cantelli’s one-task bound 1/(1 + b²)',
    defaultRank: 3,
  },
};
