import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS, simulateTimeline, syntheticWeek, type TimelineParams } from './index.ts';

// A short, dense slice of the synthetic week: the paper's trends (Tables 4–5 shapes), not its numbers.
const tasks = syntheticWeek({ seed: 5, tasks: 20_000, days: 1 });
const hours = (p: Partial<TimelineParams>) =>
  simulateTimeline(tasks, { ...DEFAULT_PARAMS, ...p }).machineSeconds / 3600;

describe('the semi-online paper’s trends on a synthetic day', () => {
  it('a 2 s window beats online placement clearly, and longer windows change less', () => {
    const online = hours({ window: 0, order: 'list' });
    const w2 = hours({ window: 2 });
    const w30 = hours({ window: 30 });
    expect(w2).toBeLessThan(0.9 * online);
    expect(Math.abs(w30 - w2)).toBeLessThan(online - w2);
  });

  it('FMF uses no more machine-time than FF, and HA more than both, at tw = 2 s', () => {
    const fmf = hours({ policy: 'fmf' });
    const ff = hours({ policy: 'ff' });
    const ha = hours({ policy: 'ha' });
    expect(fmf).toBeLessThanOrEqual(ff);
    expect(ha).toBeGreaterThan(ff);
  });

  it('FMF degrades with duration error up to 100 %, then much less up to 300 %', () => {
    const e0 = hours({ durationError: 0 });
    const e1 = hours({ durationError: 1 });
    const e3 = hours({ durationError: 3 });
    expect(e1).toBeGreaterThan(e0);
    expect(Math.abs(e3 - e1)).toBeLessThan(e1 - e0);
  });
});
