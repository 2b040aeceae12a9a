import { describe, expect, it } from 'vitest';
import { planetlabDay } from '../../ingest/testing.ts';
import { machineTotals, realize, runPacking, WorkloadStats } from '../../engine/index.ts';
import { fillCounts, fillFrame, fillHeight } from './drawsFill.ts';

describe('the draws filling a machine’s histogram', () => {
  it('shows one draw first and all of them last, more at each frame, the same every time', () => {
    for (const [total, frames] of [
      [1000, 40],
      [7, 40],
      [1, 2],
      [10_000, 60],
    ]) {
      const counts = fillCounts(total, frames);
      expect(counts[0]).toBe(1);
      expect(counts.at(-1)).toBe(total);
      expect(counts.length).toBeLessThanOrEqual(frames);
      for (let k = 1; k < counts.length; k++) expect(counts[k]).toBeGreaterThan(counts[k - 1]);
      expect(fillCounts(total, frames)).toEqual(counts);
    }
    expect(() => fillCounts(0)).toThrow(/draw count/);
  });

  it('ends on the machine’s own overflow count, every frame counting the draws it shows', () => {
    const stats = new WorkloadStats(realize(planetlabDay(), 1000, 1, false));
    const rows = Int32Array.from({ length: 150 }, (_, i) => i * 4);
    const params = {
      packer: 'bf',
      fit: { kind: 'gpa', rho: 0.01 },
      capacity: 1,
      clairvoyance: 0.5,
      source: 'inst',
      rebalance: 5,
    } as const;
    const result = runPacking(stats, rows, params);
    const j = result.machines.findIndex((m) => m.overflows > 0);
    expect(j).toBeGreaterThanOrEqual(0);
    const machine = result.machines[j];
    const split = stats.split(params.clairvoyance);
    const totals = new Float64Array(result.evaluated);
    const poolRows = Array.from(machine.tasks, (t) => rows[t]);
    machineTotals(
      stats.workload.inst,
      poolRows,
      split.evaluateStart,
      split.evaluateEnd,
      Infinity,
      totals,
    );
    let previous = -1;
    for (const count of fillCounts(totals.length)) {
      const frame = fillFrame(totals, count, params.capacity);
      expect(frame.bins.reduce((a, b) => a + b.count, 0)).toBe(count);
      expect(frame.over).toBe(totals.subarray(0, count).filter((v) => v > params.capacity).length);
      expect(frame.over).toBeGreaterThanOrEqual(previous);
      previous = frame.over;
    }
    const last = fillFrame(totals, totals.length, params.capacity);
    expect(last.over).toBe(machine.overflows);
    expect(fillHeight(totals, params.capacity)).toBe(Math.max(...last.bins.map((b) => b.count)));
  });
});
