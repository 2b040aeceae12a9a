import { describe, expect, it } from 'vitest';
import { Rng } from './random/rng.ts';
import { WorkloadStats } from './workload.ts';
import { runPacking, type PackParams } from './experiment.ts';
import { matrixOfRows } from './testing.ts';
import type { FitSpec } from './fit/index.ts';

// The GPA paper's motivating example (§1): t1 and t2 constant at 0.5, t3 uniform on [0, 1], c = 1,
// placed in the order t1, t3, t2.
const R = 10_000;
const rng = new Rng(7);
const uniform = Array.from({ length: R }, () => rng.nextFloat());
const inst = matrixOfRows([Array(R).fill(0.5), uniform, Array(R).fill(0.5)]);
const stats = new WorkloadStats({ inst, avg: null });
const order = Int32Array.from([0, 1, 2]);
const params = (fit: FitSpec): PackParams => ({
  packer: 'ff',
  fit,
  capacity: 1,
  clairvoyance: 1,
  source: 'inst',
  rebalance: 0,
});

describe("the paper's three-task example", () => {
  it('av 1.0 puts t3 beside t1, and that machine overflows about half of the time', () => {
    const r = runPacking(stats, order, params({ kind: 'av', f: 1 }));
    expect(r.machines.map((m) => Array.from(m.tasks))).toEqual([[0, 1], [2]]);
    const expected = uniform.filter((u) => Math.fround(0.5) + Math.fround(u) > 1).length / R;
    expect(r.machines[0].q).toBe(expected);
    expect(r.machines[0].q).toBeGreaterThan(0.45);
    expect(r.machines[0].q).toBeLessThan(0.55);
    expect(r.machines[1].q).toBe(0);
  });

  it('GPA at ρ = 0.1 puts t1 and t2 together and t3 alone, and q is 0', () => {
    const r = runPacking(stats, order, params({ kind: 'gpa', rho: 0.1 }));
    expect(r.machines.map((m) => Array.from(m.tasks))).toEqual([[0, 2], [1]]);
    expect(r.q).toBe(0);
    expect(r.mAbs).toBe(2);
    expect(r.mNorm).toBe(2);
  });
});
