import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LIVENESS, configuredLiveness } from './poolParts.ts';

const g = globalThis as { slopackLiveness?: unknown };
afterEach(() => delete g.slopackLiveness);

describe('the liveness setting tests shorten deadlines through', () => {
  it('is the default unless set', () => {
    expect(configuredLiveness()).toEqual(DEFAULT_LIVENESS);
    g.slopackLiveness = 'fast';
    expect(configuredLiveness()).toEqual(DEFAULT_LIVENESS);
  });

  it('takes each positive number set, and the default for the rest', () => {
    g.slopackLiveness = { checkAfter: 1000, deadline: -5, startDeadline: Number.NaN };
    expect(configuredLiveness()).toEqual({ ...DEFAULT_LIVENESS, checkAfter: 1000 });
    g.slopackLiveness = { checkAfter: 1000, deadline: 5000, startDeadline: '9' };
    expect(configuredLiveness()).toEqual({
      ...DEFAULT_LIVENESS,
      checkAfter: 1000,
      deadline: 5000,
    });
  });
});
