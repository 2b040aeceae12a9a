/**
 * Numbers read from bytes equal `Number(text)` exactly: random decimal strings (signs, leading
 * zeros, up to 25 digits, exponents), values near rounding boundaries, and every number field of
 * the real trace files.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cursor, parseDecimal, scanNumber } from './decimal.ts';
import { dataPath } from '../../../ingest/testing.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const read = (s: string) => parseDecimal(enc(s), 0, s.length);
const same = (s: string) => expect(Object.is(read(s), Number(s)), s).toBe(true);

const digitString = (min: number, max: number) =>
  fc
    .array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max })
    .map((d) => d.join(''));

const decimalText = fc
  .record({
    sign: fc.constantFrom('', '-', '+'),
    whole: digitString(0, 22),
    dot: fc.boolean(),
    fraction: digitString(0, 22),
    exp: fc.option(
      fc.record({
        e: fc.constantFrom('e', 'E'),
        sign: fc.constantFrom('', '-', '+'),
        n: fc.integer({ min: 0, max: 340 }),
      }),
    ),
  })
  .filter((r) => r.whole.length + (r.dot ? r.fraction.length : 0) > 0)
  .map(
    (r) =>
      r.sign +
      r.whole +
      (r.dot ? '.' + r.fraction : '') +
      (r.exp ? r.exp.e + r.exp.sign + String(r.exp.n) : ''),
  );

describe('parseDecimal', () => {
  it('equals Number(text) on random decimal strings', () => {
    fc.assert(
      fc.property(decimalText, (s) => Object.is(read(s), Number(s))),
      { numRuns: 200_000 },
    );
  });
  it('equals Number(text) on 16–19 digit mantissas with small exponents (the double-double path)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 10n ** 15n, max: 10n ** 19n - 1n }),
        fc.integer({ min: -22, max: 22 }),
        fc.boolean(),
        (m, e, neg) => {
          const s = `${neg ? '-' : ''}${m}e${e}`;
          return Object.is(read(s), Number(s));
        },
      ),
      { numRuns: 200_000 },
    );
  });
  it('equals Number(text) on the shortest texts of random doubles and their neighbours', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        const s = String(x);
        const f = x.toPrecision(17);
        const g = x.toPrecision(19);
        return [s, f, g].every((t) => Object.is(read(t), Number(t)));
      }),
      { numRuns: 100_000 },
    );
  });
  it('decides halfway cases exactly (ties to even)', () => {
    for (const s of [
      '9007199254740993',
      '9007199254740995',
      '9007199254740993.0000',
      '1.00000000000000011102230246251565404',
      '1.000000000000000111',
      '1.000000000000000112',
      '0.30000000000000004',
      '2.2250738585072014e-308',
      '4.9e-324',
      '1.7976931348623157e308',
      '123456789012345678e-5',
      '-0',
      '-0.0e5',
      '000000000000000000000001.5',
      '0.000000000000000000000000000001',
    ])
      same(s);
  });
  it('refuses what is not a plain decimal', () => {
    for (const s of ['', ' ', '.', '-', 'e5', '1e', '1e+', '1.2.3', 'abc', '0x10', 'NaN', '1,5'])
      expect(read(s), s).toBeNaN();
    expect(read('  2.5\t')).toBe(2.5);
  });
  it('equals Number(text) on every number of the real trace files', () => {
    const files = [
      dataPath('bitbrains-rnd/rnd_2013-7_vms1-100_cpu_mem.csv.gz'),
      dataPath('azure-v1-datacentersim/microsoft_avg_100.csv.gz'),
      dataPath('google-2011-task-usage/task_usage_part-00000_first10000.csv'),
      resolve(import.meta.dirname, '../fixtures/prometheus/query_range.json'),
      resolve(import.meta.dirname, '../fixtures/google2019/instance_usage.json'),
    ];
    let checked = 0;
    const wrong: string[] = [];
    for (const path of files) {
      const raw = readFileSync(path);
      const bytes = (path.endsWith('.gz') ? gunzipSync(raw) : raw).subarray(0, 4e6);
      const text = bytes.toString('latin1');
      for (const m of text.matchAll(/[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?/g)) {
        const v = parseDecimal(bytes, m.index, m.index + m[0].length);
        if (!Object.is(v, Number(m[0]))) wrong.push(m[0]);
        checked++;
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
  });
});

describe('scanNumber', () => {
  it('reads a field up to the comma, exactly', () => {
    fc.assert(
      fc.property(decimalText, (s) => {
        const b = enc(`${s},7`);
        const v = scanNumber(b, 0, b.length);
        return Object.is(v, Number(s)) && b[cursor.end] === 44;
      }),
      { numRuns: 20_000 },
    );
  });
});
