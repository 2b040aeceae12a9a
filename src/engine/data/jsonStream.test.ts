/**
 * The streamed JSON readers (Prometheus query_range, Google 2019 JSON lines): any cut of the bytes
 * into chunks gives the same result and the same errors as the whole file in one chunk; results
 * equal a naive JSON.parse reading; syntax errors are found exactly where JSON.parse finds them
 * and named with line and column.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLoader, type LoadResult, type LoadSpec } from '../index.ts';
import { DataError } from './streams/errors.ts';
import { fixture, samples } from '../../ingest/traceFixtures.ts';
import { seriesAt, seriesList } from './samples/samples.ts';

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
      inst: seriesList(s.inst).map((x) => Array.from(x)),
      avg: s.avg && seriesList(s.avg).map((x) => Array.from(x)),
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
    seriesList(s.inst).forEach((x, k) =>
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
      [' \n\t ', /empty file/],
    ];
    for (const [text, want] of cases) {
      const bytes = enc(text);
      const o = outcome(PROM, 'e.json', bytes);
      expect(o, text).toMatch(want);
      for (let c = 1; c < bytes.length; c++) expect(outcome(PROM, 'e.json', bytes, [c])).toEqual(o);
    }
  });
});

const G2019: LoadSpec = { format: 'google2019' };
const jsonLines = fixture('google2019/instance_usage.json');

/** The rows as JSON.parse reads them (the first name present and not null wins), by task. */
function naiveJsonLines(text: string) {
  const names: Record<string, string[][]> = {
    time: [['start_time']],
    inst: [['random_sample_usage', 'cpus'], ['random_sample_usage_cpus'], ['random_sample_cpus']],
    avg: [['average_usage', 'cpus'], ['average_usage_cpus'], ['average_cpus']],
  };
  const get = (o: Record<string, unknown>, f: string) => {
    for (const [a, sub] of names[f]) {
      const v = sub ? (o[a] as Record<string, unknown> | undefined)?.[sub] : o[a];
      if (v !== undefined && v !== null) return Number(v);
    }
    return NaN;
  };
  const tasks = new Map<string, [number[], number[]]>();
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const o = JSON.parse(line);
    const id = `${String(o.collection_id)}:${String(o.instance_index)}`;
    if (!tasks.has(id)) tasks.set(id, [[], []]);
    tasks.get(id)![0].push(get(o, 'inst'));
    tasks.get(id)![1].push(get(o, 'avg'));
  }
  return tasks;
}

/** A line rewritten as other exporters write it: keys shuffled, flattened names, strings. */
function variant(o: Record<string, unknown>, r: number): Record<string, unknown> {
  const out: Record<string, unknown> = { ...o };
  const au = o.average_usage as { cpus: number };
  const ru = o.random_sample_usage as { cpus: number };
  if (r & 1) {
    delete out.average_usage;
    out.average_usage_cpus = r & 2 ? String(au.cpus) : au.cpus;
    out.average_cpus = 0.5;
  }
  if (r & 4) {
    out.random_sample_usage = { memory: null, cpus: ru.cpus, extra: [[1], { cpus: 2 }] };
    out.random_sample_cpus = null;
  }
  if (r & 8) out.instance_index = String(o.instance_index);
  if (r & 16) out.collection_id = Number(o.collection_id);
  const keys = Object.keys(out);
  const shuffled = keys
    .map((k, i) => [k, (i * 7919 + r) % 13] as const)
    .sort((a, b) => a[1] - b[1]);
  return Object.fromEntries(shuffled.map(([k]) => [k, out[k]]));
}

describe('Google 2019 JSON lines, read from bytes', () => {
  it('equal a naive JSON.parse reading, whatever the exporter’s key order and spelling', () => {
    const lines = dec(jsonLines).trim().split('\n');
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 31 }), {
          minLength: lines.length,
          maxLength: lines.length,
        }),
        (rs) => {
          const text = lines
            .map((l, k) => JSON.stringify(variant(JSON.parse(l), rs[k])))
            .join('\n');
          const want = naiveJsonLines(text);
          const s = samples(load(G2019, 'i.json', enc(text), []));
          expect(s.ids).toEqual([...want.keys()]);
          s.ids.forEach((id, t) => {
            expect(Array.from(seriesAt(s.inst, t))).toEqual(want.get(id)![0]);
            expect(Array.from(seriesAt(s.avg!, t))).toEqual(want.get(id)![1]);
          });
        },
      ),
      { numRuns: 50 },
    );
  });
  it('a cut at every 11th byte gives the same result', () => {
    const whole = outcome(G2019, 'i.json', jsonLines);
    for (let c = 1; c < jsonLines.length; c += 11)
      expect(outcome(G2019, 'i.json', jsonLines, [c])).toEqual(whole);
  });
  it('a broken line is named by line and column, refused or skipped', () => {
    const lines = dec(jsonLines).trim().split('\n');
    lines[4] = lines[4].replace('"instance_index":', '"instance_index"');
    const bytes = enc(lines.join('\n'));
    const o = outcome(G2019, 'i.json', bytes);
    expect(o).toMatch(
      /^DataError: i\.json, line 5: not a JSON object: expected ':' after a key, found '\d' \(column \d+\)$/,
    );
    const column = Number(/column (\d+)/.exec(String(o))![1]);
    expect(lines[4].slice(column - 18, column)).toBe('"instance_index" 0');
    expect(() => JSON.parse(lines[4])).toThrow();
    const skipped = load({ ...G2019, skipBadLines: true }, 'i.json', bytes, []);
    expect(skipped.report.skippedLines).toBe(1);
    lines[4] = '{"start_time": "1"}';
    expect(outcome(G2019, 'i.json', enc(lines.join('\n')))).toMatch(
      /line 5: no collection_id or instance_index/,
    );
  });
});
