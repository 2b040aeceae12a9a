import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS, simulateTimeline, syntheticWeek, type TimelineParams } from './index.ts';

const tasks = syntheticWeek({ seed: 9, tasks: 3000, days: 0.5 });
const run = (p: Partial<TimelineParams>) =>
  simulateTimeline(tasks, { ...DEFAULT_PARAMS, seed: 4, ...p });
const placements = (p: Partial<TimelineParams>) => Array.from(run(p).machineOf);

describe('the duration error split between the score and the rest', () => {
  it('changes nothing without an error', () => {
    for (const policy of ['bfd', 'mrd'] as const) {
      const all = placements({ policy });
      expect(placements({ policy, durationErrorScope: 'score' })).toEqual(all);
      expect(placements({ policy, durationErrorScope: 'rest' })).toEqual(all);
    }
  });

  it('with an error, each half places differently from the whole and from the other half', () => {
    for (const policy of ['bfd', 'mrd'] as const) {
      const all = placements({ policy, durationError: 1 });
      const score = placements({ policy, durationError: 1, durationErrorScope: 'score' });
      const rest = placements({ policy, durationError: 1, durationErrorScope: 'rest' });
      expect(score).not.toEqual(all);
      expect(rest).not.toEqual(all);
      expect(rest).not.toEqual(score);
    }
  });

  it('is refused, by name, for a policy without a duration score', () => {
    expect(() => run({ policy: 'ff', durationError: 1, durationErrorScope: 'score' })).toThrow(
      /scope of "score".*ff has none/,
    );
  });
});
