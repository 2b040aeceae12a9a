/**
 * The radix sort and the tie-sharing A² give exactly the built-in sort's order and the plain A² sum,
 * and the pairwise sums specialised to Float64Array give the generic ones' bits.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pairwiseSum } from '../stats/summation.ts';
import { andersonStatisticSorted, meanAndSd } from './anderson.ts';
import { logNormalCdfFast } from './normalTail.ts';
import { pairwiseSquares64, pairwiseSum64 } from './pairwise64.ts';
import { SortWorkspace, sortFloat64 } from './sort.ts';

const sameBits = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  a.length === b.length && Array.from(a).every((v, i) => Object.is(v, b[i]));

// Non-negative values (the radix path): lattice sums with ties, wide magnitudes, +∞ and NaN.
const nonNegative = fc.oneof(
  fc.integer({ min: 0, max: 400 }).map((k) => k * Math.fround(0.0025)),
  fc.double({ min: 0, max: 1e300, noNaN: true }),
  fc.constantFrom(0, 5e-324, 1, Infinity, NaN),
);

describe('sortFloat64', () => {
  const ws = new SortWorkspace();

  it('sorts non-negative values by their bits exactly as the built-in sort', () => {
    fc.assert(
      fc.property(fc.array(nonNegative, { minLength: 256, maxLength: 3000 }), (xs) => {
        const a = Float64Array.from(xs);
        const expected = Float64Array.from(a).sort();
        expect(sameBits(sortFloat64(a, ws), expected)).toBe(true);
      }),
      { numRuns: 80 },
    );
  });

  it('falls back to the built-in sort for negatives and −0', () => {
    for (const odd of [-1e-9, -0, -Infinity]) {
      const a = Float64Array.from({ length: 500 }, (_, i) => ((i * 7919) % 503) / 7);
      a[250] = odd;
      const expected = Float64Array.from(a).sort();
      expect(sameBits(sortFloat64(a, ws), expected)).toBe(true);
      expect(Object.is(a[0], odd)).toBe(true);
    }
  });
});

/** A² as the plain sum over the sorted sample (SPEC §9), two log Φ per value. */
function plainA2(sorted: Float64Array, mean: number, sd: number): number {
  const n = sorted.length;
  let acc = 0;
  for (let i = 0; i < n; i++) {
    const w = (sorted[i] - mean) / sd;
    acc += (2 * i + 1) * logNormalCdfFast(w) + (2 * (n - i) - 1) * logNormalCdfFast(-w);
  }
  return -n - acc / n;
}

describe('A² and moments of a sum', () => {
  it('A² sharing log Φ between ties has the plain sum’s bits', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 2, maxLength: 2000 }),
        fc.double({ min: 1e-3, max: 10, noNaN: true }),
        (ks, step) => {
          const x = Float64Array.from(ks, (k) => k * step).sort();
          const { mean, sd } = meanAndSd(x);
          if (!(sd > 0)) return;
          expect(Object.is(andersonStatisticSorted(x, mean, sd), plainA2(x, mean, sd))).toBe(true);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('pairwise sums over Float64Array have the generic pairwise sum’s bits', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e3, max: 1e3, noNaN: true }), { maxLength: 1200 }),
        fc.double({ min: -10, max: 10, noNaN: true }),
        (xs, m) => {
          const a = Float64Array.from(xs);
          const squares = Float64Array.from(a, (v) => (v - m) * (v - m));
          expect(Object.is(pairwiseSum64(a, 0, a.length), pairwiseSum(a, 0, a.length))).toBe(true);
          expect(Object.is(pairwiseSquares64(a, m, 0, a.length), pairwiseSum(squares))).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });
});
