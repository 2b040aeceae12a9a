import { describe, expect, it } from 'vitest';
import { Rng, sampleWithoutReplacement, streamKey } from './rng.ts';

describe('the seeded generator', () => {
  it('draws integers uniformly (chi-squared over 10 cells)', () => {
    const rng = new Rng(12345);
    const counts = new Array(10).fill(0);
    const n = 100_000;
    for (let i = 0; i < n; i++) counts[rng.nextInt(10)]++;
    const chi2 = counts.reduce((s, c) => s + (c - n / 10) ** 2 / (n / 10), 0);
    expect(chi2).toBeLessThan(27.88); // 99.9th percentile of χ² with 9 degrees of freedom
  });
  it('draws the integers of the multiply-and-reject rule written with a remainder', () => {
    const TWO_32 = 2 ** 32;
    const reference = (rng: Rng, n: number) => {
      let m = rng.nextUint32() * n;
      while (m % TWO_32 < n && m % TWO_32 < (TWO_32 - n) % n) m = rng.nextUint32() * n;
      return Math.floor(m / TWO_32);
    };
    for (const n of [1, 2, 3, 7, 10, 1000, 1052, 65_537, 1_000_003, 2_097_151, 2_097_152]) {
      const a = new Rng(streamKey(7, 'inst', n));
      const b = new Rng(streamKey(7, 'inst', n));
      const got: number[] = [];
      const want: number[] = [];
      for (let i = 0; i < 20_000; i++) {
        got.push(a.nextInt(n));
        want.push(reference(b, n));
      }
      expect(got).toEqual(want);
    }
  });
  it('keeps streams apart by purpose and index', () => {
    expect(streamKey(1, 'inst', 0)).not.toBe(streamKey(1, 'avg', 0));
    expect(streamKey(1, 'inst', 0)).not.toBe(streamKey(1, 'inst', 1));
    expect(streamKey(1, 'inst', 0)).not.toBe(streamKey(2, 'inst', 0));
    expect(streamKey(2 ** 40, 'inst', 0)).not.toBe(streamKey(0, 'inst', 0));
  });
  it('rejects a bad seed by name', () => {
    expect(() => streamKey(-1, 'inst')).toThrow(/invalid seed: -1/);
    expect(() => streamKey(1.5, 'inst')).toThrow(/invalid seed: 1.5/);
  });
  it('samples without replacement', () => {
    const s = Array.from(sampleWithoutReplacement(new Rng(3), 50, 50)).sort((a, b) => a - b);
    expect(s).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(() => sampleWithoutReplacement(new Rng(3), 5, 6)).toThrow(/cannot draw 6 of 5/);
  });
  it('gives floats in [0, 1)', () => {
    const rng = new Rng(9);
    for (let i = 0; i < 10_000; i++) {
      const u = rng.nextFloat();
      expect(u >= 0 && u < 1).toBe(true);
    }
  });
});

describe('fillInts', () => {
  it('draws the same numbers as nextInt, in order, and leaves the stream where nextInt would', () => {
    // Ranges with much rejection (just above a power of two, 2^21 − 1), none (1), and the wide path.
    for (const n of [1, 3, 288, 1025, 2097151, 2097152, 3000000]) {
      const a = Rng.stream(7, 'inst', n);
      const b = Rng.stream(7, 'inst', n);
      const filled = new Int32Array(5000);
      a.fillInts(n, filled);
      const drawn = Int32Array.from({ length: 5000 }, () => b.nextInt(n));
      expect(filled).toEqual(drawn);
      expect(a.nextUint32()).toBe(b.nextUint32());
    }
  });
});
