import { afterEach, describe, expect, it } from 'vitest';
import { configuredFaults, plannedLoss } from './poolFaults.ts';

const g = globalThis as { slopackFaults?: unknown };
afterEach(() => delete g.slopackFaults);

describe('worker losses a test plans', () => {
  it('reads a plan of one or two losses at a named job, and nothing else', () => {
    expect(configuredFaults()).toBeNull();
    g.slopackFaults = { loseUnitOf: 'sweep', times: 2 };
    expect(configuredFaults()).toEqual({ loseUnitOf: 'sweep', times: 2 });
    for (const bad of [{ loseUnitOf: 'sweep', times: 3 }, { loseUnitOf: 7, times: 1 }, 'sweep']) {
      g.slopackFaults = bad;
      expect(configuredFaults()).toBeNull();
    }
  });

  it('loses the next call of the named supervised worker once', () => {
    g.slopackFaults = { loseNextCallOf: 'ingestion worker' };
    expect(plannedLoss('engine')).toBe(false);
    expect(plannedLoss('ingestion worker')).toBe(true);
    expect(plannedLoss('ingestion worker')).toBe(false);
  });
});
