import { describe, expect, it } from 'vitest';
import { bracket, countLabel, rangeLabel, timesLabel } from './predict.ts';
import {
  correlationPrediction,
  knobPrediction,
  poolingPrediction,
  pricePrediction,
  rulesPrediction,
  schedulerPrediction,
  sumsPrediction,
} from './predictions.ts';

const holds = (x: number, i: { lo: number | null; hi: number | null }) =>
  (i.lo === null || x >= i.lo) && (i.hi === null || x < i.hi);

describe('a prediction’s choices', () => {
  it('bracket the answer wherever it falls on the ladder, and nothing else', () => {
    const ladder = [1.25, 2, 3, 5, 10, 20, 50];
    for (const answer of [0.3, 1, 1.25, 1.9, 2, 4.6, 9.99, 10, 35, 50, 1e6, Infinity]) {
      const { intervals, right } = bracket(answer, ladder);
      expect(intervals).toHaveLength(4);
      expect(holds(answer, intervals[right])).toBe(true);
      intervals.forEach((i, k) => k !== right && expect(holds(answer, i)).toBe(false));
      // The outer choices are open, so together the choices cover every number.
      expect(intervals[0].lo).toBeNull();
      expect(intervals[3].hi).toBeNull();
    }
  });

  it('do not always put the right one in the same place', () => {
    const places = new Set(
      [0.5, 1.5, 2.5, 4, 7, 15, 30, 80].map((a) => bracket(a, [1.25, 2, 3, 5, 10, 20, 50]).right),
    );
    expect(places.size).toBeGreaterThan(1);
  });

  it('refuse a ladder too short or not increasing, and a missing answer', () => {
    expect(() => bracket(1, [1, 2])).toThrow(/fewer than 4/);
    expect(() => bracket(1, [1, 3, 2, 4])).toThrow(/increase/);
    expect(() => bracket(NaN, [1, 2, 3, 4])).toThrow(/no answer/);
  });

  it('read as a reader says them', () => {
    const ratio = rangeLabel(timesLabel);
    expect(ratio({ lo: null, hi: 2 })).toBe('under 2×');
    expect(ratio({ lo: 3, hi: 5 })).toBe('3× to 5×');
    expect(ratio({ lo: 10, hi: null })).toBe('10× or more');
    const count = countLabel(' tasks');
    expect(count({ lo: null, hi: 1 })).toBe('none');
    expect(count({ lo: null, hi: 5 })).toBe('4 tasks or fewer');
    expect(count({ lo: 5, hi: 6 })).toBe('5 tasks');
    expect(count({ lo: 5, hi: 7 })).toBe('5 or 6 tasks');
    expect(count({ lo: 5, hi: 9 })).toBe('5 to 8 tasks');
    expect(count({ lo: 9, hi: null })).toBe('9 tasks or more');
  });
});

describe('the lessons’ predictions', () => {
  it('name the right choice for the answer their numbers give', () => {
    // The correlation lesson's own figure on the Google jobs is 4.6×.
    const p = correlationPrediction({ ratio: 4.6 });
    expect(p.choices[p.right]).toBe('3× to 5×');
    expect(p.question).not.toMatch(/4\.6/);
    const q = correlationPrediction({ ratio: 1.1 });
    expect(q.choices[q.right]).toBe('under 1.25×');
  });

  it('ask without the answer in the question', () => {
    const cases = [
      [poolingPrediction({ additive: 10, pooled: 16, mu: 0.05, sigma: 0.02 }), '16'],
      [pricePrediction({ loose: 31, tight: 37, tasks: 100 }), '37'],
      [
        schedulerPrediction({ machines: 7, meanSum: 1.2, capacity: 0.25, tasks: 20, rho: 0.01 }),
        '7 ',
      ],
      [knobPrediction({ sigma: 0.25, risk: 0.0228, z: 2, quiet: 2.9e-7 }), '2.3'],
      [sumsPrediction({ firstWithin: 12, maxTasks: 100, oneTaskError: 0.4 }), '12'],
      [rulesPrediction({ parted: 9, tasks: 40 }), '9'],
    ] as const;
    for (const [p, answer] of cases) {
      expect(p.question).not.toContain(answer);
      expect(p.answer).toContain(answer.trim());
      expect(p.choices.length).toBe(4);
    }
  });

  it('place answers beyond the ladder in its open ends', () => {
    const never = rulesPrediction({ parted: 0, tasks: 40 });
    expect(never.choices[never.right]).toMatch(/or never/);
    const none = sumsPrediction({ firstWithin: null, maxTasks: 100, oneTaskError: 0.4 });
    expect(none.choices[none.right]).toMatch(/or more/);
    const pooled = poolingPrediction({ additive: 10, pooled: 16, mu: 0.05, sigma: 0.02 });
    expect(pooled.choices[pooled.right]).toBe('15 to 17 tasks');
  });
});
