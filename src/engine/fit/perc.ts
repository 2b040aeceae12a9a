/** perc(p) and max (GPA paper §5; SPEC §5): size = the task's p-th observed percentile (max: P₁₀₀). */
import { deterministicSlack, sizesFrom, type FitTest } from './fitTest.ts';

export function perc(p: number): FitTest {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`invalid percentile: ${p} (need 0 ≤ p ≤ 100)`);
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
