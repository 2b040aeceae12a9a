import { describe, expect, it } from 'vitest';
import { matrixOfRows } from '../testing.ts';
import { allocateMatrix, type RealizationMatrix } from '../matrix.ts';
import { Rng } from '../random/rng.ts';
import { TaskStats } from '../stats/taskStats.ts';
import { WorkloadStats, identityRows } from '../workload.ts';
import { runPacking, type PackParams } from '../experiment.ts';
import { alignedTotals, type TotalsView } from './alignedTotals.ts';
import { antiColocated } from './antiColocation.ts';
import { fitTest, parseFit, formatFit } from './index.ts';
import type { FitSpec, FitTest, MachineSums } from './fitTest.ts';

const SUMS: MachineSums = { load: new Float64Array(8), variance: new Float64Array(8) };

function params(fit: FitSpec): PackParams {
  return { packer: 'bf', fit, capacity: 1, clairvoyance: 1, source: 'inst', rebalance: 0 };
}

/** Does `task` fit on a machine holding `on`, by the test's per-machine state (or its sums)? */
function fits(m: RealizationMatrix, spec: FitSpec, on: number[], task: number): boolean {
  const stats = new TaskStats(m, 0, m.cols);
  const rows = [...on, task];
  const fit = fitTest(spec);
  const sizes = fit.sizes(stats, rows);
  if (sizes.machineState) {
    const state = sizes.machineState(SUMS, 1);
    state.open(0, 0);
    for (let k = 1; k < on.length; k++) state.add(0, k);
    return state.slack(0, on.length) >= 0;
  }
  let load = 0;
  let variance = 0;
  for (let k = 0; k < on.length; k++) {
    load += sizes.size[k];
    variance += sizes.variance[k];
  }
  return fit.slack(load, variance, sizes.size[on.length], sizes.variance[on.length], 1) >= 0;
}

describe('cov(ρ): GPA with the covariance of aligned columns', () => {
  it('is in the notation and the registry', () => {
    expect(formatFit(parseFit('cov:0.01'))).toBe('cov:0.01');
    expect(formatFit(parseFit('peak:3'))).toBe('peak:3');
    expect(formatFit(parseFit('peak:3:95'))).toBe('peak:3:95');
    expect(() => parseFit('cov:2')).toThrow(/invalid ρ: 2/);
  });

  it('a machine’s variance is Σσᵢ² + 2Σcov(i, k), as a brute-force covariance gives', () => {
    const rng = new Rng(21);
    const m = allocateMatrix(6, 37, false);
    for (let t = 0; t < 37; t++) {
      const common = rng.nextFloat();
      for (let i = 0; i < 6; i++)
        m.data[i * 37 + t] = 0.1 * common * (i + 1) + 0.05 * rng.nextFloat();
    }
    const stats = new TaskStats(m, 0, 37);
    const rows = [0, 1, 2, 3, 4, 5];
    let seen: { mean: number; variance: number } | null = null;
    const state = alignedTotals(stats, rows, (view: TotalsView, j, t) => {
      seen = view.moments(j, t);
      return 0;
    })();
    state.open(0, 0);
    state.add(0, 1);
    state.add(0, 2);
    state.add(0, 3);
    state.remove(0, 1, [0, 2, 3]);
    state.slack(0, 4);
    const members = [0, 2, 3, 4];
    const mean = (i: number) => {
      let s = 0;
      for (let t = 0; t < 37; t++) s += m.data[i * 37 + t];
      return s / 37;
    };
    const cov = (i: number, k: number) => {
      let s = 0;
      for (let t = 0; t < 37; t++)
        s += (m.data[i * 37 + t] - mean(i)) * (m.data[k * 37 + t] - mean(k));
      return s / 37;
    };
    let brute = 0;
    for (const i of members) brute += cov(i, i);
    for (let a = 0; a < members.length; a++)
      for (let b = a + 1; b < members.length; b++) brute += 2 * cov(members[a], members[b]);
    expect(seen!.variance).toBeCloseTo(brute, 12);
    expect(seen!.mean).toBeCloseTo(
      members.reduce((s, i) => s + mean(i), 0),
      12,
    );
  });

  it('tells tasks that peak together from tasks that take turns, where GPA cannot', () => {
    // Both tasks are 0.6 on a fifth of the columns: together, or at disjoint instants.
    const a = Array.from({ length: 100 }, (_, t) => (t % 5 === 0 ? 0.6 : 0));
    const same = a.slice();
    const turns = Array.from({ length: 100 }, (_, t) => (t % 5 === 1 ? 0.6 : 0));
    const together = matrixOfRows([a, same]);
    const apart = matrixOfRows([a, turns]);
    const cov = { kind: 'cov', rho: 0.01 } as const;
    const gpa = { kind: 'gpa', rho: 0.01 } as const;
    expect(fits(together, cov, [0], 1)).toBe(false);
    expect(fits(apart, cov, [0], 1)).toBe(true);
    expect(fits(together, gpa, [0], 1)).toBe(fits(apart, gpa, [0], 1));
    // emp on aligned columns counts the joint exceedances: 20 % together, none apart.
    const emp = { kind: 'emp', rho: 0.1 } as const;
    expect(fits(together, emp, [0], 1)).toBe(false);
    expect(fits(apart, emp, [0], 1)).toBe(true);
  });

  it('packs as GPA does when the columns are independent draws', () => {
    const rng = new Rng(13);
    const n = 300;
    const R = 4000;
    const m = allocateMatrix(n, R, false);
    for (let i = 0; i < n; i++) {
      const mu = 0.01 + 0.05 * rng.nextFloat();
      for (let t = 0; t < R; t++) m.data[i * R + t] = mu * 2 * rng.nextFloat();
    }
    const stats = new WorkloadStats({ inst: m, avg: null });
    const rows = identityRows(n);
    const g = runPacking(stats, rows, params({ kind: 'gpa', rho: 0.01 }));
    const c = runPacking(stats, rows, params({ kind: 'cov', rho: 0.01 }));
    expect(Math.abs(c.mAbs - g.mAbs)).toBeLessThanOrEqual(Math.ceil(0.03 * g.mAbs));
    expect(Math.abs(c.q - g.q)).toBeLessThan(0.005);
  });
});

describe('peak(N, p): max of N-sigma and the p-th percentile (Bashir et al. 2021)', () => {
  it('refuses by either predictor', () => {
    // Total of the two: mean 0.5, a spike to 1.2 in 1 column of 100.
    const a = Array.from({ length: 100 }, (_, t) => (t === 0 ? 0.6 : 0.25));
    const m = matrixOfRows([a, a]);
    // N = 0: N-sigma is the mean 0.5 ≤ 1; the 99th percentile allows 1 column over c.
    expect(fits(m, { kind: 'peak', n: 0, p: 99 }, [0], 1)).toBe(true);
    // The 99.5th percentile allows none.
    expect(fits(m, { kind: 'peak', n: 0, p: 99.5 }, [0], 1)).toBe(false);
    // N = 8: 0.5 + 8 · 0.0696 > 1.
    expect(fits(m, { kind: 'peak', n: 8, p: 50 }, [0], 1)).toBe(false);
  });
});

/** `fit` whose states keep no column totals, and a count of the totals its own states gave. */
function withAndWithoutTotals(fit: FitTest): { kept: FitTest; plain: FitTest; read: () => number } {
  let read = 0;
  const wrap = (keep: boolean): FitTest => ({
    ...fit,
    sizes(stats, rows) {
      const sizes = fit.sizes(stats, rows);
      return {
        ...sizes,
        machineState(sums, capacity) {
          const { columnTotals, ...rest } = sizes.machineState!(sums, capacity);
          if (!keep || !columnTotals) return rest;
          const of = (j: number) => (read++, columnTotals.of(j));
          return { ...rest, columnTotals: { ...columnTotals, of } };
        },
      };
    },
  });
  return { kept: wrap(true), plain: wrap(false), read: () => read };
}

describe('every machine judged from the totals the aligned state kept', () => {
  it('gives the evaluation’s numbers where it reads the same columns, and is not used elsewhere', () => {
    const rng = new Rng(5);
    const n = 60;
    const cols = 150;
    const m = allocateMatrix(n, cols, false);
    for (let t = 0; t < cols; t++) {
      const common = rng.nextFloat();
      // Every fifth task tiny, so that sums round and their order shows.
      for (let i = 0; i < n; i++)
        m.data[i * cols + t] =
          ((i % 3) * 0.02 * common + 0.06 * rng.nextFloat()) * (i % 5 ? 1 : 1e-12);
    }
    const stats = new WorkloadStats({ inst: m, avg: null });
    const rows = identityRows(n);
    for (const spec of ['cov:0.01', 'cov:0.2', 'peak:3:95', 'tlp:40:1.5:900:300'])
      for (const clairvoyance of [1, 0.7]) {
        const fit = withAndWithoutTotals(fitTest(parseFit(spec)));
        const p = { ...params(parseFit(spec)), clairvoyance, rebalance: 5 };
        const kept = runPacking(stats, rows, p, undefined, fit.kept);
        const plain = runPacking(stats, rows, p, undefined, fit.plain);
        expect(kept, `${spec} ${clairvoyance}`).toEqual(plain);
        const windowed = spec.startsWith('tlp');
        expect(fit.read(), `${spec} ${clairvoyance}`).toBe(
          clairvoyance === 1 && !windowed ? kept.mAbs : 0,
        );
      }
  });
});

describe('anti-colocation: at most k tasks of a group per machine, with any fit test', () => {
  it('keeps a group’s tasks apart under a stateless and a stateful test', () => {
    const n = 40;
    const m = allocateMatrix(n, 50, false);
    m.data.fill(0.01);
    const groups = Int32Array.from({ length: n }, (_, i) => i % 4);
    const stats = new WorkloadStats({ inst: m, avg: null });
    const rows = identityRows(n);
    for (const spec of [
      { kind: 'gpa', rho: 0.01 },
      { kind: 'emp', rho: 0.01 },
      { kind: 'cov', rho: 0.01 },
    ] as const) {
      const plain = runPacking(stats, rows, params(spec));
      expect(plain.mAbs, spec.kind).toBe(1);
      for (const k of [1, 3]) {
        const fit = antiColocated(fitTest(spec), groups, k);
        const r = runPacking(stats, rows, { ...params(spec), rebalance: 5 }, undefined, fit);
        expect(r.mAbs, `${spec.kind} k=${k}`).toBe(Math.ceil(10 / k));
        for (const mc of r.machines) {
          const count = new Map<number, number>();
          for (const t of mc.tasks) count.set(groups[t], (count.get(groups[t]) ?? 0) + 1);
          expect(Math.max(...count.values())).toBeLessThanOrEqual(k);
        }
      }
    }
    expect(() => antiColocated(fitTest({ kind: 'gpa', rho: 0.01 }), groups, 0)).toThrow(
      /invalid tasks per group 0/,
    );
  });
});
