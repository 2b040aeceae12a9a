import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runPacking } from '../experiment.ts';
import { exactOverflow } from '../metrics/exactOverflow.ts';
import { matrixOfRows } from '../testing.ts';
import { WorkloadStats, identityRows } from '../workload.ts';
import { bernsteinMargin } from './bernstein.ts';

describe('bern and hoeff: bound-based tests', () => {
  it("puts Bernstein's bound at exactly ρ at the margin u", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-6, max: 0.9, noNaN: true }),
        fc.double({ min: 0, max: 0.1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (rho, variance, M) => {
          fc.pre(variance > 1e-9 || M > 1e-6);
          const L = -Math.log(rho);
          const u = bernsteinMargin(L, variance, M);
          const bound = Math.exp(-(u * u) / (2 * (variance + (M * u) / 3)));
          expect(bound).toBeCloseTo(rho, 9);
        },
      ),
    );
  });

  it('never packs a machine whose exact overflow probability exceeds ρ, on bounded data', () => {
    // κ = 1: the estimates are the empirical distribution's own mean, variance and range, so the
    // inequalities hold for it; the convolution on the 1/32-lattice measures it exactly.
    const lattice = fc.integer({ min: 0, max: 16 }).map((k) => k / 32);
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 16 }).chain((R) =>
          fc.array(fc.array(lattice, { minLength: R, maxLength: R }), {
            minLength: 1,
            maxLength: 40,
          }),
        ),
        fc.constantFrom('bern' as const, 'hoeff' as const),
        fc.double({ min: 0.001, max: 0.9, noNaN: true }),
        fc.integer({ min: 32, max: 96 }).map((k) => k / 32),
        fc.constantFrom('ff' as const, 'bf' as const),
        fc.integer({ min: 0, max: 5 }),
        (rows, kind, rho, capacity, packer, rebalance) => {
          const stats = new WorkloadStats({ inst: matrixOfRows(rows), avg: null });
          const order = identityRows(rows.length);
          const r = runPacking(stats, order, {
            packer,
            fit: { kind, rho },
            capacity,
            clairvoyance: 1,
            source: 'inst',
            rebalance,
          });
          const ex = exactOverflow(
            stats,
            order,
            r.machines.map((m) => m.tasks),
            { capacity, clairvoyance: 1, bin: 1 / 32 },
          );
          r.machines.forEach((m, j) => {
            if (m.tasks.length === 1 && r.oversized.includes(m.tasks[0])) return;
            expect(ex.machines[j]).toBeLessThanOrEqual(rho);
          });
        },
      ),
      { numRuns: 400 },
    );
  });

  it('is the conservative end: more machines than GPA at the same ρ on skewed tasks', () => {
    const rows = Array.from({ length: 60 }, (_, i) =>
      Array.from({ length: 50 }, (_, t) => (t % 10 === i % 10 ? 0.3 : 0.02)),
    );
    const stats = new WorkloadStats({ inst: matrixOfRows(rows), avg: null });
    const order = identityRows(rows.length);
    const m = (fit: Parameters<typeof runPacking>[2]['fit']) =>
      runPacking(stats, order, {
        packer: 'bf',
        fit,
        capacity: 1,
        clairvoyance: 1,
        source: 'inst',
        rebalance: 0,
      }).mAbs;
    const gpa = m({ kind: 'gpa', rho: 0.01 });
    expect(m({ kind: 'bern', rho: 0.01 })).toBeGreaterThan(gpa);
    expect(m({ kind: 'hoeff', rho: 0.01 })).toBeGreaterThan(gpa);
  });
});
