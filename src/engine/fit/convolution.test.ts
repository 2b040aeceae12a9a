import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runPacking } from '../experiment.ts';
import { exactOverflow, machineOverflow } from '../metrics/exactOverflow.ts';
import { TaskStats } from '../stats/taskStats.ts';
import { matrixOfRows } from '../testing.ts';
import { WorkloadStats, identityRows } from '../workload.ts';
import { MachineDistribution, capacityBins } from './convolution.ts';

const uniform4 = [0, 0.25, 0.5, 0.75];

describe('conv: exact convolution of per-task histograms', () => {
  it('convolves two uniform tasks into the triangle', () => {
    const m = matrixOfRows([uniform4, uniform4]);
    const ts = new TaskStats(m, 0, 4);
    const dist = new MachineDistribution(10);
    dist.add(ts.histogram(0, 0.25));
    dist.add(ts.histogram(1, 0.25));
    const triangle = [1, 2, 3, 4, 3, 2, 1].map((k) => k / 16);
    expect(Array.from(dist.pmf.subarray(0, 7))).toEqual(triangle);
    expect(Array.from(dist.pmf.subarray(7))).toEqual([0, 0, 0, 0]);
    // Tail: P(S > s) for s = 0..6.
    expect(Array.from(dist.tail.subarray(0, 7))).toEqual(
      [15, 13, 10, 6, 3, 1, 0].map((k) => k / 16),
    );
  });

  it('truncates at c and keeps the overflow mass: P(S > 1) = 3/16 for the triangle', () => {
    const m = matrixOfRows([uniform4, uniform4]);
    const ts = new TaskStats(m, 0, 4);
    expect(capacityBins(1, 0.25)).toBe(4);
    expect(machineOverflow(ts, [0, 1], 1, 0.25)).toBe(3 / 16);
    // The fit test: the second task joins the first iff 3/16 ≤ ρ.
    const stats = new WorkloadStats({ inst: m, avg: null });
    const run = (rho: number) =>
      runPacking(stats, identityRows(2), {
        packer: 'ff',
        fit: { kind: 'conv', rho, bin: 0.25 },
        capacity: 1,
        clairvoyance: 1,
        source: 'inst',
        rebalance: 0,
      }).mAbs;
    expect(run(3 / 16)).toBe(1);
    expect(run(0.18)).toBe(2);
  });

  it('resolves overflow probabilities far below 1/|E|: ten Bernoulli(0.01) tasks of size 0.2', () => {
    const row = Array.from({ length: 100 }, (_, t) => (t === 0 ? 0.2 : 0));
    const m = matrixOfRows(Array.from({ length: 10 }, () => row));
    const stats = new WorkloadStats({ inst: m, avg: null });
    const rows = identityRows(10);
    const ex = exactOverflow(stats, rows, [rows], { capacity: 1, clairvoyance: 1, bin: 0.2 });
    // S > 1 iff at least 6 of 10 tasks are on: Σ_{k ≥ 6} C(10, k)·0.01^k·0.99^(10−k).
    let P = 0;
    const choose = (n: number, k: number) => {
      let c = 1;
      for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
      return c;
    };
    for (let k = 6; k <= 10; k++) P += choose(10, k) * 0.01 ** k * 0.99 ** (10 - k);
    expect(P).toBeLessThan(1e-9);
    expect(ex.q).toBeCloseTo(P, 20);
    expect(Math.abs(ex.q - P) / P).toBeLessThan(1e-12);
  });

  it('agrees with brute-force enumeration on lattice data', () => {
    const lattice = fc.integer({ min: 0, max: 12 }).map((k) => k / 16);
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5 }).chain((R) =>
          fc.array(fc.array(lattice, { minLength: R, maxLength: R }), {
            minLength: 1,
            maxLength: 4,
          }),
        ),
        fc.integer({ min: 4, max: 40 }).map((k) => k / 16),
        (rows, capacity) => {
          const R = rows[0].length;
          let over = 0;
          const total = R ** rows.length;
          for (let code = 0; code < total; code++) {
            let s = 0;
            let c = code;
            for (const r of rows) {
              s += r[c % R];
              c = Math.floor(c / R);
            }
            if (s > capacity) over++;
          }
          const ts = new TaskStats(matrixOfRows(rows), 0, R);
          const P = machineOverflow(ts, identityRows(rows.length), capacity, 1 / 16);
          expect(P).toBeCloseTo(over / total, 12);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('packs no machine beyond ρ by its own exact measure, on the PlanetLab-like lattice', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(
            fc.integer({ min: 0, max: 40 }).map((k) => k / 100),
            { minLength: 12, maxLength: 12 },
          ),
          { minLength: 1, maxLength: 25 },
        ),
        fc.constantFrom(0.3, 0.1, 0.01),
        fc.constantFrom('ff' as const, 'bf' as const),
        fc.integer({ min: 0, max: 5 }),
        (rows, rho, packer, rebalance) => {
          const stats = new WorkloadStats({ inst: matrixOfRows(rows), avg: null });
          const order = identityRows(rows.length);
          const r = runPacking(stats, order, {
            packer,
            fit: { kind: 'conv', rho, bin: 0.01 },
            capacity: 1,
            clairvoyance: 1,
            source: 'inst',
            rebalance,
          });
          const ex = exactOverflow(
            stats,
            order,
            r.machines.map((x) => x.tasks),
            {
              capacity: 1,
              clairvoyance: 1,
              bin: 0.01,
            },
          );
          r.machines.forEach((mc, j) => {
            if (mc.tasks.length === 1 && r.oversized.includes(mc.tasks[0])) return;
            expect(ex.machines[j]).toBeLessThanOrEqual(rho);
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('rejects a bin width that is not positive or too fine for c', () => {
    expect(() => capacityBins(1, 0)).toThrow(/invalid bin width: 0/);
    expect(() => capacityBins(5, 1e-6)).toThrow(/invalid bin width: 0.000001/);
  });
});
