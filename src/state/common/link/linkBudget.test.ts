import { describe, expect, it } from 'vitest';
import { DEFAULT_BUDGET_BYTES } from '../../../ingest/sizes.ts';
import {
  allocateAction,
  approveOverBudget,
  overBudgetText,
  poolOverBudget,
  replayOverBudget,
  timelineOverBudget,
} from './linkBudget.ts';

describe('links within the memory budget', () => {
  it('?r=1000000 on the PlanetLab day is over the budget: it opens at the default R, saying so', () => {
    const o = poolOverBudget(1052, 1_000_000, false, 'k1')!;
    expect(o.bytes).toBe(1052 * 1_000_000 * 4);
    expect(o.fit).toBe(10_000);
    expect(overBudgetText('R', 1_000_000, o)).toMatch(
      /R = 1,000,000 would take 3\.92 GiB, above this tab's memory budget of 1\.5 GiB: opened at R = 10,000 instead/,
    );
    const huge = poolOverBudget(50_000_000, 10_000, false, 'k4')!;
    expect(huge.fit * 50_000_000 * 4).toBeLessThanOrEqual(DEFAULT_BUDGET_BYTES);
    expect(poolOverBudget(1052, 10_000, false, 'k0')).toBeNull();
  });

  it('avg doubles the pool; an approved size passes', () => {
    expect(poolOverBudget(1052, 150_000, true, 'k2')).toBeNull();
    expect(poolOverBudget(1052, 150_000, true, 'k2')).toBeNull();
    expect(poolOverBudget(1052, 250_000, true, 'k3')).not.toBeNull();
    approveOverBudget('k3');
    expect(poolOverBudget(1052, 250_000, true, 'k3')).toBeNull();
  });

  it('the 2,000,000-task Timeline link is over the budget; the paper week is not', () => {
    expect(timelineOverBudget(2_000_000, 't1')!.fit).toBeLessThan(2_000_000);
    expect(timelineOverBudget(221_140, 't2')).toBeNull();
  });

  it('a replay counts tasks × instants, and × R only for a block bootstrap', () => {
    // The PlanetLab day aligned holds 1,052 × 288 floats twice while aligning, whatever R says.
    expect(replayOverBudget(1052, 288, null, false, 'r0')).toBeNull();
    const blocks = replayOverBudget(1052, 288, 1_000_000, false, 'r1')!;
    expect(blocks.bytes).toBe(2 * 1052 * 288 * 4 + 1052 * 1_000_000 * 4);
    expect(blocks.fit).toBe(10_000);
    // A grid too large for the budget: nothing to open it at instead.
    const grid = replayOverBudget(100_000, 8640, null, false, 'r2')!;
    expect(grid.bytes).toBe(2 * 100_000 * 8640 * 4);
    expect(grid.fit).toBe(0);
    approveOverBudget('r2');
    expect(replayOverBudget(100_000, 8640, null, false, 'r2')).toBeNull();
  });
});

describe('a size no tab can hold', () => {
  it('is named without a number and offers no button', () => {
    const o = poolOverBudget(1052, 1e308, false, 'inf')!;
    expect(o.allocatable).toBe(false);
    expect(overBudgetText('R', 1e308, o)).toMatch(/would take more than the 32 GiB a tab can hold/);
    expect(overBudgetText('R', 1e308, o)).not.toMatch(/Infinity/);
    expect(allocateAction(o, () => {})).toBeUndefined();
    const fits = poolOverBudget(1052, 1_000_000, false, 'fits')!;
    expect(allocateAction(fits, () => {})?.label).toBe('Allocate 3.92 GiB anyway');
  });
});
