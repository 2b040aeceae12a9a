/**
 * The streamed JSON readers (Prometheus query_range, Google 2019 JSON lines): any cut of the bytes
 * into chunks gives the same result and the same errors as the whole file in one chunk; results
 * equal a naive JSON.parse reading; syntax errors are found exactly where JSON.parse finds them
 * and named with line and column.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLoader, type LoadResult, type LoadSpec } from '../index.ts';
import { DataError } from './errors.ts';
import { fixture, samples } from '../../ingest/traceFixtures.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);

/** Loads one file cut at the given offsets. */
function load(spec: LoadSpec, name: string, bytes: Uint8Array, cuts: number[]): LoadResult {
  const loader = createLoader(spec);
  const sink = loader.file(name);
  let at = 0;
  for (const c of [...cuts].sort((a, b) => a - b)) {
    sink.push(bytes.subarray(at, c));
    at = c;
  }
  sink.push(bytes.subarray(at));
  sink.end();
  return loader.finish();
}

/** The result (ids, samples, report) or the error's message, as comparable data. */
function outcome(spec: LoadSpec, name: string, bytes: Uint8Array, cuts: number[] = []): unknown {
  try {
    const r = load(spec, name, bytes, cuts);
    const s = samples(r);
    return {
      ids: s.ids,
      inst: s.inst.map((x) => Array.from(x)),
      avg: s.avg?.map((x) => Array.from(x)),
      report: { ...r.report, files: r.report.files.map((f) => ({ ...f })) },
    };
  } catch (e) {
    if (e instanceof DataError) return `DataError: ${e.message}`;
    throw e;
  }
}

const PROM: LoadSpec = { format: 'prometheus', capacity: 8, idLabel: 'container' };
const query = fixture('prometheus/query_range.json');
const pretty = enc(JSON.stringify(JSON.parse(dec(query)), null, 2));

describe('Prometheus query_range, streamed', () => {
  it('equals a naive JSON.parse reading', () => {
    const doc = JSON.parse(dec(query));
    const s = samples(load(PROM, 'q.json', query, []));
    expect(s.ids).toEqual(
      doc.data.result.map((r: { metric: { container: string } }) => r.metric.container),
    );
    s.inst.forEach((x, k) =>
      expect(Array.from(x)).toEqual(
        doc.data.result[k].values.map((p: [number, string]) => Number(p[1]) / 8),
      ),
    );
  });
  it('a cut at every byte gives the same result (compact and pretty-printed)', () => {
    for (const bytes of [query, pretty]) {
      const whole = outcome(PROM, 'q.json', bytes);
      for (let c = 1; c < bytes.length; c++)
        expect(outcome(PROM, 'q.json', bytes, [c])).toEqual(whole);
    }
  });
  it('any chunking gives the same result', () => {
    const whole = outcome(PROM, 'q.json', pretty);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: pretty.length }), { maxLength: 40 }),
        (cuts) => {
          expect(outcome(PROM, 'q.json', pretty, cuts)).toEqual(whole);
        },
      ),
      { numRuns: 300 },
    );
  });
  it('a truncated response fails as not JSON, at any cut, as JSON.parse does', () => {
    for (let n = 1; n < query.length; n += 7) {
      const part = query.subarray(0, n);
      const o = outcome(PROM, 'q.json', part);
      expect(o, `${n} bytes`).toMatch(/^DataError: q\.json, line 1: not JSON: /);
      expect(outcome(PROM, 'q.json', part, [Math.floor(n / 2)])).toEqual(o);
    }
  });
  it('a one-byte change is refused as not JSON exactly when JSON.parse refuses it', () => {
    const text = dec(pretty);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: text.length - 1 }),
        fc.constantFrom(...'{}[],:" 0-.eE\\ax\n'.split('')),
        fc.integer({ min: 1, max: 200 }),
        (at, ch, cut) => {
          const changed = text.slice(0, at) + ch + text.slice(at + 1);
          let valid = true;
          try {
            JSON.parse(changed);
          } catch {
            valid = false;
          }
          const bytes = enc(changed);
          const o = outcome({ ...PROM, skipBadLines: true }, 'q.json', bytes);
          expect(typeof o === 'string' && o.includes('not JSON')).toBe(!valid);
          expect(outcome({ ...PROM, skipBadLines: true }, 'q.json', bytes, [cut])).toEqual(o);
        },
      ),
      { numRuns: 2000 },
    );
  });
  it('a syntax error is named by line and column', () => {
    const lines = dec(pretty).split('\n');
    lines[7] = lines[7].replace(',', ';');
    const o = outcome(PROM, 'q.json', enc(lines.join('\n')));
    expect(o).toMatch(
      /^DataError: q\.json, line 8: not JSON: expected ',' or a closing bracket, found ';' \(column \d+\)$/,
    );
    const column = Number(/column (\d+)/.exec(String(o))![1]);
    expect(lines[7][column - 1]).toBe(';');
  });
  it('key order does not matter: values before metric, status and resultType last', () => {
    const doc = JSON.parse(dec(query));
    const reordered = {
      data: {
        result: doc.data.result.map((s: { metric: object; values: unknown }) => ({
          values: s.values,
          extra: { nested: [1, [2, { a: null }]] },
          metric: s.metric,
        })),
        resultType: 'matrix',
      },
      status: 'success',
    };
    const noFiles = (o: unknown) => ({
      ...(o as object),
      report: { ...(o as { report: object }).report, files: [] },
    });
    expect(noFiles(outcome(PROM, 'q.json', enc(JSON.stringify(reordered))))).toEqual(
      noFiles(outcome(PROM, 'q.json', query)),
    );
  });
  it('structural errors keep their order and wording, whatever the chunking', () => {
    const cases: [string, RegExp][] = [
      ['[1,2]', /not a Prometheus response \(expected an object/],
      ['null', /not a Prometheus response/],
      ['{"status":"error","errorType":"bad_data","error":"x"}', /error response \(bad_data: x\)/],
      ['{"status":"success"}', /not a Prometheus query_range response/],
      ['{"data":{"resultType":"vector","result":[]},"status":"success"}', /resultType is "vector"/],
      [
        '{"status":"success","data":{"resultType":"matrix","result":{}}}',
        /data.result is not an array/,
      ],
      [
        '{"status":"success","data":{"resultType":"matrix","result":[{"metric":{}}]}}',
        /series 1 has no "values" array/,
      ],
      [
        '{"status":"success","data":{"resultType":"matrix","result":[{"values":[[1,"2",3]]}]}}',
        /series 1 \(series\), point 1: expected \[time, "value"\]/,
      ],
      [
        '{"status":"success","data":{"resultType":"matrix","result":[{"values":[[1,"-2"]]}]}}',
        /point 1: value "-2" is negative/,
      ],
      [
        '{"status":"success","data":{"resultType":"matrix","result":[{"values":[[1,"x\\u0041"]]}]}}',
        /value "xA" is not a number/,
      ],
      ['{"status":"success","data":{"resultType":"matrix","result":[]}}', /no data rows/],
      ['{"status":"success"} {}', /not JSON: expected nothing more/],
      ['', /empty file/],
    ];
    for (const [text, want] of cases) {
      const bytes = enc(text);
      const o = outcome(PROM, 'e.json', bytes);
      expect(o, text).toMatch(want);
      for (let c = 1; c < bytes.length; c++) expect(outcome(PROM, 'e.json', bytes, [c])).toEqual(o);
    }
  });
});
