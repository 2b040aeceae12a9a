import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseWideCsv } from '../data/readers/wide.ts';
import { realizeSeries } from '../data/realize/realize.ts';
import { Rng, sampleWithoutReplacement } from '../random/rng.ts';
import { CancelledError } from './control.ts';
import {
  fig1,
  fig1Chunk,
  fig2,
  fig3,
  mergeFig1,
  mergeMoments,
  mergeTimeInvariance,
  momentsChunk,
  timeInvariance,
  timeInvarianceChunk,
} from './dataFigures.ts';
import { denseHistogram, histogramsChunk, kmeans, mergeHistograms } from './kmeans.ts';
import { matrixRows, sampledRows } from './rowSource.ts';
import { SparseSampler, sampleSparse } from './sample.ts';
import { sortFloat64, SortWorkspace } from './sort.ts';
import { boxStats } from './summary.ts';
import { fig5, fig6, mergeSums, sumsChunk, table1, type SumsParams } from './sums.ts';
import { trendLine } from './trend.ts';
import { seriesList, taskCount } from '../data/samples/samples.ts';

const SHARED = resolve(import.meta.dirname, '../../../../shared');
const PLANETLAB = resolve(SHARED, 'data/planetlab-cloudsim/planetlab_20110303.csv');

/** Tasks with T samples each, drawn by `draw`. */
function tasks(
  n: number,
  T: number,
  seed: number,
  draw: (rng: Rng, i: number) => number,
): Float64Array[] {
  const rng = new Rng(seed);
  return Array.from({ length: n }, (_, i) => Float64Array.from({ length: T }, () => draw(rng, i)));
}

const expo = (rng: Rng) => -Math.log(1 - rng.nextFloat());

describe('building blocks', () => {
  it('sampleSparse draws the same sequence as sampleWithoutReplacement', () => {
    for (const [n, k, seed] of [
      [10, 10, 1],
      [1000, 37, 2],
      [100_000, 500, 3],
      [5, 0, 4],
    ])
      expect(Array.from(sampleSparse(new Rng(seed), n, k))).toEqual(
        Array.from(sampleWithoutReplacement(new Rng(seed), n, k)),
      );
    expect(() => sampleSparse(new Rng(1), 3, 4)).toThrow(/cannot draw 4 of 3/);
  });

  it('a SparseSampler draws what sampleSparse draws, draw after draw, whatever the pool sizes', () => {
    const sampler = new SparseSampler();
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3000 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (n, k0, seed) => {
          const k = k0 % (n + 1);
          expect(Array.from(sampler.draw(new Rng(seed), n, k))).toEqual(
            Array.from(sampleSparse(new Rng(seed), n, k)),
          );
        },
      ),
      { numRuns: 200 },
    );
    expect(() => sampler.draw(new Rng(1), 3, 4)).toThrow(/cannot draw 4 of 3/);
  });

  it('sortFloat64 sorts exactly like the built-in sort', () => {
    const ws = new SortWorkspace();
    fc.assert(
      fc.property(
        fc.array(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }), {
          maxLength: 3000,
        }),
        fc.integer({ min: 0, max: 3 }),
        (xs, mode) => {
          // Mode 1: many ties; mode 2: one far outlier (crowded buckets); mode 3: tiny spread.
          const a = Float64Array.from(xs, (x, i) =>
            mode === 1
              ? Math.round(x / 2e5)
              : mode === 2 && i === 0
                ? 1e300
                : mode === 3
                  ? 1 + x * 1e-12
                  : x,
          );
          const expected = Float64Array.from(a).sort();
          expect(Array.from(sortFloat64(a, ws))).toEqual(Array.from(expected));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('realizes rows on demand exactly as the realization matrix holds them', () => {
    const series = tasks(20, 30, 5, (rng) => rng.nextFloat() * 0.1);
    const m = realizeSeries(series, 500, 9, 'inst', false);
    const a = matrixRows(m);
    const b = sampledRows(series, 500, 9, 'inst');
    const rows = Int32Array.from([3, 17, 3, 0, 19, 8]);
    const accA = new Float64Array(500);
    const accB = new Float64Array(500);
    a.addRows(rows, 0, rows.length, accA);
    b.addRows(rows, 0, rows.length, accB);
    expect(Array.from(accB)).toEqual(Array.from(accA));
    expect(b.moments(17)).toEqual(a.moments(17));
  });

  it('trend line: recovers σ = 0.36 μ + 0.015 exactly', () => {
    const mu = Array.from({ length: 50 }, (_, i) => i / 100);
    const t = trendLine(
      mu,
      mu.map((m) => 0.36 * m + 0.015),
    );
    expect(t.slope).toBeCloseTo(0.36, 12);
    expect(t.intercept).toBeCloseTo(0.015, 12);
    expect(t.r2).toBeCloseTo(1, 12);
  });

  it('box-plot statistics: quartiles (type 7), whiskers within 1.5 IQR, NaN ignored', () => {
    const b = boxStats([1, 2, 3, 4, 5, 6, 7, 8, 100, NaN]);
    expect(b.count).toBe(9);
    expect(b.median).toBe(5);
    expect(b.q1).toBe(3);
    expect(b.q3).toBe(7);
    expect(b.whiskerHigh).toBe(8);
    expect(b.outliers).toBe(1);
  });
});

describe('sums of N random tasks (Table 1, Figs. 5–6)', () => {
  const gaussianish = realizeSeries(
    tasks(300, 200, 11, (rng) => 0.05 + 0.01 * rng.nextGaussian()),
    2000,
    1,
    'inst',
    false,
  );
  const skewed = realizeSeries(
    tasks(300, 200, 12, (rng) => 0.01 * expo(rng) ** 3),
    2000,
    1,
    'inst',
    false,
  );
  const params: SumsParams = { sizes: [10, 20, 50], replicates: 40, seed: 3 };

  it('gives the same numbers for any split into chunks', () => {
    const src = matrixRows(skewed);
    const whole = sumsChunk(src, params, 0, 40);
    const parts = [
      sumsChunk(src, params, 25, 40),
      sumsChunk(matrixRows(skewed), params, 0, 7),
      sumsChunk(src, params, 7, 25),
    ];
    expect(mergeSums(parts)).toEqual(whole);
    expect(table1(mergeSums(parts))).toEqual(table1(whole));
  });

  it('rarely rejects normality for sums of near-Gaussian tasks, and always for heavy-tailed ones', () => {
    const g = table1(sumsChunk(matrixRows(gaussianish), params, 0, 40));
    const s = table1(sumsChunk(matrixRows(skewed), params, 0, 40));
    for (const row of g) expect(row.rejectionRate).toBeLessThanOrEqual(0.2);
    for (const row of s) expect(row.rejectionRate).toBe(1);
    // The mean total of N tasks is N times the mean task, near 0.05 here.
    for (const row of g) expect(row.meanTotal / row.n).toBeCloseTo(0.05, 3);
  });

  it('Fig. 6: Gaussian percentiles of symmetric sums are close to the empirical ones', () => {
    const cells = fig6(sumsChunk(matrixRows(gaussianish), { ...params, sizes: [50] }, 0, 40));
    expect(cells.map((c) => c.percentile)).toEqual([95, 99, 99.9]);
    for (const c of cells) expect(Math.abs(c.box.median)).toBeLessThan(0.01);
    const skewCells = fig6(sumsChunk(matrixRows(skewed), { ...params, sizes: [10] }, 0, 40));
    // Heavy right tails: the Gaussian underestimates the 99.9th percentile (the paper's Fig. 6 shows the same).
    expect(skewCells[2].box.median).toBeLessThan(0);
  });

  it('skips N larger than the pool and rejects unsorted sizes', () => {
    const part = sumsChunk(matrixRows(gaussianish), { ...params, sizes: [10, 500] }, 0, 2);
    expect(part.sizes).toEqual([10]);
    expect(() => sumsChunk(matrixRows(gaussianish), { ...params, sizes: [20, 10] }, 0, 2)).toThrow(
      /ascending/,
    );
    expect(() => sumsChunk(matrixRows(gaussianish), params, 0, 41)).toThrow(
      /invalid replicate range \[0, 41\) of 40/,
    );
  });

  it("Fig. 5: a histogram with unit area and the fitted Gaussian from the tasks' moments", () => {
    const src = matrixRows(gaussianish);
    const p = fig5(src, { n: 30, seed: 1 });
    const widths = p.histogram.edges.slice(1).map((e, b) => e - p.histogram.edges[b]);
    const area = p.histogram.density.reduce((s, d, b) => s + d * widths[b], 0);
    expect(area).toBeCloseTo(1, 9);
    expect(p.mu).toBeCloseTo(1.5, 1);
    expect(p.curveY.every((y) => y >= 0)).toBe(true);
    expect(fig5(src, { n: 30, seed: 1, example: 1 }).mu).not.toBe(p.mu);
    expect(() => fig5(src, { n: 301, seed: 1 })).toThrow(
      /N = 301 is more than the pool's 300 tasks/,
    );
  });

  it('reports progress and stops when cancelled', () => {
    const seen: number[] = [];
    sumsChunk(matrixRows(gaussianish), params, 0, 5, { onProgress: (d) => seen.push(d) });
    expect(seen).toEqual([0, 1, 2, 3, 4, 5]);
    let calls = 0;
    const signal = {
      get aborted() {
        return ++calls > 2;
      },
    };
    expect(() => sumsChunk(matrixRows(gaussianish), params, 0, 5, { signal })).toThrow(
      CancelledError,
    );
  });
});

describe('data figures (Figs. 1–3, §3.4)', () => {
  const inst = tasks(60, 240, 21, (rng) => 0.02 * expo(rng));
  const avg = inst.map((x) => x.map((v, t) => (t > 0 ? (v + x[t - 1]) / 2 : v)));
  const samples = { ids: inst.map((_, i) => `t${i}`), inst, avg };

  it('Fig. 1: chunks agree with one pass; more samples, smaller spread; needs avg', () => {
    const whole = fig1Chunk(samples, { seed: 2 }, 0, 60);
    expect(
      mergeFig1([fig1Chunk(samples, { seed: 2 }, 31, 60), fig1Chunk(samples, { seed: 2 }, 0, 31)]),
    ).toEqual(whole);
    const r = fig1(whole);
    const iqr = (k: number) => {
      const b = r.boxes.find((x) => x.k === k)!.box;
      return b.q3 - b.q1;
    };
    expect(iqr(100)).toBeLessThan(iqr(10));
    expect(iqr(10)).toBeLessThan(iqr(1));
    expect(r.boxes.find((x) => x.k === 500)!.box.count).toBe(0);
    expect(() => fig1Chunk({ ids: samples.ids, inst }, { seed: 2 }, 0, 1)).toThrow(/no avg series/);
  });

  it('Figs. 2–3: inst varies more than its smoothing; the heatmap covers the tasks', () => {
    const m = mergeMoments([momentsChunk(samples, 0, 25), momentsChunk(samples, 25, 60)]);
    expect(m).toEqual(momentsChunk(samples, 0, 60));
    const f2 = fig2(m, 10);
    expect(f2.shareInstAbove).toBe(1);
    expect(f2.medianInst).toBeGreaterThan(f2.medianAvg);
    const f3 = fig3(m, { bins: 10, meanMax: 1, sdMax: 1 });
    const total = f3.inst.cells.reduce((s, v) => s + v, 0);
    expect(total).toBeCloseTo(1, 12);
    expect(f3.diff!.reduce((s, v) => s + v, 0)).toBeCloseTo(0, 12);
    expect(f3.trendInst.slope).toBeGreaterThan(0);
  });

  it('§3.4: stationary tasks rarely differ between two windows, tasks with a level shift do', () => {
    const steady = { ids: inst.map((_, i) => `s${i}`), inst };
    const shifted = {
      ids: inst.map((_, i) => `d${i}`),
      inst: inst.map((x) => x.map((v, t) => v + (t >= 120 ? 1 : 0))),
    };
    const a = timeInvariance(timeInvarianceChunk(steady, { seed: 4 }, 0, 60));
    expect(a.tested).toBe(60);
    expect(a.rejectedShare).toBeLessThanOrEqual(0.15);
    const whole = timeInvarianceChunk(shifted, { seed: 4 }, 0, 60);
    expect(
      mergeTimeInvariance([
        timeInvarianceChunk(shifted, { seed: 4 }, 0, 13),
        timeInvarianceChunk(shifted, { seed: 4 }, 13, 60),
      ]),
    ).toEqual(whole);
    // Two distinct windows of 20 hours: a pair straddles the shift with probability 10·10/C(20, 2) ≈ 0.53.
    expect(timeInvariance(whole).rejectedShare).toBeGreaterThan(0.35);
    const short = { ids: ['a'], inst: [new Float64Array(23)] };
    expect(timeInvariance(timeInvarianceChunk(short, { seed: 1 }, 0, 1)).tested).toBe(0);
  });
});

describe('k-means over usage histograms (Fig. 4)', () => {
  it('recovers 16 well-separated clusters of different sizes', () => {
    const k = 16;
    const series: Float64Array[] = [];
    const truth: number[] = [];
    const rng = new Rng(8);
    for (let c = 0; c < k; c++) {
      // Cluster c: usage in bin 5c + 1 (80 %) or a neighbour bin (10 % each); 10 + 3c tasks of 200 samples.
      for (let i = 0; i < 10 + 3 * c; i++) {
        series.push(
          Float64Array.from({ length: 200 }, () => {
            const u = rng.nextFloat();
            return (5 * c + 1 + (u < 0.8 ? 0 : u < 0.9 ? -1 : 1) + 0.5) / 100;
          }),
        );
        truth.push(c);
      }
    }
    const h = mergeHistograms([
      histogramsChunk(series, 0, 100),
      histogramsChunk(series, 100, series.length),
    ]);
    expect(h).toEqual(histogramsChunk(series, 0, series.length));
    const r = kmeans(h, { k, seed: 1 });
    expect(r.converged).toBe(true);
    // Each found cluster holds exactly one true cluster.
    const map = new Map<number, number>();
    truth.forEach((c, i) => {
      const found = r.assignment[i];
      if (!map.has(found)) map.set(found, c);
      expect(map.get(found)).toBe(c);
    });
    expect(map.size).toBe(k);
    // Ordered by size: the largest true cluster (15) comes first.
    expect(r.shares[0]).toBeCloseTo(55 / series.length, 12);
    expect(r.shares.reduce((s, v) => s + v, 0)).toBeCloseTo(1, 12);
    // A centroid is the mean histogram of its tasks: it sums to 1.
    for (let j = 0; j < k; j++)
      expect(r.centroids.subarray(j * 100, (j + 1) * 100).reduce((s, v) => s + v, 0)).toBeCloseTo(
        1,
        12,
      );
  });

  it('bins usage by 0.01, counting 1.0 in the last bin', () => {
    const h = histogramsChunk([Float64Array.from([0, 0.005, 0.01, 0.999, 1])], 0, 1);
    const d = denseHistogram(h, 0);
    expect(d[0]).toBeCloseTo(0.4, 15);
    expect(d[1]).toBeCloseTo(0.2, 15);
    expect(d[99]).toBeCloseTo(0.4, 15);
  });

  it('is seeded: same seed, same clusters', () => {
    const series = tasks(300, 40, 3, (rng, i) => (i % 3) * 0.1 + 0.05 * rng.nextFloat());
    const h = histogramsChunk(series, 0, 300);
    expect(kmeans(h, { k: 5, seed: 2 })).toEqual(kmeans(h, { k: 5, seed: 2 }));
    expect(() => kmeans(histogramsChunk(series, 0, 3), { k: 4, seed: 1 })).toThrow(
      /k = 4 needs at least 4 tasks, got 3/,
    );
  });
});

describe('the paper lab on real data: PlanetLab, 3 March 2011 (1,052 VMs × 288 samples)', () => {
  const samples = parseWideCsv(readFileSync(PLANETLAB), 'planetlab_20110303.csv', { scale: 0.25 });

  it('computes every data figure', () => {
    expect(taskCount(samples.inst)).toBe(1052);
    const m = momentsChunk(samples, 0, 1052);
    const f3 = fig3(m);
    expect(f3.avg).toBeNull();
    expect(f3.trendInst.points).toBe(1052);
    expect(f3.trendInst.slope).toBeGreaterThan(0);
    const ti = timeInvariance(timeInvarianceChunk(samples, { seed: 1 }, 0, 1052));
    expect(ti.tested).toBe(1052);
    expect(ti.rejectedShare).toBeGreaterThan(0);
    const km = kmeans(histogramsChunk(seriesList(samples.inst), 0, 1052), { seed: 1 });
    expect(km.shares.length).toBe(16);
    expect(Math.min(...km.shares)).toBeGreaterThan(0);
  });

  it('computes Table 1 rows the pool can serve', () => {
    const X = realizeSeries(samples.inst, 2000, 1, 'inst', false);
    const rows = table1(
      sumsChunk(matrixRows(X), { sizes: [10, 100, 2000], replicates: 20, seed: 1 }, 0, 20),
    );
    expect(rows.map((r) => r.n)).toEqual([10, 100]);
    // PlanetLab VMs average 11.1 % of their host (README), here 0.25 machine each.
    expect(rows[1].meanTotal / 100).toBeCloseTo(0.111 * 0.25, 2);
  });
});
