/**
 * Cantelli(b) (GPA paper §5; SPEC §5): size μ + b·σ. By Cantelli's inequality a single task exceeds
 * μ + bσ with probability at most 1/(1 + b²).
 */
import { deterministicSlack, sizesFrom, type FitTest } from './fitTest.ts';

export function cantelli(b: number): FitTest {
  if (!(b >= 0 && Number.isFinite(b)))
    throw new RangeError(`invalid Cantelli b: ${b} (need b ≥ 0)`);
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
