import { describe, expect, it } from 'vitest';
import { matrixOfRows } from '../testing.ts';
import type { RealizationMatrix } from '../matrix.ts';
import { TaskStats } from '../stats/taskStats.ts';
import { WorkloadStats, identityRows } from '../workload.ts';
import { runPacking } from '../experiment.ts';
import { fitTest, formatFit, parseFit } from './index.ts';
import type { FitSpec, MachineSums } from './fitTest.ts';
import { decayWeights, weightedPercentile } from './autopilot.ts';

const SUMS: MachineSums = { load: new Float64Array(8), variance: new Float64Array(8) };

/** Does the last row fit on a machine holding the others, by the test's state or its sums? */
function fits(m: RealizationMatrix, spec: FitSpec): boolean {
  const stats = new TaskStats(m, 0, m.cols);
  const rows = identityRows(m.rows);
  const fit = fitTest(spec);
  const sizes = fit.sizes(stats, rows);
  const last = m.rows - 1;
  if (sizes.machineState) {
    const state = sizes.machineState(SUMS, 1);
    state.open(0, 0);
    for (let k = 1; k < last; k++) state.add(0, k);
    return state.slack(0, last) >= 0;
  }
  let load = 0;
  for (let k = 0; k < last; k++) load += sizes.size[k];
  return fit.slack(load, 0, sizes.size[last], 0, 1) >= 0;
}

function machines(rows: number[][], fit: FitSpec): number {
  const stats = new WorkloadStats({ inst: matrixOfRows(rows), avg: null });
  const r = runPacking(stats, identityRows(rows.length), {
    packer: 'ff',
    fit,
    capacity: 1,
    clairvoyance: 1,
    source: 'inst',
    rebalance: 0,
  });
  return r.mAbs;
}

describe('the advice candidates in the notation', () => {
  it('parse and print back, defaults left out', () => {
    for (const text of ['nsig:2.5', 'bmax:3', 'bmax:3:95', 'empm:0.1', 'empm:0.1:0.05', 'apw:0.2'])
      expect(formatFit(parseFit(text))).toBe(text);
    expect(parseFit('apw:0.2')).toEqual({
      kind: 'apw',
      margin: 0.2,
      percentile: 95,
      halfLife: 12,
      step: 300,
    });
    expect(() => parseFit('empm:-0.1')).toThrow(/safety margin/);
    expect(() => parseFit('apw:0.1:95:0')).toThrow(/half-life/);
  });
});

describe('nsig(N): mean + N·sd of the machine total (Bashir et al. 2021)', () => {
  // The two tasks' total alternates 0.4, 0.8: mean 0.6, sample sd √0.08 ≈ 0.283 (population 0.2).
  const m = matrixOfRows([
    [0.2, 0.4],
    [0.2, 0.4],
  ]);
  it('reads the sample standard deviation, as the authors’ simulator does', () => {
    expect(fits(m, { kind: 'nsig', n: 1 })).toBe(true); // 0.883
    // Population sd would give 0.6 + 1.5 · 0.2 = 0.9 and fit; the sample sd gives 1.024.
    expect(fits(m, { kind: 'nsig', n: 1.5 })).toBe(false);
  });
});

describe('bmax(N, p): the larger of N-sigma and RC-like Σ P_p', () => {
  // Peaks that take turns: the total is 1 at both instants, its sd 0.
  const turns = matrixOfRows([
    [0.9, 0.1],
    [0.1, 0.9],
  ]);
  it('refuses by RC-like where N-sigma alone admits', () => {
    expect(fits(turns, { kind: 'nsig', n: 8 })).toBe(true);
    expect(fits(turns, { kind: 'bmax', n: 8, p: 100 })).toBe(false); // 0.9 + 0.9
    expect(fits(turns, { kind: 'bmax', n: 8, p: 50 })).toBe(true); // 0.5 + 0.5, exactly c
  });
  it('refuses by N-sigma where RC-like alone admits', () => {
    const together = matrixOfRows([
      [0.2, 0.4],
      [0.2, 0.4],
    ]);
    expect(fits(together, { kind: 'bmax', n: 0, p: 100 })).toBe(true); // 0.8
    expect(fits(together, { kind: 'bmax', n: 2, p: 100 })).toBe(false); // 0.6 + 2 · 0.283
  });
  it('keeps each machine’s Σ P_p as tasks arrive', () => {
    // Each task peaks at 0.3 at its own instant: the total never passes 0.3, Σ P₁₀₀ does.
    const turn = Array.from({ length: 4 }, (_, i) => [0, 1, 2, 3].map((t) => (t === i ? 0.3 : 0)));
    expect(machines(turn, { kind: 'bmax', n: 0, p: 100 })).toBe(2); // 3 × 0.3, then a fourth
    expect(machines(turn.slice(0, 3), { kind: 'bmax', n: 0, p: 100 })).toBe(1);
  });
});

describe('empm(m, ρ): the empirical test against c / (1 + m)', () => {
  const rows = (b: number[]) => [Array.from({ length: 100 }, () => 0.5), b];
  it('counts the total at (1 + m) times its value', () => {
    const m = matrixOfRows(rows(Array.from({ length: 100 }, () => 0.45)));
    expect(fits(m, { kind: 'empm', margin: 0, rho: 0.01 })).toBe(true);
    expect(fits(m, { kind: 'empm', margin: 0.05, rho: 0.01 })).toBe(true); // 0.9975
    expect(fits(m, { kind: 'empm', margin: 0.1, rho: 0.01 })).toBe(false); // 1.045
  });
  it('allows ρ of the instants over', () => {
    const m = matrixOfRows(rows(Array.from({ length: 100 }, (_, t) => (t === 7 ? 0.6 : 0.4))));
    expect(fits(m, { kind: 'empm', margin: 0, rho: 0.01 })).toBe(true); // 1 of 100 over
    expect(fits(m, { kind: 'empm', margin: 0, rho: 0.005 })).toBe(false);
    expect(fits(m, { kind: 'empm', margin: 0.15, rho: 0.01 })).toBe(false); // 0.9 · 1.15 over too
  });
});

describe('apw(m, p, h, Δ): Autopilot’s decayed percentile with a margin', () => {
  it('weights samples by 2^(−age / half-life)', () => {
    expect([...decayWeights(3, 1, 3600)]).toEqual([0.25, 0.5, 1]);
    expect(weightedPercentile([1, 2, 3, 4], [1, 1, 1, 1], 50)).toBe(2);
    expect(weightedPercentile([4, 3, 2, 1], [1, 1, 1, 1], 100)).toBe(4);
    // Total weight 1.75, half of it 0.875: an old peak is forgotten, a recent one is not.
    expect(weightedPercentile([10, 0, 0], [0.25, 0.5, 1], 50)).toBe(0);
    expect(weightedPercentile([0, 0, 10], [0.25, 0.5, 1], 50)).toBe(10);
  });
  it('sizes each task at (1 + m) × its decayed percentile', () => {
    // An hour apart, half-life one hour: the last sample carries 4/7 of the weight.
    const recent = [0.1, 0.1, 0.4];
    const spec = (margin: number): FitSpec => ({
      kind: 'apw',
      margin,
      percentile: 50,
      halfLife: 1,
      step: 3600,
    });
    expect(machines([recent, recent], spec(0))).toBe(1); // 0.4 + 0.4
    expect(machines([recent, recent], spec(0.3))).toBe(2); // 0.52 + 0.52
    const old = [0.4, 0.1, 0.1];
    expect(machines([old, old, old, old], spec(1))).toBe(1); // 4 × 0.2
  });
});
