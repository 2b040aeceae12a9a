/**
 * Bad input in the trace formats and the preview's unit warnings: each problem is a DataError (or
 * a warning) naming file, line or record and reason; gaps are reported, never filled.
 */
import { describe, expect, it } from 'vitest';
import { DataError } from './streams/errors.ts';
import { type LoadSpec } from './load/loader.ts';
import { guessUnit, mixedUnitsWarning, unitWarnings, valueStats } from './units/plausible.ts';
import { preview } from './load/preview.ts';
import { fixture, run, samples } from '../../ingest/traceFixtures.ts';
import { seriesAt, seriesLength } from './samples/samples.ts';

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

const readings = dec(fixture('azure2/vm_cpu_readings-file-1-of-195.csv.gz'));
const vmtable = dec(fixture('azure2/vmtable.csv'));
const bb1 = dec(fixture('bitbrains/1.csv')).split('\r\n');

describe('bad input in trace files', () => {
  it('wrong delimiter: named with file and line', () => {
    const e = error({ format: 'azure2' }, [
      ['r.csv', enc(readings.replaceAll(',', ';'))],
      ['vmtable.csv', enc(vmtable)],
    ]);
    expect(e.file).toBe('r.csv');
    expect(e.line).toBe(1);
    expect(e.reason).toMatch(/semicolons, not commas.*wrong delimiter/);
  });
  it('metadata missing ids the usage file names: refused, or dropped and counted', () => {
    const lines = vmtable.trim().split('\n');
    const gone = lines[1].split(',')[0];
    const short = enc(lines.filter((_, i) => i !== 1).join('\n'));
    const files: [string, Uint8Array][] = [
      ['r.csv', enc(readings)],
      ['vmtable.csv', short],
    ];
    const e = error({ format: 'azure2' }, files);
    expect(e.file).toBe('vmtable.csv');
    expect(e.reason).toContain(gone);
    const r = run({ format: 'azure2', skipBadLines: true }, files);
    expect(r.report.filters.find((f) => f.id === 'no-metadata')?.count).toBe(1);
    expect(samples(r).ids).not.toContain(gone);
    const meta = error({ format: 'alibaba' }, [
      ['container_usage.csv', fixture('alibaba/container_usage.csv')],
      ['container_meta.csv', enc('c_82,m_82,0,app_82,started,400,400,3.13\n')],
      ['machine_meta.csv', fixture('alibaba/machine_meta.csv')],
    ]);
    expect(meta.reason).toMatch(/2 id\(s\).*c_27, c_24/);
  });
  it('a repeated timestamp is merged into the first, counted; the refusal when asked names both lines', () => {
    const dup = [...bb1.slice(0, 4), bb1[3], ...bb1.slice(4)].join('\r\n');
    const merged = run({ format: 'bitbrains' }, [['1.csv', enc(dup)]]);
    const plain = run({ format: 'bitbrains' }, [['1.csv', enc(bb1.join('\r\n'))]]);
    expect(Array.from(seriesAt(samples(merged).inst, 0))).toEqual(
      Array.from(seriesAt(samples(plain).inst, 0)),
    );
    expect(merged.report.notes.join()).toMatch(
      /^1 repeated timestamp\(s\) with the same values merged/,
    );
    const other = bb1[3].split(';\t');
    other[4] = '55.5';
    const conflicting = [...bb1.slice(0, 4), other.join(';\t'), ...bb1.slice(4)].join('\r\n');
    const first = run({ format: 'bitbrains' }, [['1.csv', enc(conflicting)]]);
    expect(Array.from(seriesAt(samples(first).inst, 0))).toEqual(
      Array.from(seriesAt(samples(plain).inst, 0)),
    );
    expect(first.report.notes.join()).toMatch(
      /1 repeated timestamp\(s\) with other values: the first sample kept.*task 1 at \d+, 1\.csv, line 5 \(first at line 4\)/,
    );
    const e = error({ format: 'bitbrains', duplicates: 'refuse' }, [['1.csv', enc(dup)]]);
    expect([e.file, e.line]).toEqual(['1.csv', 5]);
    expect(e.reason).toMatch(/task 1: duplicated timestamp \d+ \(also at line 4\)/);
    const swapped = [bb1[0], bb1[2], bb1[1], ...bb1.slice(3)].join('\r\n');
    const o = error({ format: 'bitbrains' }, [['1.csv', enc(swapped)]]);
    expect([o.line, o.reason]).toEqual([
      3,
      expect.stringMatching(/out of order \(after \d+ at line 2\)/),
    ]);
    const skipped = run({ format: 'bitbrains', skipBadLines: true, duplicates: 'refuse' }, [
      ['1.csv', enc(dup)],
    ]);
    expect(skipped.report.skippedLines).toBe(1);
    expect(seriesLength(samples(skipped).inst, 0)).toBe(24);
  });
  it('a gap is reported, not filled', () => {
    const gap = [...bb1.slice(0, 10), ...bb1.slice(13)].join('\r\n');
    const r = run({ format: 'bitbrains' }, [['1.csv', enc(gap)]]);
    expect(seriesLength(samples(r).inst, 0)).toBe(21);
    expect(r.report.notes.join()).toMatch(
      /1 gap\(s\) in 1 task\(s\), left unfilled: task 1: \d+ between/,
    );
  });
  it('wrong sign: a negative value is refused', () => {
    const neg = readings.split('\n');
    neg[2] = neg[2].replace(/,([\d.]+)$/, ',-$1');
    const e = error({ format: 'azure2' }, [
      ['r.csv', enc(neg.join('\n'))],
      ['vmtable.csv', enc(vmtable)],
    ]);
    expect([e.line, e.reason]).toEqual([3, expect.stringMatching(/avg CPU -[\d.]+ is negative/)]);
  });
  it('JSON that is not a Prometheus matrix response is refused with the reason', () => {
    const spec: LoadSpec = { format: 'prometheus', capacity: 8 };
    expect(error(spec, [['e.json', fixture('prometheus/error.json')]]).reason).toMatch(
      /Prometheus error response \(bad_data: invalid parameter "query"/,
    );
    expect(error(spec, [['x.json', enc('{"foo":1}')]]).reason).toMatch(
      /not a Prometheus query_range/,
    );
    expect(
      error(spec, [
        ['v.json', enc('{"status":"success","data":{"resultType":"vector","result":[]}}')],
      ]).reason,
    ).toMatch(/resultType is "vector", expected "matrix"/);
    expect(error(spec, [['t.json', enc('{"status":')]]).reason).toMatch(/^not JSON/);
  });
  it('a point above the machine is refused unless clamped', () => {
    const e = error({ format: 'prometheus', capacity: 3 }, [
      ['q.json', fixture('prometheus/query_range.json')],
    ]);
    expect(e.reason).toMatch(
      /series 1 \(container=vm82,.*\), point 6: value "3\.048" is above 3 cores/,
    );
  });
});

describe('unit plausibility', () => {
  const coresCsv = fixture('prometheus/export.csv');
  it('cores read as percent: warned, and the guess is cores', () => {
    const p = preview([{ name: 'export.csv', head: coresCsv }], { unit: 'percent', scale: 0.25 });
    expect(p.spec?.format).toBe('columns');
    expect(p.unitGuess?.unit).toBe('cores');
    expect(p.warnings.join()).toMatch(/percent chosen but .*these look like cores/);
    expect(p.rows.length).toBe(3);
  });
  it('cores read as fractions: refused by the loader, warned by the preview', () => {
    const p = preview([{ name: 'export.csv', head: coresCsv }], { unit: 'fraction' });
    expect(p.warnings.join()).toMatch(/fraction chosen but .*these look like cores/);
    expect(p.error).toMatch(/is above 1/);
  });
  it('the right unit: no warning, rows in machine units', () => {
    const p = preview([{ name: 'export.csv', head: coresCsv }], { unit: 'cores', capacity: 8 });
    expect(p.warnings).toEqual([]);
    expect(p.error).toBeNull();
    expect(p.rows[0].inst[0]).toBeCloseTo(0.11 / 8, 12);
  });
  it('percent with every value below 1 looks like fractions; MHz as fraction warned', () => {
    const small = valueStats([0.1, 0.2, 0.95]);
    expect(unitWarnings(small, 'percent').join()).toMatch(/these look like fractions/);
    expect(guessUnit(small)?.unit).toBe('fraction');
    expect(unitWarnings(valueStats([120, 2600]), 'fraction').join()).toMatch(/look like MHz/);
    expect(unitWarnings(valueStats([12, 55, 97]), 'percent')).toEqual([]);
    expect(unitWarnings(valueStats([-1, 2]), 'percent').join()).toMatch(/negative values/);
  });
  it('mixed units in one file: two groups of series far apart', () => {
    expect(mixedUnitsWarning([0.5, 1.2, 3.9, 87, 100])).toMatch(
      /2 series reach 87 … 100 while 3 stay/,
    );
    expect(mixedUnitsWarning([0.5, 1.2, 3.9])).toBeNull();
    const mixed = dec(coresCsv)
      .trim()
      .split('\n')
      .map((l, i) => (i === 0 ? `${l},pct` : `${l},${(i * 7) % 90}`))
      .join('\n');
    const p = preview([{ name: 'm.csv', head: enc(mixed) }], { unit: 'cores', capacity: 96 });
    expect(p.warnings.join()).toMatch(/mixed units\? 1 series/);
  });
});

describe('recipes', () => {
  it('every recipe resolves to a loadable spec for its own fixture', async () => {
    const { RECIPES } = await import('./load/recipes.ts');
    const { resolveSpec } = await import('./load/detect.ts');
    const fixtureOf: Record<string, string> = {
      'prometheus-json': 'prometheus/query_range.json',
      'prometheus-csv': 'prometheus/export.csv',
      'alibaba-2018': 'alibaba/container_usage.csv',
      'azure-v2': 'azure2/vm_cpu_readings-file-1-of-195.csv.gz',
      'google-2019': 'google2019/instance_usage.csv',
      bitbrains: 'bitbrains/1.csv',
    };
    expect(RECIPES.map((r) => r.id).sort()).toEqual(Object.keys(fixtureOf).sort());
    for (const r of RECIPES) {
      const head = fixture(fixtureOf[r.id]);
      const spec = resolveSpec('auto', { ...r.spec, coresPerMachine: 8 }, fixtureOf[r.id], head);
      expect(spec.format, r.id).toBe(r.format);
    }
  });
});

describe('mutated trace files', () => {
  it('any mutation loads or fails with a DataError (never another error)', async () => {
    const fc = (await import('fast-check')).default;
    const cases: [LoadSpec, [string, Uint8Array][]][] = [
      [{ format: 'prometheus', capacity: 8 }, [['q.json', fixture('prometheus/query_range.json')]]],
      [{ format: 'bitbrains' }, [['1.csv', fixture('bitbrains/1.csv')]]],
      [
        { format: 'azure2' },
        [
          ['r.csv', fixture('azure2/vm_cpu_readings-file-1-of-195.csv.gz')],
          ['vmtable.csv', fixture('azure2/vmtable.csv')],
        ],
      ],
      [
        { format: 'alibaba', coresPerMachine: 96 },
        [
          ['container_usage.csv', fixture('alibaba/container_usage.csv')],
          ['container_meta.csv', fixture('alibaba/container_meta.csv')],
        ],
      ],
      [{ format: 'google2019' }, [['i.json', fixture('google2019/instance_usage.json')]]],
      [{ format: 'google2019' }, [['i.csv', fixture('google2019/instance_usage.csv')]]],
      [{ format: 'bitbrains' }, [['b.zip', fixture('bitbrains/rnd-2013-7.zip')]]],
      [{ format: 'bitbrains' }, [['b.tar.gz', fixture('bitbrains/rnd-2013-7.tar.gz')]]],
    ];
    fc.assert(
      fc.property(
        fc.nat(cases.length - 1),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
        fc.boolean(),
        (k, edits, skipBadLines) => {
          const [spec, files] = cases[k];
          const first = Uint8Array.from(files[0][1]);
          for (const [at, byte] of edits) first[at % first.length] = byte;
          try {
            run({ ...spec, skipBadLines } as LoadSpec, [[files[0][0], first], ...files.slice(1)]);
          } catch (e) {
            if (!(e instanceof DataError)) throw e;
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
