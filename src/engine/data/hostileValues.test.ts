/**
 * Numbers that must never enter: NaN, null, ±Inf, hex, empty text, values past float32 or below 0;
 * ids given twice, refused with both of their places; a VM above 100 % of its own cores is clamped to
 * them and counted.
 */
import { describe, expect, it } from 'vitest';
import { DataError } from './streams/errors.ts';
import { type LoadSpec } from './load/loader.ts';
import { encodeNpy } from './readers/npy.ts';
import { sampleCount, seriesAt } from './samples/samples.ts';
import { fixture, run, samples } from '../../ingest/traceFixtures.ts';
import { decimalOrNull } from '../numberText.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);

function error(spec: LoadSpec, files: [string, Uint8Array][]): DataError {
  try {
    run(spec, files);
  } catch (e) {
    if (e instanceof DataError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('the one rule for a number as text', () => {
  it('reads plain finite decimals only', () => {
    for (const t of [
      'NaN',
      'Infinity',
      '-Infinity',
      'null',
      '0x1F',
      '0b1',
      '1_000',
      '',
      ' ',
      '1e400',
    ])
      expect(decimalOrNull(t)).toBeNull();
    expect(decimalOrNull(' -0.5 ')).toBe(-0.5);
    expect(decimalOrNull('2.861e-06')).toBe(2.861e-6);
  });
});

describe('realization matrices', () => {
  const matrix = (cell: number, f64: boolean) => {
    const data = f64
      ? new Float64Array([0.1, 0.2, cell, 0.3])
      : new Float32Array([0.1, 0.2, cell, 0.3]);
    return encodeNpy(data, [2, 2]);
  };
  it('refuse NaN, 1e308 (float64) and −0.5, naming file, row, column and value', () => {
    const spec: LoadSpec = { format: 'npy', kind: 'realizations' };
    for (const [cell, f64, why] of [
      [NaN, false, /value NaN at row 1, column 0 is not a number/],
      [1e308, true, /value 1e\+308 at row 1, column 0 is beyond float32/],
      [-0.5, false, /value -0\.5 at row 1, column 0 is negative/],
    ] as const) {
      const e = error(spec, [['X.npy', matrix(cell, f64)]]);
      expect(e.file).toBe('X.npy');
      expect(e.reason).toMatch(why);
    }
  });
});

describe('duplicate ids', () => {
  it('a repeated wide-CSV row is refused with both lines', () => {
    const text = 'vm,t0,t1\nvm82,1,2\nvm27,3,4\nvm27,5,6\n';
    const e = error({ format: 'wide', scale: 1 }, [['w.csv', enc(text)]]);
    expect(e.message).toMatch(
      /w\.csv, line 4: task id "vm27" is given twice \(first at w\.csv, line 3\)/,
    );
  });
  it('a repeated column header is refused with both columns', () => {
    const text = 'time,vm82,vm27,vm27\n0,1,2,3\n';
    const e = error({ format: 'columns', scale: 1 }, [['c.csv', enc(text)]]);
    expect(e.message).toMatch(
      /"vm27" \(column 4\) is given twice \(first at c\.csv, line 1 \(column 3\)\)/,
    );
  });
});

describe('Prometheus query_range samples', () => {
  const base = dec(fixture('prometheus/query_range.json'));
  const withValue = (v: string) => base.replace('[1374596800, "0.11"]', `[1374596800, ${v}]`);
  it.each([
    ['"0x1F"', /"0x1F" is not a number/],
    ['""', /"" is not a number/],
  ])('%s is refused, never read as a number', (v, why) => {
    const e = error({ format: 'prometheus', capacity: 8 }, [['q.json', enc(withValue(v))]]);
    expect(e.reason).toMatch(/series 1 .*point 1/);
    expect(e.reason).toMatch(why);
  });
  // What Prometheus itself answers for a missing or undefined value: dropped, counted and named in
  // the load report (the From Prometheus checks), never read as 0.
  it.each(['null', '"NaN"', '"+Inf"'])('%s is dropped and counted, never read as 0', (v) => {
    const r = run({ format: 'prometheus', capacity: 8 }, [['q.json', enc(withValue(v))]]);
    const dropped = r.report.filters.find((f) => f.id === 'not-a-number');
    expect(dropped?.count).toBe(1);
    const clean = run({ format: 'prometheus', capacity: 8 }, [['q.json', enc(base)]]);
    expect(sampleCount(samples(r).inst)).toBe(sampleCount(samples(clean).inst) - 1);
  });
});

describe('Bitbrains per-VM files', () => {
  it('a VM above 100 % of its own cores is clamped to them and counted; a machine above its cores is refused', () => {
    const lines = dec(fixture('bitbrains/1.csv')).split('\r\n');
    const cores = Number(lines[1].split(';\t')[1]);
    lines[1] = lines[1].replace(/;\t1\.5;/, ';\t103.2;');
    const r = run({ format: 'bitbrains' }, [['1.csv', enc(lines.join('\r\n'))]]);
    expect(samples(r).ids).toHaveLength(1);
    expect(seriesAt(samples(r).inst, 0)[0]).toBe(cores / 32);
    expect(r.report.filters.find((f) => f.id === 'clampedToVm')?.count).toBe(1);
    lines[1] = lines[1].replace(/;\t103\.2;/, ';\t1e308;');
    expect(
      seriesAt(
        samples(run({ format: 'bitbrains' }, [['1.csv', enc(lines.join('\r\n'))]])).inst,
        0,
      )[0],
    ).toBe(cores / 32);
    const big = lines[1].split(';\t');
    big[1] = '64';
    lines[1] = big.join(';\t');
    expect(error({ format: 'bitbrains' }, [['1.csv', enc(lines.join('\r\n'))]]).reason).toMatch(
      /above the machine's/,
    );
    lines[1] = lines[1].replace(/;\t1e308;/, ';\tInfinity;');
    expect(error({ format: 'bitbrains' }, [['1.csv', enc(lines.join('\r\n'))]]).reason).toMatch(
      /is not a number|is not finite/,
    );
  });
});

describe('duplicate ids among many', () => {
  it('an id repeated after 100,000 others is refused with both lines; ids alike but for a character pass', () => {
    const rows = Array.from({ length: 100000 }, (_, i) => `vm${i},1,2`);
    rows.push('vm1x,1,2', 'Vm1,1,2', '"vm1,",1,2');
    const text = 'vm,t0,t1\n' + rows.join('\n') + '\n';
    const spec: LoadSpec = { format: 'wide', scale: 1 };
    const ids = samples(run(spec, [['w.csv', enc(text)]], 1 << 16)).ids;
    expect(ids.length).toBe(100003);
    expect(ids.slice(-3)).toEqual(['vm1x', 'Vm1', 'vm1,']);
    const e = error(spec, [['w.csv', enc(text + 'vm77,3,4\n')]]);
    expect(e.message).toMatch(
      /w\.csv, line 100005: task id "vm77" is given twice \(first at w\.csv, line 79\)/,
    );
  });
});
