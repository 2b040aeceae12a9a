import { describe, expect, it } from 'vitest';
import { CLUSTER_SLO, RESIZE_SLO, TIMELINE_SLO, formatSlo, parseSlo } from './slo.ts';

describe('the Resize SLO', () => {
  it('reads the stochastic bridge at z and the GPA repack at ρ, and writes them back', () => {
    expect(parseSlo('additive:-1.5', RESIZE_SLO)).toEqual({ kind: 'additive', z: -1.5 });
    expect(parseSlo('additive:0', RESIZE_SLO)).toEqual({ kind: 'additive', z: 0 });
    expect(parseSlo('gpa:0.01', RESIZE_SLO)).toEqual({ kind: 'gpa', rho: 0.01 });
    for (const text of ['additive:2', 'gpa:0.05'])
      expect(formatSlo(parseSlo(text, RESIZE_SLO))).toBe(text);
  });

  it('refuses a z out of range or a split, naming the value', () => {
    expect(() => parseSlo('additive:11', RESIZE_SLO)).toThrow('invalid z: 11 (need -10 ≤ z ≤ 10)');
    expect(() => parseSlo('additive:1:union', RESIZE_SLO)).toThrow('invalid z "additive:1:union"');
    expect(() => parseSlo('gpa:1.5', { ...RESIZE_SLO, name: '--policy' })).toThrow(
      'invalid --policy "gpa:1.5"',
    );
    expect(() => parseSlo('size', RESIZE_SLO)).toThrow(/expected additive:z or gpa:ρ/);
  });

  it('leaves the other wings’ forms as they were', () => {
    expect(() => parseSlo('additive:2', TIMELINE_SLO)).toThrow(/expected size or gpa:ρ/);
    expect(parseSlo('additive:0.02', CLUSTER_SLO)).toEqual({
      kind: 'additive',
      eps: 0.02,
      split: 'union',
    });
  });
});
