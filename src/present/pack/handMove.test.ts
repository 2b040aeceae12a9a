import { describe, expect, it } from 'vitest';
import { moveVerdict } from './handMove.ts';

describe('a hand move said in words', () => {
  it('says a Gaussian test’s verdict as the overflow probability against ρ', () => {
    const refused = { fits: false, slack: -0.02, overflow: 0.0134, rho: 0.01 };
    expect(moveVerdict(refused, '17', 2, { kind: 'gpa', rho: 0.01 })).toBe(
      'task 17 does not fit machine 3: its Gaussian overflow probability there would be 0.013 > ρ 0.01',
    );
    const taken = { fits: true, slack: 0.1, overflow: 0.004, rho: 0.01 };
    expect(moveVerdict(taken, 'vm-a', 0, { kind: 'gpa', rho: 0.01 })).toMatch(
      /^task vm-a fits machine 1: .* 0\.004 ≤ ρ 0\.01$/,
    );
  });

  it('says another test’s verdict by its slack and what that slack is', () => {
    const text = moveVerdict({ fits: false, slack: -0.0213, overflow: null, rho: null }, '4', 5, {
      kind: 'cantelli',
      b: 1.7,
    });
    expect(text).toMatch(
      /^task 4 does not fit machine 6: the cantelli test’s slack there, .+, would be −0\.0213 \(< 0\)$/,
    );
  });

  it('names a machine the packing lacks', () => {
    const text = moveVerdict({ fits: false, slack: NaN, overflow: null, rho: null }, '4', 99, {
      kind: 'gpa',
      rho: 0.01,
    });
    expect(text).toContain('machine 100');
  });
});
