import { describe, expect, it } from 'vitest';
import type { SloPoint } from '../../engine/index.ts';
import { sloSpec, usageSpec } from './plots.ts';

type Datum = Record<string, unknown>;
const dataOf = (spec: { marks?: unknown[] }, k: number) =>
  Array.from((spec.marks![k] as { data: Iterable<Datum> }).data);

describe('lesson plot specs', () => {
  it('splits a machine’s draws at the capacity: a total equal to c is within, above it is over', () => {
    const bars = dataOf(usageSpec([1, 1, 1.5, 0.5], 1), 0);
    const share = (kind: string) =>
      bars.filter((b) => b.kind === kind).reduce((a, b) => a + (b.share as number), 0);
    expect(share('within capacity')).toBeCloseTo(0.75, 12);
    expect(share('over capacity')).toBeCloseTo(0.25, 12);
    for (const b of bars.filter((d) => d.kind === 'over capacity'))
      expect(b.x1 as number).toBeGreaterThan(1);
  });

  it('draws q = 0 below 1/|E| as hollow, and rings only the current ρ', () => {
    const points: SloPoint[] = [
      { rho: 0.001, mAbs: 9, mNorm: 5, m: 1.8, q: 0, evaluated: 10_000 },
      { rho: 0.01, mAbs: 7, mNorm: 5, m: 1.4, q: 0.02, evaluated: 10_000 },
    ];
    const spec = sloSpec(points, 0.01);
    const dots = dataOf(spec, 3);
    expect(dots[0]).toMatchObject({ zero: true, qShown: 0.5 / 10_000 });
    expect(dots[1]).toMatchObject({ zero: false, qShown: 0.02 });
    expect(dataOf(spec, 4).map((d) => d.rho)).toEqual([0.01]);
  });
});
