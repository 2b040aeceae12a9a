import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capacityLimit } from './capacity.ts';
import { fitTest, gaussianOverflow, type FitSpec } from './fit/index.ts';
import { runPacking, type PackParams } from './experiment.ts';
import { PACKERS } from './pack/pack.ts';
import { realize } from './data/realize/realize.ts';
import { matrixOfRows } from './testing.ts';
import { identityRows, sampleInstance, WorkloadStats } from './workload.ts';

const fitArb: fc.Arbitrary<FitSpec> = fc.oneof(
  fc.double({ min: 1e-4, max: 0.5, noNaN: true }).map((rho) => ({ kind: 'gpa', rho }) as const),
  fc
    .double({ min: 0, max: 5, noNaN: true })
    .map((b) => ({ kind: 'cantelli', b: b < 1e-300 ? 0 : b }) as const),
  fc.double({ min: 0.5, max: 3, noNaN: true }).map((f) => ({ kind: 'av', f }) as const),
  fc.integer({ min: 0, max: 100 }).map((p) => ({ kind: 'perc', p }) as const),
  fc.constant({ kind: 'max' } as const),
);

const caseArb = fc.record({
  rows: fc.integer({ min: 1, max: 25 }).chain((n) =>
    fc.integer({ min: 2, max: 40 }).chain((r) =>
      fc.array(
        fc.array(fc.double({ min: 0, max: 0.7, noNaN: true }), { minLength: r, maxLength: r }),
        {
          minLength: n,
          maxLength: n,
        },
      ),
    ),
  ),
  params: fc.record({
    packer: fc.constantFrom(...PACKERS),
    fit: fitArb,
    capacity: fc.double({ min: 0.3, max: 2, noNaN: true }),
    clairvoyance: fc.oneof(fc.constant(1), fc.double({ min: 0.05, max: 0.95, noNaN: true })),
    source: fc.constant('inst' as const),
    rebalance: fc.integer({ min: 0, max: 6 }),
  }),
});

function packCase(rows: number[][], params: PackParams) {
  const stats = new WorkloadStats({ inst: matrixOfRows(rows), avg: null });
  const order = identityRows(rows.length);
  return { stats, result: runPacking(stats, order, params) };
}

describe('packing properties', () => {
  it('places every task exactly once', () => {
    fc.assert(
      fc.property(caseArb, ({ rows, params }) => {
        const { result } = packCase(rows, params);
        const placed = result.machines.flatMap((m) => Array.from(m.tasks)).sort((a, b) => a - b);
        expect(placed).toEqual(rows.map((_, i) => i));
        expect(result.machines.every((m) => m.tasks.length > 0)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('never loads a machine beyond c under a deterministic test, but for a lone oversized task', () => {
    fc.assert(
      fc.property(caseArb, ({ rows, params }) => {
        fc.pre(params.fit.kind !== 'gpa');
        const { stats, result } = packCase(rows, params);
        const split = stats.split(params.clairvoyance);
        const sizes = fitTest(params.fit).sizes(
          stats.taskStats('inst', split),
          identityRows(rows.length),
        );
        for (const m of result.machines) {
          const total = Array.from(m.tasks).reduce((s, t) => s + sizes.size[t], 0);
          if (m.tasks.length === 1 && result.oversized.includes(m.tasks[0])) continue;
          expect(total).toBeLessThanOrEqual(capacityLimit(params.capacity));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('every GPA machine passes its own test, but for a lone oversized task', () => {
    fc.assert(
      fc.property(caseArb, ({ rows, params }) => {
        fc.pre(params.fit.kind === 'gpa');
        const rho = (params.fit as { rho: number }).rho;
        const { stats, result } = packCase(rows, params);
        const ts = stats.taskStats('inst', stats.split(params.clairvoyance));
        for (const m of result.machines) {
          if (m.tasks.length === 1 && result.oversized.includes(m.tasks[0])) continue;
          let mu = 0;
          let v = 0;
          for (const t of m.tasks) {
            mu += ts.mean[t];
            v += ts.variance[t];
          }
          expect(gaussianOverflow(mu, v, params.capacity)).toBeLessThanOrEqual(rho + 1e-12);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same numbers for the same seed, and other numbers for another seed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc.integer({ min: 1, max: 200 }),
        (seed, R) => {
          const samples = {
            ids: ['a', 'b', 'c'],
            inst: [0, 1, 2].map((i) =>
              Float64Array.from({ length: 50 }, (_, k) => ((k * 7 + i * 13) % 50) / 60),
            ),
          };
          const a = realize(samples, R, seed, false);
          const b = realize(samples, R, seed, false);
          expect(Array.from(a.inst.data)).toEqual(Array.from(b.inst.data));
          expect(Array.from(sampleInstance(100, 30, seed, 3))).toEqual(
            Array.from(sampleInstance(100, 30, seed, 3)),
          );
          if (R >= 20) {
            const c = realize(samples, R, seed + 1, false);
            expect(Array.from(c.inst.data)).not.toEqual(Array.from(a.inst.data));
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
