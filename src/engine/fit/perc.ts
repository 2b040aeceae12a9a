/** perc(p) and max (GPA paper §5; SPEC §5): size = the task's p-th observed percentile (max: P₁₀₀). */
import { checkRange } from '../ranges.ts';
import type { FitCode } from './entry.ts';
import { deterministicSlack, sizesFrom, type FitTest } from './fitTest.ts';
import { PERCENTILE } from './entries/perc.ts';

function perc(p: number): FitTest {
  checkRange(PERCENTILE, p);
  return percentileTest(p, { kind: 'perc', p });
}

function max(): FitTest {
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

export const PERC_CODE: FitCode = { kind: 'perc', create: ([p]) => perc(p) };

export const MAX_CODE: FitCode = { kind: 'max', create: () => max() };
