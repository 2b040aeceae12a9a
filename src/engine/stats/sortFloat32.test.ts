import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortFloat32 } from './sortFloat32.ts';

const sameBits = (a: Float32Array, b: Float32Array) =>
  a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

describe('sortFloat32', () => {
  it('orders like Float32Array.prototype.sort, bit for bit (−0 before +0, infinities)', () => {
    const value = fc.oneof(
      fc.float({ noNaN: true }),
      fc.constantFrom(0, -0, Infinity, -Infinity, 1e-45, -1e-45, 0.25, 0.5),
      fc.integer({ min: 0, max: 100 }).map((k) => Math.fround((k / 100) * 0.25)),
    );
    fc.assert(
      fc.property(fc.array(value, { minLength: 0, maxLength: 3000 }), (xs) => {
        const a = Float32Array.from(xs);
        expect(sameBits(sortFloat32(a.slice()), a.slice().sort())).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('sorts rows of few distinct values (counted) and of many (radix) alike', () => {
    const few = Float32Array.from({ length: 10000 }, (_, i) => ((i * 7919) % 289) / 400 - 0.1);
    const many = Float32Array.from({ length: 10000 }, (_, i) => Math.sin(i) * 1e3);
    for (const a of [few, many, Float32Array.from([...few.subarray(0, 5000), ...many])])
      expect(sameBits(sortFloat32(a.slice()), a.slice().sort())).toBe(true);
  });

  it('puts NaN last, as the built-in sort does', () => {
    const a = Float32Array.from({ length: 1000 }, (_, i) => (i % 7 === 0 ? NaN : 500 - i));
    new Uint32Array(a.buffer)[14] = 0xffc00000; // a NaN with the sign bit set
    const got = sortFloat32(a.slice());
    const want = a.slice().sort();
    expect(Array.from(got.subarray(0, 857))).toEqual(Array.from(want.subarray(0, 857)));
    expect(got.subarray(857).every(Number.isNaN)).toBe(true);
  });

  it('sorts in place and returns its argument', () => {
    const a = Float32Array.from({ length: 600 }, (_, i) => (i * 37) % 600);
    expect(sortFloat32(a)).toBe(a);
    expect(Array.from(a)).toEqual(Array.from({ length: 600 }, (_, i) => i));
  });
});
