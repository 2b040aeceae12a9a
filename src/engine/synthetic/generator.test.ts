import { describe, expect, it } from 'vitest';
import { syntheticTask, syntheticWorkload } from './generator.ts';
import { SYNTHETIC_PARAMS } from './params.ts';
import { seriesAt, seriesList, taskCount } from '../data/samples/samples.ts';

describe('the synthetic Google-like workload', () => {
  const w = syntheticWorkload(3000, 5);

  it('is seeded per task: a range of the pool equals the same tasks of a larger pool', () => {
    const part = syntheticWorkload(40, 5, SYNTHETIC_PARAMS, 100);
    expect(part.ids[0]).toBe('syn-100');
    seriesList(part.inst).forEach((x, k) =>
      expect(Array.from(x)).toEqual(Array.from(seriesAt(w.inst, 100 + k))),
    );
    part.avg.forEach((y, k) => expect(Array.from(y)).toEqual(Array.from(w.avg[100 + k])));
    expect(Array.from(seriesAt(syntheticWorkload(5, 6).inst, 0))).not.toEqual(
      Array.from(seriesAt(w.inst, 0)),
    );
  });

  it('gives long tasks (≥ 24 records) with inst and avg in [0, 1], no all-zero inst (the paper drops those)', () => {
    for (let i = 0; i < taskCount(w.inst); i++) {
      expect(seriesAt(w.inst, i).length).toBeGreaterThanOrEqual(24);
      expect(seriesAt(w.avg!, i).length).toBe(seriesAt(w.inst, i).length);
      expect(seriesAt(w.inst, i).every((v) => v >= 0 && v <= 1)).toBe(true);
      expect(w.avg[i].every((v) => v >= 0 && v <= 1)).toBe(true);
    }
    expect(seriesList(w.inst).filter((x) => x.every((v) => v === 0)).length).toBe(0);
  });

  it('draws every shape class (the paper’s 16 and the rare large one), the largest under a fifth of the tasks', () => {
    expect(SYNTHETIC_PARAMS.classes.length).toBe(17);
    const counts = new Array(SYNTHETIC_PARAMS.classes.length).fill(0);
    for (const c of w.shapeClass) counts[c]++;
    expect(counts.every((c) => c > 0)).toBe(true);
    expect(Math.max(...counts) / taskCount(w.inst)).toBeLessThan(0.2);
  });

  it('keeps inst unbiased against avg (Fig. 1) and more variable (Fig. 2)', () => {
    let inst = 0;
    let avg = 0;
    let moreVariable = 0;
    const sd = (x: Float64Array) => {
      const m = x.reduce((s, v) => s + v, 0) / x.length;
      return Math.sqrt(x.reduce((s, v) => s + (v - m) ** 2, 0) / x.length);
    };
    seriesList(w.inst).forEach((x, i) => {
      inst += x.reduce((s, v) => s + v, 0) / x.length;
      avg += w.avg[i].reduce((s, v) => s + v, 0) / x.length;
      if (sd(x) > sd(w.avg[i])) moreVariable++;
    });
    expect(Math.abs(inst - avg) / avg).toBeLessThan(0.01);
    expect(moreVariable / taskCount(w.inst)).toBeGreaterThan(0.9);
  });

  it('rejects a bad pool size by value', () => {
    expect(() => syntheticWorkload(-1, 1)).toThrow(/invalid synthetic pool size: -1/);
    expect(() => syntheticTask(0, -2)).toThrow(/invalid seed: -2/);
  });
});
