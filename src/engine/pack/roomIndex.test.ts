import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitTest, type FitTest, type TaskSizes } from '../fit/index.ts';
import { PACKERS, pack } from './pack.ts';
import { RoomIndex } from './roomIndex.ts';

/** The same test without `room`: the packer then scores every open machine (the full scan). */
const fullScan = (fit: FitTest): FitTest => ({ ...fit, room: undefined });

describe('packing through the room index', () => {
  it('places every task where the full scan places it (GPA, every packer)', () => {
    const task = fc.record({
      size: fc.oneof(
        fc.double({ min: 0, max: 0.6, noNaN: true }),
        fc.double({ min: 0, max: 0.05, noNaN: true }),
      ),
      variance: fc.double({ min: 0, max: 0.002, noNaN: true }),
    });
    fc.assert(
      fc.property(
        fc.array(task, { minLength: 1, maxLength: 300 }),
        fc.constantFrom(0.3, 0.05, 0.01, 1e-4),
        fc.constantFrom(...PACKERS),
        fc.constantFrom(0.7, 1, 2),
        fc.integer({ min: 0, max: 6 }),
        (tasks, rho, packer, capacity, rebalance) => {
          const sizes: TaskSizes = {
            size: Float64Array.from(tasks, (t) => t.size),
            variance: Float64Array.from(tasks, (t) => t.variance),
          };
          const fit = fitTest({ kind: 'gpa', rho });
          expect(fit.room).toBeDefined();
          const options = { packer, capacity, rebalance };
          expect(pack(sizes, fit, options)).toEqual(pack(sizes, fullScan(fit), options));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never counts a machine out whose slack would be ≥ 0: the largest fitting size is within room', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(0.3, 0.05, 0.01, 1e-4),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 0.05, noNaN: true }),
        fc.double({ min: 0, max: 0.05, noNaN: true }),
        (rho, load, variance, taskVariance) => {
          const fit = fitTest({ kind: 'gpa', rho });
          if (fit.slack(load, variance, 0, taskVariance, 1) < 0) return;
          // Bisection to the last double where the task still fits.
          let lo = 0;
          let hi = 2;
          for (let k = 0; k < 200 && hi - lo > 0; k++) {
            const mid = (lo + hi) / 2;
            if (mid === lo || mid === hi) break;
            if (fit.slack(load, variance, mid, taskVariance, 1) >= 0) lo = mid;
            else hi = mid;
          }
          expect(lo).toBeLessThanOrEqual(fit.room!(load, variance, 1));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('visits machines with room in machine order and skips the rest', () => {
    const index = new RoomIndex(5);
    [0.1, 0.5, 0.05, 0.5, 0.3].forEach((r, j) => index.set(j, r));
    const seen: number[] = [];
    const slackOf = [NaN, 0.2, NaN, 0.2, 0.1];
    const chosen = index.choose(0.2, (j) => (seen.push(j), slackOf[j]), false);
    expect(seen).toEqual([1, 3, 4]);
    // Best Fit: the smallest slack; First Fit: the first that fits.
    expect(chosen).toBe(4);
    expect(index.choose(0.2, (j) => slackOf[j], true)).toBe(1);
    index.set(4, 0.01);
    expect(index.choose(0.2, (j) => slackOf[j], false)).toBe(1);
    expect(index.choose(0.6, () => 1, false)).toBe(-1);
  });
});
