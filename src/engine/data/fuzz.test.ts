/**
 * Seeded mutations of real files, a few hundred per loader (fast-check, fixed seed, bounded runs):
 * every load either fails with a DataError or RangeError naming the problem, or gives only finite,
 * non-negative numbers — in samples, realization matrices and timeline task lists alike.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DataError } from './streams/errors.ts';
import { type LoadSpec } from './load/loader.ts';
import { encodeNpy } from './readers/npy.ts';
import { seriesList } from './samples/samples.ts';
import { dataPath } from '../../ingest/testing.ts';
import { fixture, run } from '../../ingest/traceFixtures.ts';
import { parseTaskList } from '../timeline/index.ts';
import { CsvSyntaxError } from '../csvText.ts';

const RUNS = 200;
const SEED = 20261126;
const dec = (b: Uint8Array) => new TextDecoder().decode(b);
const enc = (s: string) => new TextEncoder().encode(s);

/** What a hostile file may hold in place of a value, or around one. */
const TOKENS = [
  'NaN',
  'nan',
  'null',
  'Infinity',
  '-Infinity',
  '+Inf',
  '1e308',
  '1e400',
  '-1e308',
  '-0',
  '-0.5',
  '-1',
  '0x1F',
  '1_000',
  '',
  ' ',
  '"',
  '""',
  '","',
  ',',
  ';',
  '\t',
  '\r',
  '\n',
  '\ufeff',
  '1e-400',
  '9'.repeat(30),
];

/** A mutation: replace a span with a hostile token, duplicate or drop a line, cut the file. */
const mutation = fc.oneof(
  fc.record({
    kind: fc.constant('token'),
    at: fc.nat(),
    len: fc.nat(12),
    token: fc.constantFrom(...TOKENS),
  }),
  fc.record({ kind: fc.constant('dupLine'), at: fc.nat() }),
  fc.record({ kind: fc.constant('dropLine'), at: fc.nat() }),
  fc.record({ kind: fc.constant('cut'), at: fc.nat() }),
  fc.record({ kind: fc.constant('bom'), at: fc.constant(0) }),
);
type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never;

function mutate(text: string, ms: readonly Mutation[]): string {
  let s = text;
  for (const m of ms) {
    const at = s.length === 0 ? 0 : m.at % s.length;
    const lines = s.split('\n');
    const line = lines.length === 0 ? 0 : m.at % lines.length;
    if (m.kind === 'token') s = s.slice(0, at) + m.token + s.slice(at + m.len);
    else if (m.kind === 'dupLine') {
      lines.splice(line, 0, lines[line]);
      s = lines.join('\n');
    } else if (m.kind === 'dropLine') {
      lines.splice(line, 1);
      s = lines.join('\n');
    } else if (m.kind === 'cut') s = s.slice(0, at);
    else s = '\ufeff' + s;
  }
  return s;
}

function expectClean(values: ArrayLike<number>, where: string) {
  for (let i = 0; i < values.length; i++)
    if (!(Number.isFinite(values[i]) && values[i] >= 0))
      throw new Error(`${where}: value ${values[i]} at ${i} was accepted`);
}

/** Loads, and checks what came in; a refusal must be a DataError or a RangeError. */
function loadChecked(spec: LoadSpec, files: [string, Uint8Array][]) {
  let r;
  try {
    r = run(spec, files, 997);
  } catch (e) {
    if (e instanceof DataError || e instanceof RangeError) return;
    throw e;
  }
  if (r.kind === 'samples') {
    for (const s of seriesList(r.samples.inst)) expectClean(s, 'inst');
    if (r.samples.avg) for (const s of seriesList(r.samples.avg)) expectClean(s, 'avg');
    expect(new Set(r.samples.ids).size).toBe(r.samples.ids.length);
  } else {
    expectClean(r.inst.data, 'inst matrix');
    if (r.avg) expectClean(r.avg.data, 'avg matrix');
  }
}

const head = (text: string, lines: number) => text.split('\n').slice(0, lines).join('\n') + '\n';
const planetlab = head(
  readFileSync(dataPath('planetlab-cloudsim/planetlab_20110303.csv'), 'utf8'),
  12,
);
const bitbrains = head(dec(fixture('bitbrains/1.csv')), 16);
const prometheus = dec(fixture('prometheus/query_range.json'));
const azureColumns = 'timestamp,vm_a,vm_b,vm_c\n0,1.5,2,3\n300,4,5.25,6\n600,7,8,9.5\n900,0,1,2\n';
const longCsv = 'vm_id,value\na,1\na,2\nb,3.5\nb,4\nc,0\n';
const tasks = readFileSync(new URL('../timeline/fixtures/fig1.csv', import.meta.url), 'utf8');

const cases: [string, LoadSpec, string, string][] = [
  ['wide (PlanetLab)', { format: 'wide', scale: 0.25 }, 'p.csv', planetlab],
  ['columns', { format: 'columns', scale: 1 }, 'c.csv', azureColumns],
  [
    'long',
    { format: 'long', idColumn: 'vm_id', valueColumn: 'value', scale: 1 } as LoadSpec,
    'l.csv',
    longCsv,
  ],
  ['Bitbrains per VM', { format: 'bitbrains' }, '1.csv', bitbrains],
  [
    'Prometheus query_range',
    { format: 'prometheus', capacity: 8 } as LoadSpec,
    'q.json',
    prometheus,
  ],
];

describe('fuzzed files never bring a bad number in', () => {
  it('every file loads as it is (so a mutation, not the spec, is what a refusal answers)', () => {
    for (const [, spec, file, text] of cases)
      expect(run(spec, [[file, enc(text)]]).kind).toBe('samples');
    expect(parseTaskList(tasks, 'fig1.csv').count).toBeGreaterThan(0);
  });

  for (const [name, spec, file, text] of cases)
    it(name, () => {
      fc.assert(
        fc.property(fc.array(mutation, { minLength: 1, maxLength: 4 }), (ms) => {
          loadChecked(spec, [[file, enc(mutate(text, ms))]]);
        }),
        { numRuns: RUNS, seed: SEED },
      );
    });

  it('.npy realization matrices (any float64 bits)', () => {
    fc.assert(
      fc.property(fc.array(fc.double(), { minLength: 6, maxLength: 6 }), (cells) => {
        const npy = encodeNpy(Float64Array.from(cells), [2, 3]);
        loadChecked({ format: 'npy', kind: 'realizations' }, [['X.npy', npy]]);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('timeline task lists', () => {
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 4 }), (ms) => {
        let t;
        try {
          t = parseTaskList(mutate(tasks, ms), 'fig1.csv');
        } catch (e) {
          if (e instanceof DataError || e instanceof RangeError || e instanceof CsvSyntaxError)
            return;
          throw e;
        }
        for (const col of [t.arrival, t.duration, t.estimate, t.size]) expectClean(col, 'tasks');
        expect(new Set(t.ids).size).toBe(t.count);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
