import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoundedCache, estimateBytes } from './boundedCache.ts';
import { LabCache } from './lab/paperLab.ts';

describe('BoundedCache', () => {
  it('never holds more than its entries or bytes, and keeps the most recently used', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 1, max: 500 }))),
        fc.integer({ min: 1, max: 10 }),
        (ops, maxEntries) => {
          const maxBytes = 4000;
          const cache = new BoundedCache<Float64Array>({ maxEntries, maxBytes });
          for (const [key, length] of ops) {
            cache.get(String(key));
            cache.set(String(key), new Float64Array(length));
            expect(cache.size).toBeLessThanOrEqual(maxEntries);
            expect(cache.bytes).toBeLessThanOrEqual(maxBytes);
            expect(cache.get(String(key))?.length).toBe(length);
          }
        },
      ),
    );
  });

  it('lets the least recently used go first', () => {
    const cache = new BoundedCache<number>({ maxEntries: 2, maxBytes: Infinity });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.get('a');
    cache.set('c', 3);
    expect([cache.has('a'), cache.has('b'), cache.has('c')]).toEqual([true, false, true]);
  });

  it('estimates bytes from typed arrays, numbers and strings, shared parts once', () => {
    const big = new Float32Array(1000);
    expect(estimateBytes(big)).toBe(4000);
    expect(estimateBytes({ a: big, b: big })).toBeLessThan(4100);
    expect(estimateBytes([1, 2, 3])).toBeGreaterThanOrEqual(24);
  });

  it('bounds the paper lab cache', async () => {
    const lab = new LabCache({ maxEntries: 3, maxBytes: Infinity });
    for (let i = 0; i < 10; i++) await lab.get(`k${i}`, async () => i);
    expect(lab.size).toBe(3);
    expect(lab.peek('k9')).toBe(9);
    expect(lab.peek('k0')).toBeUndefined();
  });
});
