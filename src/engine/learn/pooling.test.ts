import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { multiSizes } from '../cluster/fit.ts';
import { packMulti } from '../cluster/pack.ts';
import type { TaskStats } from '../stats/taskStats.ts';
import { identityRows } from '../workload.ts';
import {
  additiveReservation,
  pooledReservation,
  poolingCounts,
  poolingOverflow,
} from './pooling.ts';

/** Tasks per machine by the cluster packer (First Fit, one type of capacity C), for comparison. */
function packerCount(kind: 'gpa' | 'additive', mu: number, sigma: number, eps: number, c: number) {
  const n = 200;
  const stats = {
    mean: new Float64Array(n).fill(mu),
    variance: new Float64Array(n).fill(sigma * sigma),
    ensureMoments() {},
  } as unknown as TaskStats;
  const sizes = multiSizes({ kind, eps, split: 'union' }, [stats], identityRows(n));
  const type = { name: 'C', capacity: [c], count: null, idleWatts: 1, peakWatts: 2 };
  return packMulti(sizes, { packer: 'ff', types: [type], open: 'order' }).machines[0].length;
}

describe('pooling lesson', () => {
  it('the worked check: Z = 2.326, μ = 0.05, σ = 0.02 → 10 additive vs 16 pooled at C = 1', () => {
    const c = poolingCounts(0.05, 0.02, 0.01, 1);
    expect(c.z).toBeCloseTo(2.3263, 4);
    expect(c.additive).toBe(10);
    expect(c.pooled).toBe(16);
    expect(poolingCounts(0.05, 0.02, 0.01, 0.25)).toMatchObject({ additive: 2, pooled: 3 });
  });

  it('agrees with the cluster packer on random tasks and machines', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 0.3, noNaN: true }),
        fc.double({ min: 0, max: 0.1, noNaN: true }),
        fc.constantFrom(0.001, 0.01, 0.05, 0.2),
        fc.double({ min: 0.3, max: 2, noNaN: true }),
        (mu, sigma, eps, cap) => {
          const c = poolingCounts(mu, sigma, eps, cap);
          // A task larger than the machine is placed alone anyway (oversized) by the packer.
          fc.pre(c.additive >= 1);
          // Away from exact ties (a reservation equal to C up to rounding), where tolerances differ.
          const near = (r: number) => Math.abs(r - cap) < 1e-9;
          fc.pre(
            ![c.additive, c.additive + 1].some((n) => near(additiveReservation(n, mu, sigma, c.z))),
          );
          fc.pre(![c.pooled, c.pooled + 1].some((n) => near(pooledReservation(n, mu, sigma, c.z))));
          expect(c.additive).toBe(packerCount('additive', mu, sigma, eps, cap));
          expect(c.pooled).toBe(packerCount('gpa', mu, sigma, eps, cap));
          expect(c.pooled).toBeGreaterThanOrEqual(c.additive);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('the pooled count keeps the measured overflow near ε; the additive one far below', () => {
    const q16 = poolingOverflow(16, 0.05, 0.02, 1, 20_000, 1);
    const q10 = poolingOverflow(10, 0.05, 0.02, 1, 20_000, 1);
    expect(q16).toBeLessThanOrEqual(0.015);
    expect(q10).toBe(0);
    expect(poolingOverflow(16, 0.05, 0.02, 1, 2000, 3)).toBe(
      poolingOverflow(16, 0.05, 0.02, 1, 2000, 3),
    );
  });
});
