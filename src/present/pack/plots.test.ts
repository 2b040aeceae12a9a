import { describe, expect, it } from 'vitest';
import type { SweepRow } from '../../engine/index.ts';
import { trendLine } from './dataPlots.ts';
import { histogram, survival } from './histogram.ts';
import { machineHistogramSpec, survivalSpec } from './machinePlots.ts';
import { tradeoffPoints, tradeoffSpec } from '../tradeoff/tradeoffPlots.ts';

describe('plot data', () => {
  it('bins a histogram whose densities integrate to 1', () => {
    const values = Array.from({ length: 1000 }, (_, i) => ((i * 7919) % 1000) / 1000);
    const bins = histogram(values, 20);
    expect(bins.reduce((s, b) => s + b.count, 0)).toBe(1000);
    expect(bins.reduce((s, b) => s + b.density * (b.x1 - b.x0), 0)).toBeCloseTo(1, 12);
  });

  it('gives the empirical survival function at distinct values', () => {
    expect(survival([3, 1, 2, 2])).toEqual([
      { x: 1, p: 0.75 },
      { x: 2, p: 0.25 },
    ]);
  });

  it('fits a trend line through exact points', () => {
    const pts = [0, 1, 2, 3].map((m) => ({ id: String(m), mean: m, sd: 0.36 * m + 0.015 }));
    const { slope, intercept } = trendLine(pts);
    expect(slope).toBeCloseTo(0.36, 12);
    expect(intercept).toBeCloseTo(0.015, 12);
  });

  it('averages sweep rows per fit test and flags q below the resolution', () => {
    const row = (
      fit: SweepRow['params']['fit'],
      instance: number,
      m: number,
      q: number,
    ): SweepRow => ({
      index: instance,
      instance,
      params: { packer: 'bf', fit, capacity: 1, clairvoyance: 1, source: 'inst', rebalance: 5 },
      mAbs: 10,
      mNorm: 8,
      m,
      q,
      moves: 0,
      oversized: 0,
    });
    const points = tradeoffPoints(
      [
        row({ kind: 'gpa', rho: 0.01 }, 0, 1.2, 0.02),
        row({ kind: 'gpa', rho: 0.01 }, 1, 1.4, 0.04),
        row({ kind: 'max' }, 0, 3, 0),
      ],
      10_000,
      { kind: 'gpa', rho: 0.01 },
    );
    const gpa = points.find((p) => p.fit === 'gpa:0.01')!;
    expect(gpa.m).toBeCloseTo(1.3, 12);
    expect(gpa.q).toBeCloseTo(0.03, 12);
    expect(gpa.current).toBe(true);
    const max = points.find((p) => p.fit === 'max')!;
    expect(max.belowFloor).toBe(true);
    expect(max.qPlot).toBe(0.5 / 10_000);
    expect(tradeoffSpec(points, 10_000).y).toMatchObject({ type: 'log' });
  });

  it('draws the capacity, and the GPA percentile only for GPA', () => {
    const base = { totals: [0.5, 0.7, 0.9, 1.1], mean: 0.8, sd: 0.2, capacity: 1 };
    const withGpa = machineHistogramSpec({ ...base, rho: 0.01, gpaPercentile: 1.27 });
    const without = machineHistogramSpec({ ...base, rho: null, gpaPercentile: null });
    expect(withGpa.marks!.length).toBe(without.marks!.length + 1);
    expect(survivalSpec({ ...base, rho: null, gpaPercentile: null }).y).toMatchObject({
      type: 'log',
    });
  });
});

describe('the trade-off plot with an A/B comparison', () => {
  it('marks each side at its m and q, q = 0 at half the resolution floor', () => {
    const plain = tradeoffSpec([], 1000);
    const spec = tradeoffSpec([], 1000, 720, [
      { label: 'A', m: 1.2, q: 0.004 },
      { label: 'B', m: 1.4, q: 0 },
    ]);
    const sideMarks = (o: typeof spec) =>
      o.marks!.filter((m) =>
        (m as { data?: unknown[] }).data?.some((d) => (d as { label?: string }).label === 'A'),
      );
    expect(sideMarks(plain)).toHaveLength(0);
    expect(sideMarks(spec)).toHaveLength(2);
    const text = sideMarks(spec)[0] as unknown as { data: { label: string; qPlot: number }[] };
    expect(text.data.map((d) => [d.label, d.qPlot])).toEqual([
      ['A', 0.004],
      ['B', 0.0005],
    ]);
  });
});
