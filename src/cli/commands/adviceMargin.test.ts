import { describe, expect, it } from 'vitest';
import {
  correlatedWeek,
  CORRELATED_WEEK,
  familySpec,
  judgeMachines,
  matrixFrom,
  packAligned,
  sliceColumns,
  validationFolds,
} from '../../engine/index.ts';
import { PACK, TARGET } from './adviceGap.ts';
import { marginSpread } from './adviceMargin.ts';

const u = correlatedWeek({ ...CORRELATED_WEEK, tasks: 80, seed: 3 }).usage;
const m = matrixFrom(
  u.rows,
  u.cols,
  Float32Array.from(u.data, (v) => v * 4),
);
const day = 86_400 / CORRELATED_WEEK.step;
const learn = sliceColumns(m, { start: 0, end: 5 * day });
const judge = sliceColumns(m, { start: 5 * day, end: m.cols });
const worstAt = (margin: number, packOn: typeof learn, judgeOn: typeof learn) =>
  judgeMachines(packAligned(packOn, familySpec('empm', margin), PACK), judgeOn, 1, TARGET).worst;

describe('the margin a day needs', () => {
  const s = marginSpread(learn, judge, CORRELATED_WEEK.step);
  const folds = validationFolds(learn.cols, CORRELATED_WEEK.step, 'walk');

  it('each judged day of the folds holds at its margin and misses one grid step below it', () => {
    expect(s.folds).toHaveLength(folds.length);
    s.folds.forEach((margin, k) => {
      const past = sliceColumns(learn, folds[k].learn);
      const next = sliceColumns(learn, folds[k].judge);
      expect(margin).not.toBeNull();
      expect(worstAt(margin!, past, next)).toBeLessThanOrEqual(TARGET);
      if (margin! > 0) expect(worstAt(margin! - 0.0125, past, next)).toBeGreaterThan(TARGET);
    });
  });

  it('the ex-post margin holds on days 6–7; the tuner’s rule is the folds’ largest margin', () => {
    expect(s.expost.worst).toBeLessThanOrEqual(TARGET);
    if (s.expost.margin! > 0)
      expect(worstAt(s.expost.margin! - 0.0125, learn, judge)).toBeGreaterThan(TARGET);
    const [largest, lastTwo, second] = s.rules.map((r) => r.outcome.margin!);
    expect(largest).toBe(Math.max(...(s.folds as number[])));
    expect(lastTwo).toBe(Math.max(...(s.folds.slice(-2) as number[])));
    expect(second).toBeLessThanOrEqual(largest);
    expect(s.rules[0].outcome.machines).toBeGreaterThanOrEqual(s.rules[2].outcome.machines);
  });
});
