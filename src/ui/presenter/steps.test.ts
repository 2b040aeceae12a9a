import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STEPS,
  phoneLink,
  readSteps,
  stepFrom,
  stepOfAddress,
  stepQuery,
} from './steps.ts';

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

  it('finds the step the address is on, also when the page was opened by a lesson link', () => {
    expect(stepOfAddress(DEFAULT_STEPS, '?view=learn&lesson=7&present=1')).toBe(3);
    expect(stepOfAddress(DEFAULT_STEPS, '?view=learn&lesson=9&l9=2&rho=0.05')).toBe(4);
    expect(stepOfAddress(DEFAULT_STEPS, '?view=tradeoff')).toBe(5);
    // The first screen's step ('?') holds no parameter: any address is on it, unless a step says more.
    expect(stepOfAddress(DEFAULT_STEPS, '?view=learn&lesson=2')).toBe(0);
    expect(stepOfAddress(['?view=pack', '?view=tradeoff'], '?view=learn')).toBeNull();
  });

  it('links a phone to what the page shows now, without presenter mode', () => {
    expect(phoneLink(ORIGIN, '/', '?view=learn&lesson=4&present=1&l4=2', '')).toBe(
      `${ORIGIN}/?view=learn&lesson=4&l4=2`,
    );
    expect(phoneLink(ORIGIN, '/', '?present=1', '#z=abc')).toBe(`${ORIGIN}/#z=abc`);
  });
});
