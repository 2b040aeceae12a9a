/**
 * One rule for a repeated timestamp of one series, in every format that reads times (repeats.ts,
 * docs/model.md §10): a row repeating a task's previous timestamp with the same values is merged
 * and counted; with other values the first is kept, the repeat counted with its first place; under
 * `duplicates: 'refuse'` it is a bad line naming the file and both lines. Each format is tried on
 * rows from its fixture or from ../shared/data, the row repeated right after itself.
 */
import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DataError } from './streams/errors.ts';
import type { LoadSpec } from './load/loader.ts';
import type { LoadResult } from './samples/report.ts';
import { seriesAt, taskCount } from './samples/samples.ts';
import { fixture, run, samples } from '../../ingest/traceFixtures.ts';
import { dataPath } from '../../ingest/testing.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);

/** The first `rows` lines (header included) of a shared data file, the first `cells` columns. */
function sharedHead(relative: string, rows: number, cells = Infinity): string[] {
  const raw = readFileSync(dataPath(relative));
  const text = dec(relative.endsWith('.gz') ? gunzipSync(raw) : raw);
  return text
    .split('\n')
    .slice(0, rows)
    .map((l) => l.replace(/\r$/, '').split(',').slice(0, cells).join(','));
}

interface Case {
  readonly name: string;
  readonly spec: LoadSpec;
  /** The file that gets the repeat, as lines, and the line (0-based) repeated. */
  readonly file: string;
  readonly lines: readonly string[];
  readonly eol?: string;
  readonly at: number;
  /** The repeated line with other values. */
  readonly conflict: (line: string) => string;
  /** The other files of the load, as they are. */
  readonly others?: readonly [string, Uint8Array][];
  /** Repeats one repeated line counts (column-per-task: one per task). */
  readonly perLine?: number;
}

const cells = (f: (c: string[]) => void) => (line: string) => {
  const c = line.split(',');
  f(c);
  return c.join(',');
};

const bitbrains = dec(fixture('bitbrains/1.csv')).split('\r\n');
const azureV1 = sharedHead('azure-v1-datacentersim/microsoft_avg_100.csv.gz', 40, 6);
const longRows = sharedHead('bitbrains-rnd/rnd_2013-7_vms1-100_cpu_mem.csv.gz', 60);
const promCsv = dec(fixture('prometheus/export.csv')).trim().split('\n');
const alibaba = dec(fixture('alibaba/container_usage.csv')).trim().split('\n');
const azure2 = dec(fixture('azure2/vm_cpu_readings-file-1-of-195.csv.gz')).trim().split('\n');
const g19csv = dec(fixture('google2019/instance_usage.csv')).trim().split('\n');
const g19json = dec(fixture('google2019/instance_usage.json')).trim().split('\n');

const CASES: Case[] = [
  {
    name: 'Bitbrains per-VM file',
    spec: { format: 'bitbrains' },
    file: '1.csv',
    lines: bitbrains,
    eol: '\r\n',
    at: 6,
    conflict: (l) =>
      l
        .split(';\t')
        .map((c, i) => (i === 4 ? '55.5' : c))
        .join(';\t'),
  },
  {
    name: 'long CSV (Bitbrains Rnd, shared data)',
    spec: {
      format: 'long',
      scale: 1,
      idColumn: 'vm_id',
      valueColumn: 'cpu_usage_pct',
      timeColumn: 'timestamp_s',
    },
    file: 'rnd.csv',
    lines: longRows,
    at: 9,
    conflict: cells((c) => (c[5] = '12.5')),
  },
  {
    name: 'column-per-task CSV (Azure V1, shared data)',
    spec: { format: 'columns', scale: 1 },
    file: 'azure_v1.csv',
    lines: azureV1,
    at: 12,
    conflict: cells((c) => (c[3] = '1.5')),
    perLine: 5,
  },
  {
    name: 'Prometheus CSV export (column-per-task, cores)',
    spec: { format: 'columns', unit: 'cores', capacity: 8, scale: 1 },
    file: 'export.csv',
    lines: promCsv,
    at: 5,
    conflict: cells((c) => (c[1] = '0.5')),
    perLine: 3,
  },
  {
    name: 'Alibaba container_usage',
    spec: { format: 'alibaba', coresPerMachine: 96 },
    file: 'container_usage.csv',
    lines: alibaba,
    at: 20,
    conflict: cells((c) => (c[3] = '3.5')),
    others: [
      ['container_meta.csv', fixture('alibaba/container_meta.csv')],
      ['machine_meta.csv', fixture('alibaba/machine_meta.csv')],
    ],
  },
  {
    name: 'Azure V2 vm_cpu_readings',
    spec: { format: 'azure2' },
    file: 'vm_cpu_readings.csv',
    lines: azure2,
    at: 30,
    conflict: cells((c) => ([c[2], c[3], c[4]] = ['1.5', '2.5', '2'])),
    others: [['vmtable.csv', fixture('azure2/vmtable.csv')]],
  },
  {
    name: 'Google 2019 instance_usage CSV',
    spec: { format: 'google2019' },
    file: 'instance_usage.csv',
    lines: g19csv,
    at: 3,
    conflict: cells((c) => ([c[8], c[12]] = ['0.0125', '0.0125'])),
  },
  {
    name: 'Google 2019 instance_usage JSON lines',
    spec: { format: 'google2019' },
    file: 'instance_usage.json',
    lines: g19json,
    at: 2,
    conflict: (l) => {
      const o = JSON.parse(l);
      o.average_usage.cpus = 0.0125;
      o.random_sample_usage = { cpus: 0.0125 };
      return JSON.stringify(o);
    },
  },
];

function load(c: Case, lines: readonly string[], duplicates?: 'refuse'): LoadResult {
  const text = lines.join(c.eol ?? '\n') + (c.eol ?? '\n');
  const spec = { ...c.spec, ...(duplicates ? { duplicates } : {}) } as LoadSpec;
  return run(spec, [[c.file, enc(text)], ...(c.others ?? [])]);
}

function series(r: LoadResult): number[][] {
  const s = samples(r);
  return Array.from({ length: taskCount(s.inst) }, (_, t) => Array.from(seriesAt(s.inst, t)));
}

const withRepeat = (c: Case, line: string) => [
  ...c.lines.slice(0, c.at + 1),
  line,
  ...c.lines.slice(c.at + 1),
];

describe.each(CASES)('$name: a repeated timestamp', (c) => {
  const plain = load(c, c.lines);
  const n = c.perLine ?? 1;

  it('with the same values: merged, the same series, counted', () => {
    const r = load(c, withRepeat(c, c.lines[c.at]));
    expect(series(r)).toEqual(series(plain));
    expect(r.report.samplesKept).toBe(plain.report.samplesKept);
    expect(r.report.notes.filter((x) => /repeated timestamp/.test(x))).toEqual([
      `${n} repeated timestamp(s) with the same values merged (kept once)`,
    ]);
  });

  it('with other values: the first kept, counted, the first place named', () => {
    const other = c.conflict(c.lines[c.at]);
    expect(other).not.toBe(c.lines[c.at]);
    const r = load(c, withRepeat(c, other));
    expect(series(r)).toEqual(series(plain));
    const notes = r.report.notes.join('\n');
    expect(notes).toMatch(/\d+ repeated timestamp\(s\) with other values: the first sample kept/);
    expect(notes).toContain(`${c.file}, line ${c.at + 2} (first at line ${c.at + 1})`);
    const conflicting = Number(/(\d+) repeated timestamp\(s\) with other values/.exec(notes)![1]);
    const identical = /(\d+) repeated timestamp\(s\) with the same values/.exec(notes);
    expect(conflicting + Number(identical?.[1] ?? 0)).toBe(n);
  });

  it('under duplicates: refuse, a bad line naming the file and both lines', () => {
    let error: unknown = null;
    try {
      load(c, withRepeat(c, c.lines[c.at]), 'refuse');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DataError);
    const e = error as DataError;
    expect([e.file, e.line]).toEqual([c.file, c.at + 2]);
    expect(e.reason).toMatch(new RegExp(`duplicated timestamp .+ \\(also at line ${c.at + 1}\\)`));
  });
});

describe('Prometheus query_range JSON: a repeated [time, value] pair', () => {
  const source = JSON.parse(dec(fixture('prometheus/query_range.json')));
  const spec: LoadSpec = { format: 'prometheus', capacity: 8 };
  const withPair = (value: string | null, duplicates?: 'refuse') => {
    const j = structuredClone(source);
    const values: [number, string][] = j.data.result[1].values;
    if (value !== null) values.splice(4, 0, [values[3][0], value]);
    const bytes = enc(JSON.stringify(j));
    return run({ ...spec, ...(duplicates ? { duplicates } : {}) }, [['q.json', bytes]]);
  };
  const plain = withPair(null);
  const repeated = source.data.result[1].values[3][1];

  it('the same value merged, another counted with its place (the sample number), or refused', () => {
    const same = withPair(repeated);
    expect(series(same)).toEqual(series(plain));
    expect(same.report.notes).toContain(
      '1 repeated timestamp(s) with the same values merged (kept once)',
    );
    const other = withPair(String(Number(repeated) + 0.5));
    expect(series(other)).toEqual(series(plain));
    expect(other.report.notes.join()).toMatch(
      /1 repeated timestamp\(s\) with other values: the first sample kept.*pod=vm27-0 at \d+, q\.json, line 5 \(first at line 4\)/,
    );
    expect(() => withPair(repeated, 'refuse')).toThrow(
      /q\.json, line 5: task .*vm27-0: duplicated timestamp \d+ \(also at line 4\)/,
    );
  });
});
