import { describe, expect, it } from 'vitest';
import { matrixOfRows } from '../testing.ts';
import { allocateMatrix, type RealizationMatrix } from '../matrix.ts';
import { Rng } from '../random/rng.ts';
import { blockBootstrap, blockColumns } from './blocks.ts';
import { judgeMachines, machineSlo } from './slo.ts';
import { sliceColumns, timeSplit } from './timeSplit.ts';
import { packAligned, tuneAligned } from './tuneAligned.ts';
import { folds } from '../tune/runs.ts';
import { WorkloadStats } from '../workload.ts';
import {
  pairwiseCorrelation,
  standardizedRows,
  varianceRatio,
  groupsFromIds,
} from './correlation.ts';

/** Two correlated AR(1)-like series per pair of tasks: task 2k and 2k + 1 share a common factor. */
function correlatedSeries(tasks: number, cols: number, seed: number): RealizationMatrix {
  const rng = new Rng(seed);
  const m = allocateMatrix(tasks, cols, false);
  const gauss = () => rng.nextGaussian();
  for (let pair = 0; pair < tasks / 2; pair++) {
    let common = 0;
    for (let t = 0; t < cols; t++) {
      common = 0.8 * common + gauss();
      m.data[2 * pair * cols + t] = common + 0.5 * gauss();
      m.data[(2 * pair + 1) * cols + t] = common + 0.5 * gauss();
    }
  }
  return m;
}

function correlation(m: RealizationMatrix, i: number, j: number): number {
  const rows = standardizedRows(m);
  let s = 0;
  for (let t = 0; t < m.cols; t++) s += rows[i][t] * rows[j][t];
  return s;
}

describe('joint block bootstrap', () => {
  it('draws runs of B consecutive instants, the same for every task, seeded', () => {
    const cols = blockColumns(100, 25, 10, 7);
    expect(cols.length).toBe(25);
    for (let c = 0; c < 25; c++) if (c % 10) expect(cols[c]).toBe(cols[c - 1] + 1);
    expect(Array.from(blockColumns(100, 25, 10, 7))).toEqual(Array.from(cols));
    expect(Array.from(blockColumns(100, 25, 10, 8))).not.toEqual(Array.from(cols));
    const m = matrixOfRows([
      Array.from({ length: 100 }, (_, t) => t),
      Array.from({ length: 100 }, (_, t) => 1000 + t),
    ]);
    const b = blockBootstrap(m, 25, 10, 7);
    for (let c = 0; c < 25; c++) {
      expect(b.data[c]).toBe(cols[c]);
      expect(b.data[25 + c]).toBe(1000 + cols[c]);
    }
  });

  it('refuses a block longer than the series', () => {
    expect(() => blockColumns(50, 100, 60, 1)).toThrow(
      /block length 60 is longer than the series \(50 aligned instants\)/,
    );
  });

  it('keeps the lag-0 cross-correlation of the source within sampling error', () => {
    const source = correlatedSeries(8, 4000, 3);
    const boot = blockBootstrap(source, 4000, 50, 11);
    for (let pair = 0; pair < 4; pair++) {
      const want = correlation(source, 2 * pair, 2 * pair + 1);
      const got = correlation(boot, 2 * pair, 2 * pair + 1);
      expect(want).toBeGreaterThan(0.8);
      // 80 blocks of 50 correlated instants: a standard error of a few hundredths.
      expect(Math.abs(got - want)).toBeLessThan(0.05);
    }
    // Across pairs the source is uncorrelated, and so is the bootstrap.
    expect(Math.abs(correlation(boot, 0, 2))).toBeLessThan(0.15);
  });
});

describe('splits in time', () => {
  const instants = Float64Array.from({ length: 28 * 288 }, (_, k) => k * 300);

  it('days 1–14 to learn, 15–28 to judge; fractions', () => {
    const s = timeSplit(instants, 300, 'days:1-14', 'days:15-28');
    expect(s.learn).toEqual({ start: 0, end: 14 * 288 });
    expect(s.judge).toEqual({ start: 14 * 288, end: 28 * 288 });
    expect(timeSplit(instants, 300, '0:0.25')).toEqual({
      learn: { start: 0, end: 7 * 288 },
      judge: { start: 7 * 288, end: 28 * 288 },
    });
  });

  it('refuses an empty part, overlapping parts, and a task absent from the judged part', () => {
    expect(() => timeSplit(instants, 300, 'days:1-28')).toThrow(
      /--judge \(the rest\) leaves the judged part empty: the data have 8064 columns over 28.00 days/,
    );
    expect(() => timeSplit(instants, 300, 'days:30-31')).toThrow(/leaves the learned part empty/);
    expect(() => timeSplit(instants, 300, '0:0.6', '0.5:1')).toThrow(/overlap/);
    expect(() => timeSplit(instants, null, 'days:1-2')).toThrow(/days need the sampling step/);
    const spans = { ids: ['a', 'b'], spans: Int32Array.from([0, 8063, 0, 100]) };
    expect(() => timeSplit(instants, 300, '0:0.5', undefined, spans)).toThrow(
      /task b has no sample in the judged part \(columns 4032–8063.*its samples span columns 0–100/,
    );
  });
});

describe('the SLO per machine', () => {
  it('judging a packing on another matrix counts each machine’s overflows directly', () => {
    const rng = new Rng(5);
    const E = allocateMatrix(30, 200, false);
    for (let k = 0; k < E.data.length; k++) E.data[k] = rng.nextFloat() * 0.2;
    const machines = [
      [0, 1, 2, 3, 4, 5, 6],
      [7, 8, 9, 10, 11],
      [12, 13, 14, 15, 16, 17, 18, 19, 20],
      [21, 22, 23, 24, 25, 26, 27, 28, 29],
    ];
    const judged = judgeMachines(machines, E, 1, 0.05);
    const direct = machines.map((rows) => {
      let over = 0;
      for (let t = 0; t < E.cols; t++) {
        let s = 0;
        for (const r of rows) s += E.data[r * E.cols + t];
        if (s > 1) over++;
      }
      return over / E.cols;
    });
    expect(judged.q).toEqual(direct);
    expect(direct.some((q) => q > 0)).toBe(true);
    expect(judged.worst).toBe(Math.max(...direct));
    expect(judged.over).toBe(direct.filter((q) => q > 0.05).length);
    expect(judged.mean).toBeCloseTo(direct.reduce((a, b) => a + b) / direct.length, 12);
    expect(() => judgeMachines([[0, 40]], E, 1, 0.05)).toThrow(
      /task 40, but the judging matrix has only 30/,
    );
  });

  it('the mean, the worst machine and the 95th percentile', () => {
    const s = machineSlo([0, 10, 20, 30], 100, 0.15);
    expect(s.mean).toBeCloseTo(0.15, 12);
    expect(s.worst).toBe(0.3);
    expect(s.worstMachine).toBe(3);
    expect(s.over).toBe(2);
    expect(s.p95).toBeCloseTo(0.285, 12);
  });
});

describe('correlation measured', () => {
  it('variance ratio: 1 for independent tasks, near 2 for pairs moving together', () => {
    const m = correlatedSeries(4, 20000, 9);
    const together = varianceRatio(m, [0, 1]);
    const apart = varianceRatio(m, [0, 2]);
    expect(together).toBeGreaterThan(1.8);
    expect(Math.abs(apart - 1)).toBeLessThan(0.1);
  });

  it('pairwise correlations within vs across groups; sampled when large', () => {
    const m = correlatedSeries(20, 2000, 4);
    const groups = Int32Array.from({ length: 20 }, (_, i) => i >> 1);
    const s = pairwiseCorrelation(m, { groups });
    expect(s.totalPairs).toBe(190);
    expect(s.withinGroups!.pairs).toBe(10);
    expect(s.acrossGroups!.pairs).toBe(180);
    expect(s.withinGroups!.mean).toBeGreaterThan(0.8);
    expect(Math.abs(s.acrossGroups!.mean)).toBeLessThan(0.1);
    const sampled = pairwiseCorrelation(m, { groups, maxPairs: 50, seed: 2 });
    expect(sampled.sampled).toBe(true);
    expect(sampled.all.pairs).toBe(50);
    expect(pairwiseCorrelation(m, { groups, maxPairs: 50, seed: 2 })).toEqual(sampled);
  });

  it('groups from ids: Google jobs, Prometheus labels', () => {
    expect(Array.from(groupsFromIds(['7:0', '7:1', '9:0'])!)).toEqual([0, 0, 1]);
    expect(
      Array.from(groupsFromIds(['namespace=a,pod=x', 'namespace=b,pod=y', 'namespace=a,pod=z'])!),
    ).toEqual([0, 1, 0]);
    expect(groupsFromIds(['vm1', 'vm2'])).toBeNull();
    expect(() => groupsFromIds(['a'], 'bogus')).toThrow(/invalid group rule "bogus"/);
  });
});

describe('tuning on an aligned matrix: folds are contiguous blocks of time', () => {
  it('the engine tuner’s two folds are the halves of the observed columns, in time order', () => {
    const m = correlatedSeries(4, 100, 1);
    const [a, b] = folds(new WorkloadStats({ inst: m, avg: null }), 0.6);
    expect([a.observeStart, a.observeEnd, b.observeStart, b.observeEnd]).toEqual([0, 30, 30, 60]);
  });

  it('tuneAligned packs on the past half of the learned part and judges its future half', () => {
    const rng = new Rng(2);
    const m = allocateMatrix(40, 200, false);
    // Calm first half, busier second half: a fold judged on random columns would not see it.
    for (let i = 0; i < 40; i++)
      for (let t = 0; t < 200; t++)
        m.data[i * 200 + t] = (t < 100 ? 0.05 : 0.056) * rng.nextFloat() * 2;
    const c = { packer: 'bf', capacity: 1, rebalance: 0, target: 0.01, scope: 'mean' } as const;
    const t = tuneAligned(m, 'gpa', c, [0.2, 0.01, 1e-4, 1e-6, 1e-9]);
    expect(t.value).not.toBeNull();
    const past = sliceColumns(m, { start: 0, end: 100 });
    const future = sliceColumns(m, { start: 100, end: 200 });
    const direct = judgeMachines(
      packAligned(past, { kind: 'gpa', rho: t.value! }, c),
      future,
      1,
      0.01,
    );
    expect(t.cv).toEqual(direct);
    expect(t.cv!.columns).toBe(100);
    expect(t.machines.length).toBe(packAligned(m, t.fit!, c).length);
    const every = tuneAligned(m, 'gpa', { ...c, scope: 'every' }, [0.2, 0.01, 1e-4, 1e-6, 1e-9]);
    expect(every.cv!.worst).toBeLessThanOrEqual(0.01);
  });
});
