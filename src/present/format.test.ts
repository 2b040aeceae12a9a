import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatFixed,
  formatNumber,
  formatPercent,
  formatSigned,
  formatTerm,
  formatTick,
  readNumber,
} from './format.ts';

/** What a reader must never see: e-notation, an ASCII minus, an SI prefix after a number. */
const FORBIDDEN = /e[-+]?\d|-|\d[kMGTmµun]$/;

describe('formatNumber', () => {
  it('writes every magnitude from 1e-300 to 1e12 in one notation per range and reads back', () => {
    for (let exponent = -300; exponent <= 12; exponent++)
      for (const mantissa of [1, 2.5, 9.999]) {
        for (const sign of [1, -1]) {
          const x = sign * mantissa * 10 ** exponent;
          const text = formatNumber(x, 3);
          expect(text).not.toMatch(FORBIDDEN);
          const rounded = Number(Math.abs(x).toPrecision(3));
          expect(text.includes('·10'), text).toBe(rounded < 1e-3 || rounded >= 1e6);
          expect(text.startsWith('−')).toBe(sign < 0);
          expect(Math.abs(readNumber(text) - x) / Math.abs(x)).toBeLessThan(5e-3);
        }
      }
  });

  it('keeps the digits asked for, for any double', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e300, max: 1e300, noNaN: true }),
        fc.integer({ min: 1, max: 8 }),
        (x, d) => {
          const text = formatNumber(x, d);
          expect(text).not.toMatch(FORBIDDEN);
          const back = readNumber(text);
          if (x === 0) expect(back).toBe(0);
          else
            expect(Math.abs(back - x) / Math.abs(x)).toBeLessThanOrEqual(
              0.5 * 10 ** (1 - d) + 1e-12,
            );
        },
      ),
    );
  });

  it('writes zero, minus zero and the non-finite values plainly', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(-0)).toBe('0');
    expect(formatFixed(-0, 4)).toBe('0');
    expect(formatFixed(-0.00001, 1)).toBe('−1.00·10⁻⁵');
    expect(formatNumber(NaN)).toBe('—');
    expect(formatNumber(-Infinity)).toBe('−∞');
    expect(formatNumber(0.3, 3)).toBe('0.3');
    expect(formatNumber(0.001, 3)).toBe('0.001');
    expect(formatNumber(0.000999, 3)).toBe('9.99·10⁻⁴');
    expect(formatNumber(0.0009999, 3)).toBe('0.001');
    expect(formatNumber(123456.7, 4)).toBe('123500');
    expect(formatNumber(999999.9, 3)).toBe('1·10⁶');
    expect(formatNumber(1e-300, 3)).toBe('1·10⁻³⁰⁰');
  });
});

describe('formatFixed and friends', () => {
  it('keeps a column of numbers in one notation per magnitude, with a real minus', () => {
    expect(formatFixed(-0.0128, 4)).toBe('−0.0128');
    expect(formatFixed(-0.000127, 4)).toBe('−1.27·10⁻⁴');
    expect(formatFixed(0.00004, 2)).toBe('4.00·10⁻⁵');
    expect(formatFixed(0.004, 3)).toBe('0.004');
    expect(formatFixed(0.004, 2)).toBe('4.00·10⁻³');
    expect(formatFixed(0.004, 1)).toBe('4.00·10⁻³');
    expect(formatFixed(12.3456, 2)).toBe('12.35');
    expect(formatFixed(2e12, 1)).toBe('2.00·10¹²');
  });

  it('writes signs and formula terms without "+ -"', () => {
    expect(`σ ≈ ${formatFixed(0.39, 3)}·μ ${formatTerm(-0.004, (a) => formatFixed(a, 4))}`).toBe(
      'σ ≈ 0.390·μ − 0.0040',
    );
    expect(formatTerm(0.004)).toBe('+ 0.004');
    expect(formatSigned(-0.0128)).toBe('−0.0128');
    expect(formatSigned(0.0000127)).toBe('+1.27·10⁻⁵');
    expect(formatSigned(0)).toBe('±0');
  });

  it('groups counts and writes percentages', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(-1000)).toBe('−1,000');
    expect(formatCount(999)).toBe('999');
    expect(formatPercent(0.125)).toBe('12.5 %');
    expect(readNumber('1,234,567')).toBe(1234567);
  });

  it('gives axes numbers without SI prefixes (a rate axis from 0.3 to 0.001)', () => {
    expect([0.3, 0.1, 0.03, 0.01, 0.003, 0.001].map(formatTick)).toEqual([
      '0.3',
      '0.1',
      '0.03',
      '0.01',
      '0.003',
      '0.001',
    ]);
    expect(formatTick(0.0005)).toBe('5·10⁻⁴');
    expect(formatTick('FF')).toBe('FF');
  });
});

/**
 * Files that may still format numbers themselves. Each is justified: none shows a number to a
 * person in a way the page's formatter should decide.
 */
const OWN_FORMAT_ALLOWED: readonly string[] = [
  'src/present/format.ts', // the formatter itself
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.(test|bench)\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('one formatter for the page', () => {
  it('no file of ui, present or state formats numbers on its own', () => {
    const other =
      /\.(toFixed|toPrecision|toExponential|toLocaleString)\(|Intl\.NumberFormat|d3-format/;
    const offenders = ['src/ui', 'src/present', 'src/state']
      .flatMap(sources)
      .filter((f) => !OWN_FORMAT_ALLOWED.includes(f))
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${f}:${i + 1}` }))
          .filter(({ line }) => other.test(line))
          .map(({ at, line }) => `${at}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });

  it('no Plot spec names a d3 format string for a tick (SI or percent specifiers)', () => {
    const offenders = sources('src/present').filter((f) =>
      /tickFormat: '[^']*'/.test(readFileSync(f, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
