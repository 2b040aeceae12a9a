/**
 * Bad input (SPEC §10): every parser answers with a DataError naming the file, the line and the
 * reason; with skipBadLines it skips the line and reports how many it skipped. Property tests feed
 * random and mutated inputs: only DataError (never another error), and no hang.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DataError } from './streams/errors.ts';
import { createLoader, type LoadSpec } from './load/loader.ts';
import { encodeCompact } from './readers/compact.ts';
import { encodeNpy } from './readers/npy.ts';
import { seriesAt } from './samples/samples.ts';

const enc = (s: string) => new TextEncoder().encode(s);

function run(spec: LoadSpec, files: [string, Uint8Array | string][], chunk = 1 << 16) {
  const loader = createLoader(spec);
  for (const [name, content] of files) {
    const bytes = typeof content === 'string' ? enc(content) : content;
    const sink = loader.file(name);
    for (let i = 0; i < bytes.length; i += chunk) sink.push(bytes.subarray(i, i + chunk));
    sink.end();
  }
  return loader.finish();
}

function error(spec: LoadSpec, files: [string, Uint8Array | string][]): DataError {
  try {
    run(spec, files);
  } catch (e) {
    if (e instanceof DataError) return e;
    throw e;
  }
  throw new Error('no error');
}

const G_ROW =
  '600000000,900000000,3418309,0,4155527081,0.001562,0.06787,0.07568,0.001156,0.001503,0.06787,2.861e-06,0.0001869,0.03967,0.0003567,2.445,0.007243,0,1,0.5';
const google: LoadSpec = { format: 'google', filters: { minRecords: 1 } };
const wide: LoadSpec = { format: 'wide', unit: 'percent', scale: 0.25 };
const columns: LoadSpec = { format: 'columns', unit: 'percent', scale: 0.25 };
const long: LoadSpec = { format: 'long', idColumn: 'id', valueColumn: 'cpu', scale: 0.25 };
const WIDE = 'id,t0,t1,t2\na,1,2,3\nb,4,5,6\nc,7,8,9\n';
const COLS = 't_index,a,b\n1,10,20\n2,30,40\n3,50,60\n';
const LONG = 'id,ts,cpu\na,0,10\na,1,20\nb,0,30\n';

describe('bad input: a DataError naming file, line and reason', () => {
  it.each<[string, LoadSpec, string, RegExp]>([
    [
      'google, 19 columns',
      google,
      G_ROW.replace(/,0\.5$/, ''),
      /g\.csv, line 2: 19 columns, expected 20/,
    ],
    [
      'google, text in the job ID',
      google,
      G_ROW.replace('3418309', 'abc'),
      /line 2: job ID \(column 3\) is not an integer/,
    ],
    [
      'google, NaN inst',
      google,
      G_ROW.replace(/0\.5$/, 'NaN'),
      /line 2: sampled CPU usage \(column 20\) "NaN" is not a number/,
    ],
    [
      'google, negative avg',
      google,
      G_ROW.replace('0.001562', '-0.1'),
      /line 2: CPU rate \(column 6\) "-0\.1" is negative/,
    ],
    [
      'google, inst above 1',
      google,
      G_ROW.replace(/0\.5$/, '1.5'),
      /line 2: sampled CPU usage \(column 20\) 1\.5 is above 1/,
    ],
    [
      'wide, short row',
      wide,
      'id,t0,t1,t2\na,1,2,3\nb,4,5\n',
      /w\.csv, line 3: 3 columns, the header has 4/,
    ],
    ['wide, long row', wide, 'id,t0,t1\na,1,2,3\n', /w\.csv, line 2: 4 columns, the header has 3/],
    ['wide, text', wide, 'id,t0,t1\na,1,x2\n', /w\.csv, line 2: "x2" in column t1 is not a number/],
    ['wide, NaN', wide, 'id,t0,t1\na,NaN,2\n', /line 2: "NaN" in column t0 is not a number/],
    ['wide, empty cell', wide, 'id,t0,t1\na,,2\n', /line 2: "" in column t0 is not a number/],
    ['wide, negative', wide, 'id,t0,t1\na,1,-2\n', /line 2: "-2" in column t1 is negative/],
    [
      'wide, above 100 %',
      wide,
      'id,t0,t1\na,1,100.5\n',
      /line 2: "100\.5" in column t1 is above 100 %/,
    ],
    [
      'columns, short row',
      columns,
      't_index,a,b\n1,10\n',
      /c\.csv, line 2: 2 columns, the header has 3/,
    ],
    [
      'columns, text',
      columns,
      't_index,a,b\n1,10,abc\n',
      /line 2: "abc" in column b is not a number/,
    ],
    [
      'long, text',
      long,
      'id,ts,cpu\na,0,1O\n',
      /l\.csv, line 2: "1O" in column cpu is not a number/,
    ],
    ['long, short row', long, 'id,ts,cpu\na,0\n', /l\.csv, line 2: 2 columns, the header has 3/],
  ])('%s', (_, spec, text, message) => {
    const name = spec.format === 'google' ? 'g.csv' : `${spec.format[0]}.csv`;
    const body = spec.format === 'google' ? `${G_ROW}\n${text}\n` : text;
    const e = error(spec, [[name, body]]);
    expect(e.message).toMatch(message);
    expect(e.file).toBe(name);
    expect(e.line).toBeGreaterThan(0);
  });

  it.each<[string, LoadSpec, string]>([
    ['google', google, 'g.csv'],
    ['wide', wide, 'w.csv'],
    ['columns', columns, 'c.csv'],
    ['long', long, 'l.csv'],
    ['npy', { format: 'npy' }, 'x.npy'],
  ])('an empty %s file', (_, spec, name) => {
    const e = error(spec, [[name, '']]);
    expect(e.file).toMatch(name);
    expect(e.message).toMatch(/empty file|no task|no data/);
  });

  it('a header without rows', () => {
    expect(error(wide, [['w.csv', 'id,t0,t1\n']]).message).toMatch(
      /w\.csv: no data rows after the header/,
    );
  });

  it('a binary file: the line of the first NUL byte', () => {
    const bytes = new Uint8Array([...enc('id,t0\na,1\n'), 0x89, 0x00, 0x01, 0xff]);
    const e = error(wide, [['b.csv', bytes]]);
    expect(e.message).toMatch(/b\.csv, line 3: binary data \(a NUL byte\); expected CSV text/);
  });

  it('gzip bytes given as text', () => {
    const e = error(wide, [['z.csv', new Uint8Array([0x1f, 0x8b, 8, 0, 1, 2, 3])]]);
    expect(e.message).toMatch(/z\.csv: gzip-compressed data where text was expected/);
  });

  it('a line longer than the limit (a file without newlines)', () => {
    const loader = createLoader(wide);
    const sink = loader.file('huge.csv');
    const chunk = new Uint8Array(1 << 20).fill(0x31);
    let e: unknown;
    try {
      for (let i = 0; i < 40; i++) sink.push(chunk);
    } catch (x) {
      e = x;
    }
    expect(e).toBeInstanceOf(DataError);
    expect((e as DataError).message).toMatch(/huge\.csv, line 1: line longer than 16777216 bytes/);
  });

  it('a truncated .npy, and a .npy with extra bytes', () => {
    const good = encodeNpy(new Float32Array(8), [2, 4]);
    expect(
      error({ format: 'npy' }, [['t.npy', good.subarray(0, good.length - 3)]]).message,
    ).toMatch(/t\.npy: truncated data: expected 32 bytes after the header, found 29/);
    const extra = new Uint8Array(good.length + 2);
    extra.set(good);
    expect(error({ format: 'npy' }, [['e.npy', extra]]).message).toMatch(
      /e\.npy: 2 bytes after the end/,
    );
  });
});

describe('skipping bad lines: reported and counted', () => {
  it.each<[string, LoadSpec, string, number, number]>([
    ['wide', { ...wide, skipBadLines: true }, 'id,t0,t1\na,1,2\nb,x,3\nc,1\nd,4,5\n', 2, 2],
    ['columns', { ...columns, skipBadLines: true }, 't_index,a,b\n1,1,2\n2,-1,3\n3,4,5\n', 1, 2],
    ['long', { ...long, skipBadLines: true }, 'id,ts,cpu\na,0,1\na,1,?\nb,0,2\nb,1,200\n', 2, 2],
    [
      'google',
      { ...google, skipBadLines: true },
      `${G_ROW}\n${G_ROW.replace('3418309', 'x')}\n${G_ROW.replace(/0\.5$/, '7')}\n${G_ROW.replace(',0,4155527081', ',1,4155527081')}\n`,
      2,
      2,
    ],
  ])('%s', (_, spec, text, skipped, kept) => {
    const r = run(spec, [[`s.csv`, text]]);
    expect(r.report.skippedLines).toBe(skipped);
    expect(r.report.skippedExamples).toHaveLength(skipped);
    expect(r.report.skippedExamples[0]).toMatch(/^s\.csv, line \d+: /);
    if (r.kind !== 'samples') throw new Error('samples');
    expect(
      spec.format === 'columns' ? seriesAt(r.samples.inst, 0).length : r.samples.ids.length,
    ).toBe(kept);
  });
});

/** Every parser, with options that make its header and columns valid for the seeds below. */
const SPECS: [LoadSpec, string][] = [
  [
    { format: 'google', filters: { minRecords: 1, dropAllZeroInst: false } },
    `${G_ROW}\n${G_ROW}\n`,
  ],
  [{ format: 'google', skipBadLines: true, filters: { minRecords: 1 } }, `${G_ROW}\n`],
  [wide, WIDE],
  [{ ...wide, skipBadLines: true, clamp: true }, WIDE],
  [columns, COLS],
  [{ ...columns, skipBadLines: true }, COLS],
  [long, LONG],
  [{ ...long, skipBadLines: true, scaleColumn: 'ts' }, LONG],
];

/** Loads bytes with a spec and chunking; returns 'ok' or the error (DataError expected). */
function attempt(spec: LoadSpec, bytes: Uint8Array, chunk: number): unknown {
  try {
    run(spec, [['f.csv', bytes]], chunk);
    return 'ok';
  } catch (e) {
    return e;
  }
}

describe('property: random and mutated input never throws anything but DataError', () => {
  const mutation = fc.oneof(
    fc.record({
      kind: fc.constant('set' as const),
      at: fc.nat(),
      byte: fc.integer({ min: 0, max: 255 }),
    }),
    fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
    fc.record({
      kind: fc.constant('insert' as const),
      at: fc.nat(),
      text: fc.constantFrom(',', '\n', '\r\n', '"', '-', 'e', '.', 'NaN', ' ', '1e999', ''),
    }),
    fc.record({ kind: fc.constant('dup' as const), at: fc.nat(), length: fc.nat(200) }),
  );

  function mutate(
    base: Uint8Array,
    ms: { kind: string; at: number; byte?: number; text?: string; length?: number }[],
  ) {
    let b = base;
    for (const m of ms) {
      const at = b.length ? m.at % (b.length + 1) : 0;
      if (m.kind === 'set' && b.length) {
        b = b.slice();
        b[at % b.length] = m.byte!;
      } else if (m.kind === 'cut') b = b.subarray(0, at);
      else if (m.kind === 'insert')
        b = new Uint8Array([...b.subarray(0, at), ...enc(m.text!), ...b.subarray(at)]);
      else if (m.kind === 'dup')
        b = new Uint8Array([
          ...b.subarray(0, at),
          ...b.subarray(at, at + m.length!),
          ...b.subarray(at),
        ]);
    }
    return b;
  }

  it('mutated valid files, every parser, any chunking', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: SPECS.length - 1 }),
        fc.array(mutation, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 64 }),
        (which, ms, chunk) => {
          const [spec, seed] = SPECS[which];
          const e = attempt(spec, mutate(enc(seed), ms), chunk);
          return e === 'ok' || e instanceof DataError;
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('random bytes and random CSV-ish text, every parser', () => {
    const text = fc.stringMatching(/^[0-9a-z,.\-e"\n\r t_]{0,300}$/);
    const bytes = fc.uint8Array({ maxLength: 400 });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: SPECS.length - 1 }),
        fc.oneof(text.map(enc), bytes),
        fc.integer({ min: 1, max: 64 }),
        (which, input, chunk) => {
          const e = attempt(SPECS[which][0], input, chunk);
          return e === 'ok' || e instanceof DataError;
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('.npy and the compact format, mutated', () => {
    const npy = encodeNpy(Float32Array.from([0.1, 0.2, 0.3, 0.4, 0.5, 0.6]), [2, 3]);
    const r = run(wide, [['w.csv', WIDE]]);
    if (r.kind !== 'samples') throw new Error('samples');
    const compact = encodeCompact(r.samples, r.report, {}, 'c.npy');
    fc.assert(
      fc.property(
        fc.array(mutation, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 64 }),
        fc.boolean(),
        (ms, chunk, realizations) => {
          const e1 = (() => {
            try {
              run(
                { format: 'npy', kind: realizations ? 'realizations' : 'samples' },
                [['x.npy', mutate(npy, ms)]],
                chunk,
              );
              return 'ok';
            } catch (e) {
              return e;
            }
          })();
          const e2 = (() => {
            try {
              const loader = createLoader({ format: 'compact' });
              const side = loader.file('c.json');
              side.push(mutate(enc(compact.json), ms));
              side.end();
              const data = loader.file('c.npy');
              data.push(mutate(compact.npy, ms.slice(0, 1)));
              data.end();
              loader.finish();
              return 'ok';
            } catch (e) {
              return e;
            }
          })();
          return (
            (e1 === 'ok' || e1 instanceof DataError) && (e2 === 'ok' || e2 instanceof DataError)
          );
        },
      ),
      { numRuns: 800 },
    );
  });
});
