import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dataPath } from '../../ingest/testing.ts';
import { parseWideCsv } from '../data/readers/wide.ts';
import { realize } from '../data/realize/realize.ts';
import { runPacking, type PackParams } from '../experiment.ts';
import { gpa } from '../fit/gpa.ts';
import { matrixOfRows } from '../testing.ts';
import { Rng } from '../random/rng.ts';
import { WorkloadStats, identityRows, sampleInstance } from '../workload.ts';
import { fillOneMachine, gpaFitCheck } from './fitCheck.ts';
import { scoreHandPacking } from './handScore.ts';
import { SLO_RHOS, nearestRho, sloCurve } from './slo.ts';
import { sumOfFirst, sumVerdict } from './sums.ts';
import {
  decodeAssignment,
  encodeAssignment,
  packThreeTasks,
  packThreeTasksByMeans,
  threeTaskWorkload,
} from './threeTasks.ts';
import { machineUsage } from './usage.ts';
import { subsetWorkload } from './workload.ts';
import { taskCount } from '../data/samples/samples.ts';

const FILE = 'planetlab_20110303.csv';
const samples = parseWideCsv(readFileSync(dataPath(`planetlab-cloudsim/${FILE}`), 'utf8'), FILE, {
  scale: 0.25,
  percent: true,
});
const R = 2000;
const SEED = 1;
const BF_GPA: PackParams = {
  packer: 'bf',
  fit: { kind: 'gpa', rho: 0.01 },
  capacity: 1,
  clairvoyance: 1,
  source: 'inst',
  rebalance: 5,
};

describe('a lesson workload (real PlanetLab data)', () => {
  it('packs an instance exactly as the full pool does', () => {
    const pool = new WorkloadStats(realize(samples, R, SEED));
    for (const [n, k, params] of [
      [40, 0, BF_GPA],
      [20, 3, { ...BF_GPA, packer: 'ff', clairvoyance: 0.5 }],
      [100, 1, { ...BF_GPA, fit: { kind: 'cantelli', b: 1 } }],
    ] as const) {
      const rows = sampleInstance(taskCount(samples.inst), n, SEED, k);
      const full = runPacking(pool, rows, params);
      const small = runPacking(subsetWorkload(samples, rows, R, SEED), identityRows(n), params);
      expect(small).toEqual(full);
    }
  });

  it('names a bad row', () => {
    expect(() => subsetWorkload(samples, [0, 99_999], R, SEED)).toThrow(/invalid pool row: 99999/);
  });
});

describe('lesson 1: the paper’s three tasks', () => {
  const stats = threeTaskWorkload(10_000, SEED);
  const split = stats.split(1);
  const q = (tasks: number[]) => machineUsage(stats, tasks, split, 1).q;

  it('packing by means puts the variable task beside a steady one; GPA keeps the steady ones together, whatever the seed', () => {
    expect(packThreeTasksByMeans()).toEqual([0, 1, 0]);
    for (let seed = 0; seed < 20; seed++)
      expect(packThreeTasks(threeTaskWorkload(10_000, seed), { kind: 'gpa', rho: 0.1 })).toEqual([
        0, 0, 1,
      ]);
  });

  it('overflows about half of the time beside a steady task, and never with the steady ones together', () => {
    const c = Array.from(stats.workload.inst.data.subarray(20_000, 30_000));
    expect(q([0, 2])).toBe(c.filter((u) => 0.5 + u > 1).length / 10_000);
    // C is above 0.5 at 500 of its 1,001 points.
    expect(q([0, 2])).toBeGreaterThan(0.47);
    expect(q([0, 2])).toBeLessThan(0.53);
    expect(q([0, 1])).toBe(0);
    expect(q([2])).toBe(0);
    expect(q([0, 1, 2])).toBeGreaterThan(0.99);
    expect(q([])).toBe(0);
  });

  it('GPA packs the three tasks as A and B together, C alone, in every order (so Pack shows it too)', () => {
    for (const order of [
      [0, 1, 2],
      [0, 2, 1],
      [1, 0, 2],
      [1, 2, 0],
      [2, 0, 1],
      [2, 1, 0],
    ]) {
      const r = runPacking(stats, Int32Array.from(order), {
        ...BF_GPA,
        packer: 'ff',
        fit: { kind: 'gpa', rho: 0.1 },
        rebalance: 0,
      });
      const sets = r.machines.map((m) => Array.from(m.tasks, (p) => order[p]).sort());
      expect(sets.sort((a, b) => a.length - b.length)).toEqual([[2], [0, 1]]);
      expect(r.q).toBe(0);
    }
  });

  it('encodes each assignment as a number and back', () => {
    for (let code = 0; code < 8; code++)
      expect(encodeAssignment(decodeAssignment(code))).toBe(code);
    expect(() => decodeAssignment(8)).toThrow(/invalid assignment code: 8/);
  });
});

describe('lesson 2: sums of tasks', () => {
  it('sums the first N rows column by column', () => {
    const stats = new WorkloadStats({
      inst: matrixOfRows([
        [0.25, 0.5, 0],
        [0.5, 0.25, 1],
        [9, 9, 9],
      ]),
      avg: null,
    });
    expect(Array.from(sumOfFirst(stats, 2))).toEqual([0.75, 0.75, 1]);
    expect(() => sumOfFirst(stats, 4)).toThrow(/invalid number of tasks: 4/);
  });

  it('accepts a Gaussian sample and rejects a skewed one', () => {
    const rng = new Rng(3);
    const gauss = Array.from({ length: 5000 }, () => 2 + 0.1 * rng.nextGaussian());
    const g = sumVerdict(gauss);
    expect(g.rejected).toBe(false);
    expect(Math.abs(g.relativeError99)).toBeLessThan(0.01);
    const skewed = Array.from({ length: 5000 }, () => -Math.log(1 - rng.nextFloat()));
    const s = sumVerdict(skewed);
    expect(s.rejected).toBe(true);
    // The Gaussian's 99th percentile is well below an exponential's (ln 100 ≈ 4.6).
    expect(s.relativeError99).toBeLessThan(-0.2);
  });

  it('on real tasks, the 99th-percentile error shrinks as tasks are added', () => {
    const rows = sampleInstance(taskCount(samples.inst), 100, SEED, 0);
    const stats = subsetWorkload(samples, rows, R, SEED);
    const err = (n: number) => Math.abs(sumVerdict(sumOfFirst(stats, n)).relativeError99);
    expect(err(100)).toBeLessThan(err(1));
  });
});

describe('lesson 3: the GPA fit test on one machine', () => {
  const rows = sampleInstance(taskCount(samples.inst), 60, SEED, 0);
  const stats = subsetWorkload(samples, rows, R, SEED);
  const ts = stats.taskStats('inst', stats.split(1));
  const all = identityRows(60);

  it('fills a machine up to the first task GPA rejects, and agrees with the fit test', () => {
    const k = fillOneMachine(ts, all, 1, 0.01);
    expect(k).toBeGreaterThan(1);
    expect(k).toBeLessThan(60);
    const machine = all.subarray(0, k);
    const next = gpaFitCheck(ts, machine, k, 1, 0.01);
    expect(next.fits).toBe(false);
    expect(next.slack).toBe(
      gpa(0.01).slack(next.without.mean, next.without.variance, ts.mean[k], ts.variance[k], 1),
    );
    expect(next.with.overflow).toBeGreaterThan(0.01);
    expect(next.with.overflow).toBeGreaterThan(next.without.overflow);
    // A looser SLO admits more: the slack grows with ρ by exactly the change in ρ.
    const loose = gpaFitCheck(ts, machine, k, 1, 0.3);
    expect(loose.slack - next.slack).toBeCloseTo(0.29, 12);
  });
});

describe('lesson 5: the price of an SLO', () => {
  it('uses no fewer machines for a tighter ρ, on real data', () => {
    const rows = sampleInstance(taskCount(samples.inst), 100, SEED, 0);
    const stats = subsetWorkload(samples, rows, R, SEED);
    const curve = sloCurve(stats, identityRows(100), BF_GPA);
    expect(curve.map((p) => p.rho)).toEqual([...SLO_RHOS]);
    expect(curve[0].mAbs).toBeGreaterThan(curve[curve.length - 1].mAbs);
    expect(curve[curve.length - 1].q).toBeGreaterThan(curve[0].q);
    expect(nearestRho(0.011)).toBe(SLO_RHOS.indexOf(0.01));
  });
});

describe('lesson 6: scoring a hand packing', () => {
  const rows = sampleInstance(taskCount(samples.inst), 20, SEED, 0);
  const stats = subsetWorkload(samples, rows, R, SEED);

  it('gives BF + GPA’s own packing the baseline’s machines and q', () => {
    const base = runPacking(stats, identityRows(20), BF_GPA);
    const assignment = new Int32Array(20);
    base.machines.forEach((m, j) => m.tasks.forEach((t) => (assignment[t] = j)));
    const s = scoreHandPacking(stats, assignment, BF_GPA, 0.01);
    expect(s.mAbs).toBe(base.mAbs);
    expect(s.q).toBe(base.q);
    expect(s.saved).toBe(0);
    expect(s.machines.map((m) => m.overflows)).toEqual(base.machines.map((m) => m.overflows));
  });

  it('counts unplaced tasks, and one machine for everything overflows', () => {
    const none = scoreHandPacking(stats, new Int32Array(20).fill(-1), BF_GPA, 0.01);
    expect(none.unplaced).toBe(20);
    expect(none.mAbs).toBe(0);
    expect(none.meetsTarget).toBe(false);
    const one = scoreHandPacking(stats, new Int32Array(20), BF_GPA, 0.01);
    expect(one.mAbs).toBe(1);
    expect(one.saved).toBe(one.baseline.mAbs - 1);
    expect(one.q).toBe(one.machines[0].q);
    expect(() => scoreHandPacking(stats, new Int32Array(3), BF_GPA, 0.01)).toThrow(/3 tasks/);
  });
});
