import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALIGN, poolLayout, scratchLayout, slotScratch } from './layout.ts';

describe('pool layout', () => {
  it('places matrices and scratch slots aligned, in order, without overlap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30000 }),
        fc.integer({ min: 1, max: 20000 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 16 }),
        (tasks, r, hasAvg, slots) => {
          const l = poolLayout(tasks, r, hasAvg, slots);
          const matrix = 4 * tasks * r;
          const regions: [number, number][] = [[l.instOffset, l.instOffset + matrix]];
          if (hasAvg) regions.push([l.avgOffset, l.avgOffset + matrix]);
          else expect(l.avgOffset).toBe(-1);
          for (let s = 0; s < slots; s++) {
            const sc = slotScratch(l, s);
            expect(sc.totals + 8 * r).toBeLessThanOrEqual(sc.rows);
            expect(sc.rows + 4 * sc.entries).toBeLessThanOrEqual(sc.offsets);
            expect(sc.offsets + 4 * (sc.entries + 1)).toBeLessThanOrEqual(sc.counts);
            regions.push([sc.totals, sc.totals + sc.bytes]);
          }
          for (const [a] of regions) expect(a % ALIGN).toBe(0);
          for (let i = 1; i < regions.length; i++)
            expect(regions[i][0]).toBeGreaterThanOrEqual(regions[i - 1][1]);
          expect(regions.at(-1)![1]).toBeLessThanOrEqual(l.bytes);
        },
      ),
    );
  });

  it('names bad sizes and slots', () => {
    expect(() => poolLayout(0, 10, false, 1)).toThrow('invalid task count: 0');
    expect(() => poolLayout(5, 2.5, false, 1)).toThrow('invalid realization count: 2.5');
    expect(() => slotScratch(poolLayout(5, 10, false, 2), 2)).toThrow('invalid slot 2 of 2');
    expect(scratchLayout(128, 10).totals).toBe(128);
  });
});
