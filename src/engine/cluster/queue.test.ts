import { describe, expect, it } from 'vitest';
import { allenCunneenDelay, erlangC, minContainers } from './queue.ts';

describe('Erlang C and Allen–Cunneen (harmony-notes.md §5 item 5 vectors)', () => {
  it('M/M/2, λ = μ = 1: π = 1/3, d = 1/3', () => {
    expect(erlangC(2, 1)).toBeCloseTo(1 / 3, 12);
    expect(allenCunneenDelay(2, 1, 1, 1)).toBeCloseTo(1 / 3, 12);
  });
  it('c = 5, λ = 4, μ = 1: π = 0.55411', () => {
    expect(erlangC(5, 4)).toBeCloseTo(0.55411, 5);
  });
  it('c = 10, λ = 8, μ = 1, CV² = 1: π = 0.40918, d = 0.20459', () => {
    expect(erlangC(10, 8)).toBeCloseTo(0.40918, 5);
    expect(allenCunneenDelay(10, 8, 1, 1)).toBeCloseTo(0.20459, 5);
  });
  it('smallest container counts: 1028, 1039 and 106', () => {
    expect(minContainers(10, 0.01, 1, 1)).toBe(1028);
    expect(minContainers(10, 0.01, 4, 1)).toBe(1039);
    expect(minContainers(1, 0.01, 1, 10)).toBe(106);
  });
  it('the count is minimal: one fewer misses the target', () => {
    for (const [l, m, cv2, d] of [
      [10, 0.01, 1, 1],
      [3, 0.5, 2, 0.1],
      [1, 0.01, 1, 10],
    ]) {
      const n = minContainers(l, m, cv2, d);
      expect(allenCunneenDelay(n, l, m, cv2)).toBeLessThanOrEqual(d);
      if (n - 1 > l / m) expect(allenCunneenDelay(n - 1, l, m, cv2)).toBeGreaterThan(d);
    }
  });
  it('M/M/c reduces to W_q = C(c, a)/(cμ − λ)', () => {
    expect(allenCunneenDelay(7, 5, 0.9, 1)).toBeCloseTo(erlangC(7, 5 / 0.9) / (7 * 0.9 - 5), 12);
  });
  it('rejects bad input with a clear error', () => {
    expect(() => minContainers(0, 1, 1, 1)).toThrow(/λ/);
    expect(() => minContainers(1, 1, -1, 1)).toThrow(/CV²/);
    expect(() => minContainers(1, 1, 1, 0)).toThrow(/d̄/);
  });
});
