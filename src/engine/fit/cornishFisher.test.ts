import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runPacking } from '../experiment.ts';
import { normalSurvival } from '../stats/normal.ts';
import { TaskStats } from '../stats/taskStats.ts';
import { matrixOfRows } from '../testing.ts';
import { WorkloadStats, identityRows } from '../workload.ts';
import { cornishFisherOverflow } from './cornishFisher.ts';
import { gaussianOverflow } from './gpa.ts';

describe('cf: GPA with a Cornish–Fisher skewness correction', () => {
  it('matches a hand-computed case: μ = 0.5, σ = 0.1, κ₃ = 6·10⁻⁴ (γ = 0.6), c = 0.8', () => {
    // x = (c − μ)/σ = 3, a = γ/6 = 0.1: z + 0.1(z² − 1) = 3 → z = (−1 + √2.24)/0.2.
    const z = (-1 + Math.sqrt(2.24)) / 0.2;
    expect(z).toBeCloseTo(2.4833147735, 9);
    const P = cornishFisherOverflow(0.5, 0.01, 0.0006, 0.8);
    expect(P).toBeCloseTo(normalSurvival(z), 15);
    expect(P).toBeCloseTo(0.0065083004709843, 12); // scipy.stats.norm.sf(z)
    // Positive skew fattens the upper tail beyond the Gaussian's 1 − Φ(3) = 0.00135.
    expect(P).toBeGreaterThan(gaussianOverflow(0.5, 0.01, 0.8));
    expect(cornishFisherOverflow(0.5, 0.01, -0.0006, 0.8)).toBeLessThan(
      gaussianOverflow(0.5, 0.01, 0.8),
    );
  });

  it('puts the corrected (1 − P)-quantile exactly at c', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 1e-4, max: 0.05, noNaN: true }),
        fc.double({ min: -0.5, max: 0.5, noNaN: true }),
        fc.double({ min: 0.5, max: 2, noNaN: true }),
        (mean, variance, gamma, capacity) => {
          const sd = Math.sqrt(variance);
          const P = cornishFisherOverflow(mean, variance, gamma * sd ** 3, capacity);
          // Beyond 1e-9 the survival function (½·erfc) is flat to its last bit over more than the
          // 6 decimals checked, so bisection on it could not recover z there.
          fc.pre(P > 1e-9 && P < 1 - 1e-9);
          // Recover z from P by bisection on the survival function, then rebuild the quantile.
          let lo = -40;
          let hi = 40;
          for (let k = 0; k < 200; k++) {
            const mid = (lo + hi) / 2;
            if (normalSurvival(mid) > P) lo = mid;
            else hi = mid;
          }
          const z = (lo + hi) / 2;
          const q = mean + sd * (z + ((z * z - 1) * gamma) / 6);
          expect(q).toBeCloseTo(capacity, 6);
        },
      ),
    );
  });

  it('vanishes for symmetric tasks: κ₃ = 0 exactly, and the packing is GPA’s, bit for bit', () => {
    const dyadic = fc.integer({ min: 0, max: 32 }).map((k) => k / 64);
    const task = fc
      .tuple(dyadic, dyadic)
      .map(([m, d]) => [m + Math.min(m, d), m - Math.min(m, d)] as const);
    fc.assert(
      fc.property(
        fc.array(task, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 20 }).map((h) => 2 * h),
        fc.constantFrom(0.5, 0.1, 0.01, 0.001),
        fc.constantFrom('ff' as const, 'bf' as const),
        fc.integer({ min: 0, max: 5 }),
        (tasks, R, rho, packer, rebalance) => {
          const rows = tasks.map(([hi, lo]) =>
            Array.from({ length: R }, (_, t) => (t % 2 ? hi : lo)),
          );
          const m = matrixOfRows(rows);
          const ts = new TaskStats(m, 0, R);
          const { third } = ts.ensureShape(identityRows(rows.length));
          expect(Array.from(third).every((v) => v === 0)).toBe(true);
          const stats = new WorkloadStats({ inst: m, avg: null });
          const base = { packer, capacity: 1, clairvoyance: 1, source: 'inst', rebalance } as const;
          const order = identityRows(rows.length);
          const cf = runPacking(stats, order, { ...base, fit: { kind: 'cf', rho } });
          const gpa = runPacking(stats, order, { ...base, fit: { kind: 'gpa', rho } });
          expect(cf.machines.map((x) => Array.from(x.tasks))).toEqual(
            gpa.machines.map((x) => Array.from(x.tasks)),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('computes the third central moment as the population mean of (x − μ)³', () => {
    const m = matrixOfRows([[0, 0, 0, 1]]);
    const { third, min, max } = new TaskStats(m, 0, 4).ensureShape([0]);
    // μ = 1/4: (3·(−1/4)³ + (3/4)³)/4 = (−3/64 + 27/64)/4 = 3/32.
    expect(third[0]).toBe(3 / 32);
    expect([min[0], max[0]]).toEqual([0, 1]);
  });
});
