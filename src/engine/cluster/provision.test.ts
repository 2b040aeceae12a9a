import { beforeAll, describe, expect, it } from 'vitest';
import { loadLpSolver } from '../../runtime/lp.ts';
import type { LpSolver } from '../lp/solver.ts';
import { Rng } from '../random/rng.ts';
import { HARMONY_TYPES, type MachineType } from './machineTypes.ts';
import { relaxObjective, solveCbsRelax, type ProvisionInput } from './provision.ts';
import { containersPerPeriod, provision, roundAssignments } from './provisionRun.ts';

let solver: LpSolver;
beforeAll(async () => {
  solver = await loadLpSolver();
});

/** Solves A x = b (4 × 4) by Gaussian elimination with partial pivoting; null if singular. */
function solve4(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[p][c])) p = r;
    if (Math.abs(m[p][c]) < 1e-12) return null;
    [m[c], m[p]] = [m[p], m[c]];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r][c] / m[c][c];
      for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k];
    }
  }
  return m.map((row, i) => row[n] / row[i]);
}

/**
 * Brute force for 2 types × 2 classes: with z eliminated (the best z for given x in closed form),
 * the objective is piecewise linear and concave in x = (x00, x01, x10, x11), so its maximum is at a
 * vertex of the arrangement of every constraint and breakpoint hyperplane: enumerate them all.
 */
function bruteForce(input: ProvisionInput, demand: number[], prev: number[]): number {
  const { types, sizes } = input;
  const idx = (m: number, n: number) => m * 2 + n;
  const load = (m: number, r: number) => {
    const v = [0, 0, 0, 0];
    for (let n = 0; n < 2; n++) v[idx(m, n)] = sizes[n][r] / types[m].capacity[r];
    return v;
  };
  const planes: [number[], number][] = [];
  for (let k = 0; k < 4; k++) planes.push([[0, 1, 2, 3].map((j) => (j === k ? 1 : 0)), 0]);
  for (let n = 0; n < 2; n++)
    planes.push([[0, 1, 2, 3].map((j) => (j % 2 === n ? 1 : 0)), demand[n]]);
  for (let m = 0; m < 2; m++) {
    for (let r = 0; r < 2; r++) {
      planes.push([load(m, r), types[m].count ?? 1e9]);
      planes.push([load(m, r), prev[m]]);
    }
    planes.push([load(m, 0).map((v, j) => v - load(m, 1)[j]), 0]);
  }
  let best = -Infinity;
  const P = planes.length;
  for (let a = 0; a < P; a++)
    for (let b = a + 1; b < P; b++)
      for (let c = b + 1; c < P; c++)
        for (let d = c + 1; d < P; d++) {
          const pick = [a, b, c, d].map((i) => planes[i]);
          const x = solve4(
            pick.map((p) => p[0]),
            pick.map((p) => p[1]),
          );
          if (!x || x.some((v) => v < -1e-9)) continue;
          if (demand.some((dn, n) => x[idx(0, n)] + x[idx(1, n)] > dn + 1e-9)) continue;
          const z: number[] = [];
          let ok = true;
          for (let m = 0; m < 2; m++) {
            const need = Math.max(
              ...[0, 1].map((r) => load(m, r).reduce((s, v, j) => s + v * x[j], 0)),
            );
            if (need > (types[m].count ?? Infinity) + 1e-9) ok = false;
            const q = input.switchCost[m];
            const keep = Math.min(prev[m], types[m].count ?? Infinity);
            z.push(prev[m] > need && q > types[m].idleWatts ? keep : need);
          }
          if (!ok) continue;
          const xs = [Float64Array.from([x[0], x[1]]), Float64Array.from([x[2], x[3]])];
          best = Math.max(best, relaxObjective(input, prev, z, xs));
        }
  return best;
}

describe('CBS-RELAX', () => {
  it('matches a brute-force vertex enumeration on small cases (2 types × 2 classes)', () => {
    const rng = Rng.stream(17, 'analysis', 1);
    for (let trial = 0; trial < 30; trial++) {
      const u = (lo: number, hi: number) => lo + (hi - lo) * rng.nextFloat();
      const types: MachineType[] = [0, 1].map((m) => {
        const idle = u(20, 200);
        return {
          name: `t${m}`,
          capacity: [u(0.2, 1), u(0.2, 1)],
          count: 1 + rng.nextInt(4),
          idleWatts: idle,
          peakWatts: idle + u(10, 300),
        };
      });
      const input: ProvisionInput = {
        types,
        sizes: [0, 1].map(() => [u(0.01, 0.2), u(0.01, 0.2)]),
        switchCost: [u(0, 300), u(0, 300)],
        containerValue: u(100, 3000),
      };
      const demand = [rng.nextInt(30), rng.nextInt(30)];
      const prev = [rng.nextInt(4), rng.nextInt(4)];
      const lp = solveCbsRelax(solver, input, demand, prev);
      const brute = bruteForce(input, demand, prev);
      expect(lp.objective).toBeCloseTo(brute, 6);
      expect(relaxObjective(input, prev, lp.z, lp.x)).toBeCloseTo(lp.objective, 6);
    }
  });
  it('turns arrivals per class into containers per period (M/G/c)', () => {
    const c = containersPerPeriod([[10, 1, 0]], [0.01, 0.01, 1], [1, 1, 1], [1, 10, 1]);
    expect(c).toEqual([[1028, 106, 0]]);
    expect(() => containersPerPeriod([[-1]], [1], [1], [1])).toThrow(/period 1, class 1/);
  });
  it('rounds assignments keeping each class total', () => {
    const x = [Float64Array.from([2.5, 0.3]), Float64Array.from([1.5, 0.7])];
    const r = roundAssignments(x, 2);
    expect(r[0][0] + r[1][0]).toBe(4);
    expect(r[0][1] + r[1][1]).toBe(1);
  });
  it('over periods: every container placed within capacity, with energy and switching reported', () => {
    const input: ProvisionInput = {
      types: HARMONY_TYPES.map((t) => ({ ...t, count: Math.ceil((t.count ?? 0) / 100) })),
      sizes: [
        [0.02, 0.01],
        [0.05, 0.1],
        [0.15, 0.05],
      ],
      switchCost: [10, 20, 20, 50],
      containerValue: 1000,
    };
    const demand = [
      [40, 10, 5],
      [80, 20, 10],
      [20, 5, 2],
    ];
    const r = provision(solver, input, demand);
    expect(r.relax.length).toBe(3);
    r.relax.forEach((p, t) => {
      expect(p.unplaced).toBe(0);
      expect(p.placed).toEqual(demand[t]);
      expect(p.energy).toBeGreaterThan(0);
      // Rounding by First Fit needs at most the LP's machines plus a few per type.
      p.machines.forEach((c, m) =>
        expect(c).toBeLessThanOrEqual(Math.ceil(r.fractional[t][m]) * 2 + 2),
      );
    });
    expect(r.relax[1].switching).toBeGreaterThan(0);
    r.baseline.forEach((p) => expect(p.energy).toBeGreaterThan(0));
  });
});
