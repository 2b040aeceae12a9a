import { describe, expect, it } from 'vitest';
import { machineSlo } from './slo.ts';
import { pickTuned } from './pick.ts';
import type { AlignedTuneResult } from './tuneAligned.ts';

/** A family's tuned result: `machines` machines, its worst fold's overflow counts over 100 instants. */
function tuned(family: string, machines: number, overflows: number[] | null): AlignedTuneResult {
  const held = overflows !== null;
  return {
    family,
    value: held ? 1 : null,
    fit: held ? { kind: 'nsig', n: 1 } : null,
    cv: held ? machineSlo(overflows, 100, 0.01) : null,
    folds: [],
    machines: held ? Array.from({ length: machines }, () => new Int32Array(0)) : [],
  };
}

describe('pickTuned: the fewest machines among the families that held on every fold', () => {
  it('never picks a family none of whose values held', () => {
    expect(pickTuned([tuned('a', 0, null), tuned('b', 0, null)], 'every')).toBeNull();
    expect(pickTuned([tuned('a', 0, null), tuned('b', 9, [0])], 'every')?.family).toBe('b');
  });
  it('takes the fewest machines, then the lower worst fold, then the order given', () => {
    const picks = (rs: AlignedTuneResult[]) => pickTuned(rs, 'every')?.family;
    expect(picks([tuned('a', 9, [0]), tuned('b', 7, [1, 0]), tuned('c', 8, [0])])).toBe('b');
    expect(picks([tuned('a', 7, [1, 1]), tuned('b', 7, [0, 1]), tuned('c', 7, [0, 0])])).toBe('c');
    expect(picks([tuned('a', 7, [1, 0]), tuned('b', 7, [0, 1])])).toBe('a');
    // Scope mean: the mean q of the worst fold, 1/200 against 2/200.
    expect(pickTuned([tuned('a', 7, [2, 0]), tuned('b', 7, [1, 0])], 'mean')?.family).toBe('b');
  });
});
