import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxAssignmentTotal, maxWeightAssignment } from './matching.ts';

/** The best total over every injective assignment of rows to columns (or to nothing). */
function bruteForce(w: number[][], cols: number): number {
  const used = new Set<number>();
  const go = (i: number): number => {
    if (i === w.length) return 0;
    let best = go(i + 1);
    for (let j = 0; j < cols; j++)
      if (!used.has(j)) {
        used.add(j);
        best = Math.max(best, w[i][j] + go(i + 1));
        used.delete(j);
      }
    return best;
  };
  return go(0);
}

describe('maxWeightAssignment', () => {
  it('finds the assignment keeping the most VMs in place (vs brute force)', () => {
    const arb = fc
      .tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 }))
      .chain(([r, c]) =>
        fc.tuple(
          fc.constant(c),
          fc.array(fc.array(fc.nat(9), { minLength: c, maxLength: c }), {
            minLength: r,
            maxLength: r,
          }),
        ),
      );
    fc.assert(
      fc.property(arb, ([cols, w]) => {
        const a = maxWeightAssignment(
          w.map((r) => Float64Array.from(r)),
          cols,
        );
        const seen = new Set<number>();
        let total = 0;
        a.forEach((c, i) => {
          if (c < 0) return;
          expect(seen.has(c)).toBe(false);
          seen.add(c);
          total += w[i][c];
        });
        expect(total).toBe(bruteForce(w, cols));
      }),
      { numRuns: 2000 },
    );
  });

  it('maxAssignmentTotal gives the brute-force best total, on the fast path and off it', () => {
    const arb = fc
      .tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 }), fc.boolean())
      .chain(([r, c, diagonal]) =>
        fc.tuple(
          fc.constant(c),
          fc.constant(diagonal),
          fc.array(fc.array(fc.nat(9), { minLength: c, maxLength: c }), {
            minLength: r,
            maxLength: r,
          }),
        ),
      );
    fc.assert(
      fc.property(arb, ([cols, diagonal, w]) => {
        // A heavy diagonal makes the row maxima distinct (the certificate's case).
        if (diagonal) w.forEach((row, i) => i < cols && (row[i] += 20));
        const flat = Float64Array.from(w.flat());
        expect(maxAssignmentTotal(flat, w.length, cols)).toBe(bruteForce(w, cols));
      }),
      { numRuns: 2000 },
    );
  });
});
