/** av(f) (GPA paper §5; SPEC §5): size f·μ, packing by (scaled) averages. */
import { deterministicSlack, sizesFrom, type FitTest } from './fitTest.ts';

export function av(f: number): FitTest {
  if (!(f > 0 && Number.isFinite(f))) throw new RangeError(`invalid av factor: ${f} (need f > 0)`);
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
