import { describe, expect, it } from 'vitest';
import { DEFAULT_STEPS, readSteps, stepFrom, stepQuery } from './steps.ts';

const ORIGIN = 'https://slopack.example';

describe('presenter steps', () => {
  it('reads links of this page, whole or as their query, and leaves out the rest', () => {
    const text = [
      `${ORIGIN}/?view=learn&lesson=4`,
      '?view=tradeoff',
      'https://elsewhere.example/?view=pack',
      `${ORIGIN}/other/?view=pack`,
      '',
      `${ORIGIN}/#z=abc`,
    ].join('\n');
    expect(readSteps(text, ORIGIN, '/')).toEqual({
      steps: ['?view=learn&lesson=4', '?view=tradeoff', '?#z=abc'],
      skipped: 2,
    });
    expect(stepQuery('   ', ORIGIN, '/')).toBeNull();
  });

  it('steps within the sequence', () => {
    expect(stepFrom(0, -1, 6)).toBe(0);
    expect(stepFrom(2, 1, 6)).toBe(3);
    expect(stepFrom(5, 1, 6)).toBe(5);
    expect(DEFAULT_STEPS.every((s) => stepQuery(s, ORIGIN, '/') !== null)).toBe(true);
  });
});
