import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { probabilityTick } from './probability.ts';

describe('probabilityTick', () => {
  it('writes decades as powers of ten and never as SI prefixes or e-notation', () => {
    expect(probabilityTick(1)).toBe('1');
    expect(probabilityTick(0.1)).toBe('10⁻¹');
    expect(probabilityTick(0.001)).toBe('10⁻³');
    expect(probabilityTick(1e-8)).toBe('10⁻⁸');
    expect(probabilityTick(0.000001)).toBe('10⁻⁶');
    expect(probabilityTick(0.002)).toBe('2·10⁻³');
    expect(probabilityTick(0.25)).toBe('2.5·10⁻¹');
    expect(probabilityTick(0)).toBe('0');
  });

  it('round-trips: the label read back is the value to two significant digits', () => {
    const superscript = '⁰¹²³⁴⁵⁶⁷⁸⁹';
    const read = (label: string) => {
      const [m, p] = label.includes('·') ? label.split('·') : ['1', label];
      const exponent = -Number([...p.slice(3)].map((c) => superscript.indexOf(c)).join(''));
      return Number(m) * 10 ** exponent;
    };
    fc.assert(
      fc.property(fc.double({ min: 1e-12, max: 0.999, noNaN: true }), (v) => {
        const label = probabilityTick(v);
        expect(label).not.toMatch(/e|[mµn]$/);
        const back = label === '1' ? 1 : read(label);
        expect(Math.abs(back - v) / v).toBeLessThan(0.051);
      }),
    );
  });
});
