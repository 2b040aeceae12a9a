import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capacityLimit } from '../capacity.ts';
import { DEFAULT_PARAMS, activeAt, clusterAt, simulateTimeline, syntheticWeek } from './index.ts';

describe('replay', () => {
  const tasks = syntheticWeek({ seed: 11, tasks: 3000, days: 0.5 });
  const r = simulateTimeline(tasks, { ...DEFAULT_PARAMS, window: 5 });

  it('agrees with the active-machine series, loads within capacity, waits within 2·tw', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 50_000, noNaN: true }), (t) => {
        const s = clusterAt(tasks, r, t);
        expect(s.machines.length).toBe(activeAt(r, t));
        for (const m of s.machines) expect(m.load).toBeLessThanOrEqual(capacityLimit(1));
        for (const i of s.waiting) expect(t - tasks.arrival[i]).toBeLessThan(10 + 1e-9);
      }),
      { numRuns: 60 },
    );
  });

  it('the cumulative series ends at the machine-time', () => {
    const c = r.cumulative.value;
    expect(c[c.length - 1]).toBeCloseTo(r.machineSeconds, 3);
  });
});
