import { describe, expect, it } from 'vitest';
import { syntheticWeek } from './synthetic.ts';

describe('synthetic week (semionline-notes §3.1)', () => {
  const week = syntheticWeek({ seed: 7 });

  it('has the paper’s heavy tail: ≈70 % ≤ 10 CPU·s, ≈1.9 % > 1000 CPU·s carrying ≈60 % of the work', () => {
    let small = 0;
    let large = 0;
    let largeWork = 0;
    let work = 0;
    for (let i = 0; i < week.count; i++) {
      const w = week.size[i] * week.duration[i];
      work += w;
      if (w <= 10) small++;
      if (w > 1000) {
        large++;
        largeWork += w;
      }
    }
    expect(week.count).toBe(221_140);
    expect(small / week.count).toBeGreaterThan(0.67);
    expect(small / week.count).toBeLessThan(0.73);
    expect(large / week.count).toBeGreaterThan(0.016);
    expect(large / week.count).toBeLessThan(0.022);
    expect(largeWork / work).toBeGreaterThan(0.5);
    expect(largeWork / work).toBeLessThan(0.7);
    // The paper's week: 16,343,165 CPU·s.
    expect(work).toBeGreaterThan(12e6);
    expect(work).toBeLessThan(22e6);
  });

  it('is bursty: thousands of tasks in a peak minute, most 2 s windows empty, all within the week', () => {
    const perMinute = new Map<number, number>();
    const busy2s = new Set<number>();
    let outside = 0;
    for (const a of week.arrival) {
      if (a < 0 || a >= 7 * 86_400) outside++;
      const m = Math.floor(a / 60);
      perMinute.set(m, (perMinute.get(m) ?? 0) + 1);
      busy2s.add(Math.floor(a / 2));
    }
    expect(outside).toBe(0);
    expect(Math.max(...perMinute.values())).toBeGreaterThan(2000);
    expect(1 - busy2s.size / 302_400).toBeGreaterThan(0.5);
  });

  it('mixes lone windows with crowded ones: most busy 2 s steps get < 10 tasks, hundreds get 20–100', () => {
    const perStep = new Map<number, number>();
    for (const a of week.arrival)
      perStep.set(Math.floor(a / 2), (perStep.get(Math.floor(a / 2)) ?? 0) + 1);
    const counts = [...perStep.values()];
    const few = counts.filter((c) => c < 10).length;
    const mid = counts.filter((c) => c >= 20 && c <= 100).length;
    const huge = counts.filter((c) => c > 1000).length;
    // The paper's Fig. 6a: most steps < 10 tasks, > 700 steps of 20–100 tasks, 12 steps > 1000.
    expect(few / counts.length).toBeGreaterThan(0.7);
    expect(mid).toBeGreaterThan(300);
    expect(huge).toBeGreaterThanOrEqual(3);
    expect(huge).toBeLessThan(60);
  });

  it('is seeded: the same seed gives the same week, another seed another', () => {
    const again = syntheticWeek({ seed: 7, tasks: 5000 });
    const same = syntheticWeek({ seed: 7, tasks: 5000 });
    const other = syntheticWeek({ seed: 8, tasks: 5000 });
    expect(Array.from(same.duration)).toEqual(Array.from(again.duration));
    expect(Array.from(same.arrival)).toEqual(Array.from(again.arrival));
    expect(Array.from(other.duration)).not.toEqual(Array.from(again.duration));
  });
});
