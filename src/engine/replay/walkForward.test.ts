import { describe, expect, it } from 'vitest';
import { allocateMatrix, type RealizationMatrix } from '../matrix.ts';
import { Rng } from '../random/rng.ts';
import type { FitSpec } from '../fit/index.ts';
import { judgeMachines } from './slo.ts';
import { sliceColumns } from './timeSplit.ts';
import { packAligned, tuneAligned } from './tuneAligned.ts';
import { scoreFolds, validationFolds, WALK_MAX_FOLDS } from './walkForward.ts';

describe('walk-forward folds', () => {
  it('never let a judged instant into learning: seeded over lengths and steps', () => {
    const rng = new Rng(11);
    for (let trial = 0; trial < 400; trial++) {
      const cols = 2 + Math.floor(rng.nextFloat() * 5000);
      const step = [null, 60, 300, 3600, 7200][Math.floor(rng.nextFloat() * 5)];
      const folds = validationFolds(cols, step);
      expect(folds.length, `${cols} columns, step ${step}`).toBeGreaterThan(0);
      expect(folds.length).toBeLessThanOrEqual(WALK_MAX_FOLDS);
      for (const [k, f] of folds.entries()) {
        expect(f.learn.start).toBe(0);
        expect(f.learn.end).toBeGreaterThan(0);
        // Judged right after what it learned, never before it, never past the part.
        expect(f.judge.start).toBe(f.learn.end);
        expect(f.judge.end).toBeGreaterThan(f.judge.start);
        expect(f.judge.end).toBeLessThanOrEqual(cols);
        if (k > 0) expect(f.judge.start).toBe(folds[k - 1].judge.end);
      }
      expect(folds[folds.length - 1].judge.end).toBe(cols);
    }
  });

  it('a day per fold where the part holds whole days, four blocks where it does not', () => {
    const day = 288;
    const week = validationFolds(5 * day, 300);
    expect(week.map((f) => [f.learn.end, f.judge.end])).toEqual([
      [day, 2 * day],
      [2 * day, 3 * day],
      [3 * day, 4 * day],
      [4 * day, 5 * day],
    ]);
    // The trailing partial day joins the last judged day.
    expect(validationFolds(3 * day + 100, 300).map((f) => f.judge)).toEqual([
      { start: day, end: 2 * day },
      { start: 2 * day, end: 3 * day + 100 },
    ]);
    // Thirty days: the last seven.
    expect(validationFolds(30 * day, 300)[0].learn.end).toBe(23 * day);
    expect(validationFolds(144, null).map((f) => f.judge)).toEqual([
      { start: 36, end: 72 },
      { start: 72, end: 108 },
      { start: 108, end: 144 },
    ]);
    expect(validationFolds(144, 300, 'half')).toEqual([
      { learn: { start: 0, end: 72 }, judge: { start: 72, end: 144 } },
    ]);
  });

  it('packs each fold on its learned columns alone and judges it on the next', () => {
    const m = allocateMatrix(30, 400, false);
    const rng = new Rng(3);
    for (let k = 0; k < m.data.length; k++) m.data[k] = 0.1 * rng.nextFloat();
    const folds = validationFolds(m.cols, null);
    const seen: RealizationMatrix[] = [];
    const c = { packer: 'bf', capacity: 1, rebalance: 0, target: 0.01, scope: 'every' } as const;
    const fit: FitSpec = { kind: 'gpa', rho: 0.01 };
    const score = scoreFolds(
      m,
      folds,
      fit,
      (past, f) => {
        seen.push(past);
        return packAligned(past, f, c);
      },
      c,
    );
    folds.forEach((f, k) => {
      expect(seen[k].cols).toBe(f.learn.end);
      expect(seen[k].data).toEqual(sliceColumns(m, f.learn).data);
      const direct = judgeMachines(
        packAligned(sliceColumns(m, f.learn), fit, c),
        sliceColumns(m, f.judge),
        1,
        0.01,
      );
      expect(score.folds[k].slo).toEqual(direct);
    });
    expect(score.worst.worst).toBe(Math.max(...score.folds.map((f) => f.slo.worst)));
  });

  it('the tuner picks on every fold: a value that fails one later day is not chosen', () => {
    // Four calm days, then a busier fifth: the one-fold tuner judges days 3–5 together and may
    // pass a value the walk-forward folds see fail on day 5 alone.
    const day = 96;
    const m = allocateMatrix(40, 5 * day, false);
    const rng = new Rng(5);
    for (let i = 0; i < 40; i++)
      for (let t = 0; t < m.cols; t++)
        m.data[i * m.cols + t] = (t < 4 * day ? 0.05 : 0.058) * 2 * rng.nextFloat();
    const grid = [0.2, 0.05, 0.01, 1e-3, 1e-4, 1e-6, 1e-9];
    const c = {
      packer: 'bf',
      capacity: 1,
      rebalance: 0,
      target: 0.01,
      scope: 'every',
      step: 900,
    } as const;
    const walk = tuneAligned(m, 'gpa', { ...c, validation: 'walk' }, grid);
    expect(walk.value).not.toBeNull();
    expect(walk.folds.length).toBe(4);
    for (const f of walk.folds) expect(f.slo.worst).toBeLessThanOrEqual(0.01);
    // Every more conservative value keeps the target on every fold too.
    const k = grid.indexOf(walk.value!);
    for (const v of grid.slice(k)) {
      const again = tuneAligned(m, 'gpa', { ...c, validation: 'walk' }, [v]);
      expect(again.value).toBe(v);
    }
    const half = tuneAligned(m, 'gpa', { ...c, validation: 'half' }, grid);
    expect(half.folds.length).toBe(1);
    expect(grid.indexOf(half.value!)).toBeLessThanOrEqual(k);
  });
});
