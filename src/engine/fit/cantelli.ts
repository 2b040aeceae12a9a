/**
 * Cantelli(b) (GPA paper §5; SPEC §5): size μ + b·σ. By Cantelli's inequality a single task exceeds
 * μ + bσ with probability at most 1/(1 + b²).
 */
import { checkRange } from '../ranges.ts';
import type { FitCode } from './entry.ts';
import { deterministicSlack, sizesFrom, type FitTest } from './fitTest.ts';
import { CANTELLI_B } from './entries/cantelli.ts';

function cantelli(b: number): FitTest {
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

export const CANTELLI_CODE: FitCode = { kind: 'cantelli', create: ([b]) => cantelli(b) };
