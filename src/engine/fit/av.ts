/**
 * av(f) (GPA paper §5; SPEC §5): size f·μ, packing by (scaled) averages. f = 0 is allowed (the SPEC
 * sets no lower bound beyond a size ≥ 0): every estimate is 0 and every task fits the first machine.
 */
import { checkRange } from '../ranges.ts';
import type { FitCode } from './entry.ts';
import { deterministicSlack, sizesFrom, type FitTest } from './fitTest.ts';
import { AV_FACTOR } from './entries/av.ts';

function av(f: number): FitTest {
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

export const AV_CODE: FitCode = { kind: 'av', create: ([f]) => av(f) };
