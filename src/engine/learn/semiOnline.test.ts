import { describe, expect, it } from 'vitest';
import { figure1Steps, figure1Tasks } from './semiOnline.ts';

describe('lesson 7: Fig. 1 step by step', () => {
  it('ends at 250 / 210 / 160 machine-minutes (online FF, FMF tw = 3 s, offline)', () => {
    const last = figure1Steps(6);
    expect(last.map((s) => s.mode)).toEqual(['online', 'semi-online', 'offline']);
    expect(last.map((s) => Math.round(s.machineSeconds / 60))).toEqual([250, 210, 160]);
    for (const s of last) expect(s.result.tasks).toBe(figure1Tasks().count);
  });

  it('machine-minutes never fall as tasks arrive; nothing is placed before the first arrival', () => {
    expect(figure1Steps(0).every((s) => s.machineSeconds === 0)).toBe(true);
    for (let k = 1; k <= 6; k++) {
      const before = figure1Steps(k - 1);
      const after = figure1Steps(k);
      after.forEach((s, i) =>
        expect(s.machineSeconds).toBeGreaterThanOrEqual(before[i].machineSeconds),
      );
    }
  });

  it('refuses a step outside 0…6', () => {
    expect(() => figure1Steps(7)).toThrow(/steps 0…6/);
    expect(() => figure1Steps(-1)).toThrow(RangeError);
  });
});
