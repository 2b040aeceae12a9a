/**
 * The URL decoder never throws: every row, fed arbitrary text (malformed %-escapes, control
 * characters, script, huge numbers), gives a value or its default with a notice.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decode } from './url.ts';
import { URL_FIELDS } from './urlFields.ts';

const KEYS = [...new Set(URL_FIELDS.flatMap((row) => row.keys))];

/** Text a hostile link may carry in one parameter (before the URL's own percent-decoding). */
const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '%E0%A4%A~1~1~10~100~200',
    '%~%~%',
    '%FF|%C0%80~1~1~1~1~1',
    '<script>alert(1)</script>',
    '1e308',
    '-1e308',
    'NaN',
    '0x1F',
    'Infinity',
    '',
    '~~~~~',
    '|||',
    'a'.repeat(5000),
  ),
  fc
    .array(fc.constantFrom('%', 'E0', 'A4', '~', '|', '1', ',', ':', 'x', '%25'), { maxLength: 24 })
    .map((parts) => parts.join('')),
);

function link(entries: readonly [string, string][]): string {
  const q = new URLSearchParams();
  for (const [k, v] of entries) q.append(k, v);
  return '?' + q.toString();
}

describe('the URL decoder on hostile links', () => {
  it('the machine-type link of the probe gives a notice, not an exception', () => {
    const { params, notices } = decode('?view=cluster&ct=%25E0%25A4%25A~1~1~10~100~200');
    expect(params.view).toBe('cluster');
    expect(notices.join(' ')).toMatch(/ct=.*not valid %-encoding/);
  });

  it('every row, fed arbitrary text, never throws and gives its default or a value', () => {
    for (const key of KEYS)
      fc.assert(
        fc.property(hostileText, (text) => {
          const raw = `?${encodeURIComponent(key)}=${text}`;
          const { params, notices } = decode(raw);
          expect(params).toBeTypeOf('object');
          expect(Array.isArray(notices)).toBe(true);
        }),
        { numRuns: 40 },
      );
  });

  it('arbitrary combinations of rows never throw', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...KEYS), hostileText), { maxLength: 12 }),
        (entries) => {
          expect(() => decode(link(entries))).not.toThrow();
        },
      ),
      { numRuns: 300 },
    );
  });
});
