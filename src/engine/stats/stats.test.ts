import { describe, expect, it } from 'vitest';
import { percentileOfSorted } from './percentile.ts';
import { meanAndVariance, pairwiseSum } from './summation.ts';
import { normalCdf, normalQuantile, normalSurvival } from './normal.ts';

describe('percentiles (type 7)', () => {
  it('interpolates linearly between order statistics', () => {
    const x = [1, 2, 3, 4];
    expect(percentileOfSorted(x, 0)).toBe(1);
    expect(percentileOfSorted(x, 50)).toBe(2.5);
    expect(percentileOfSorted(x, 100)).toBe(4);
    expect(percentileOfSorted(x, 25)).toBeCloseTo(1.75, 15);
    expect(percentileOfSorted([5], 37)).toBe(5);
  });
  it('rejects a percentile outside [0, 100]', () => {
    expect(() => percentileOfSorted([1, 2], 101)).toThrow(/invalid percentile: 101/);
  });
});

describe('summation', () => {
  it('adds like a plain loop where every partial sum is exact', () => {
    const x = Array.from({ length: 1000 }, (_, i) => i);
    expect(pairwiseSum(x)).toBe(499500);
  });
  it('computes mean and population variance', () => {
    const { mean, variance } = meanAndVariance([2, 4, 4, 4, 5, 5, 7, 9], 0, 8, new Float64Array(8));
    expect(mean).toBe(5);
    expect(variance).toBe(4);
  });
});

describe('the normal distribution', () => {
  it('has the textbook quantiles and tails', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 9);
    expect(normalCdf(0)).toBeCloseTo(0.5, 15);
    expect(normalSurvival(3)).toBeCloseTo(0.0013498980316301, 12);
    expect(normalSurvival(-3) + normalSurvival(3)).toBeCloseTo(1, 14);
  });
});
