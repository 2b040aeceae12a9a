/**
 * Google 2011 task_usage under the one rule for repeated timestamps (docs/model.md, "Repeated
 * timestamps"): real rows of the shared slice, two repeated as they are and one repeated with another
 * sampled CPU (in a second shard, read before the first), merged the same way by the in-process loader,
 * `reduce` on DuckDB and `reduce --engine dask`: the same samples as the slice without the repeats,
 * the same counts in the notes, `minRecords` counted after merging, and the same refusal under
 * `--duplicates refuse`. Needs Python with Dask (scripts/ensurePython.mjs).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  DataError,
  decodeCompact,
  parseNpy,
  seriesList,
  type GoogleOptions,
  type TaskSamples,
} from '../engine/index.ts';
import { SHARED } from './testing/peer.ts';
import { cli, inProcess } from './testing/reduce.ts';

const SLICE = join(
  SHARED,
  'data',
  'google-2011-task-usage',
  'task_usage_slice_6tasks_17intervals.csv',
);
const dir = mkdtempSync(join(tmpdir(), 'slopack-repeats-'));
const rows = readFileSync(SLICE, 'utf8').trim().split('\n');
const field = (row: string, k: number) => row.split(',')[k];
const taskOf = (row: string) => `${field(row, 2)}:${field(row, 3)}`;
const recordsOf = (task: string) => rows.filter((r) => taskOf(r) === task);

// With --min-records 17, task 3418314:0 loses its 5th record and repeats its 9th: 17 records read,
// 16 samples after merging, dropped.
const thinTask = '3418314:0';
const thin = recordsOf(thinTask);
const removed = thin[4];
const identical = [recordsOf('3418309:1')[0], thin[8]];
// Another sampled CPU (the slice's are 0): in (inst, avg) order after the trace's record, kept.
const busy = recordsOf('3418319:1')[2];
const other = busy.replace(/,[^,]*$/, ',0.25');
const mainShard = join(dir, 'part-00000.csv');
const repeatShard = join(dir, 'part-00001.csv');
writeFileSync(mainShard, rows.filter((r) => r !== removed).join('\n') + '\n');
writeFileSync(repeatShard, [other, ...identical].join('\n') + '\n');
const SHARDS = [repeatShard, mainShard];
const FILTERS = { minRecords: 17, dropAllZeroInst: false };
const [busyJob, busyIndex] = taskOf(busy).split(':').map(Number);
const firstRepeat = [identical[0], other, identical[1]]
  .map((r) => [Number(field(r, 2)), Number(field(r, 3)), Number(field(r, 0))])
  .sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2])[0];
const NOTES = [
  '2 repeated start time(s) with the same values merged (kept once; task_usage records of one task)',
  `1 repeated start time(s) with other values: the first record in (inst, avg) order kept, the later dropped (first: task ${busyJob}:${busyIndex} at ${field(busy, 0)}); --duplicates refuse refuses them`,
];
const REFUSAL = `task ${firstRepeat[0]}:${firstRepeat[1]}: duplicated start time ${firstRepeat[2]}`;
const repeatNotes = (notes: readonly string[]) => notes.filter((n) => /repeated start/.test(n));

function compact(base: string) {
  const d = decodeCompact(
    readFileSync(base + '.json', 'utf8'),
    parseNpy(readFileSync(base + '.npy')),
    base + '.json',
  );
  return { samples: d.samples, report: d.sidecar.counts };
}

const f32 = (x: Float64Array) => Array.from(Float32Array.from(x));
function expectSame(a: TaskSamples, b: TaskSamples) {
  expect(a.ids).toEqual(b.ids);
  expect(seriesList(a.inst).map(f32)).toEqual(seriesList(b.inst).map(f32));
  expect(seriesList(a.avg!).map(f32)).toEqual(seriesList(b.avg!).map(f32));
}

const load = (files: string[], o: GoogleOptions = {}) =>
  inProcess(files, [], { filters: FILTERS, ...o });

afterAll(() => vi.restoreAllMocks());

describe('Google 2011 task_usage: a repeated start time of a task', () => {
  it('the slice itself repeats no (job, task, start): the bundled numbers do not change', () => {
    const keys = rows.map((r) => `${taskOf(r)}@${field(r, 0)}`);
    expect(new Set(keys).size).toBe(rows.length);
    expect(repeatNotes(load([SLICE]).report.notes)).toEqual([]);
  });

  it('in process: merged into the first record, counted in the notes, minRecords after merging', () => {
    const merged = load(SHARDS);
    const plain = load([mainShard]);
    expectSame(merged.samples, plain.samples);
    expect(merged.samples.ids).not.toContain(thinTask);
    expect(merged.samples.ids).toContain(taskOf(busy));
    expect(merged.report.filters).toEqual(plain.report.filters);
    expect(merged.report.records).toBe(plain.report.records + 3);
    expect(repeatNotes(merged.report.notes)).toEqual(NOTES);
    expect(() => load(SHARDS, { duplicates: 'refuse' })).toThrow(DataError);
    expect(() => load(SHARDS, { duplicates: 'refuse' })).toThrow(REFUSAL);
  });

  it('reduce on DuckDB and on Dask: the same file, the same notes, the same refusal', async () => {
    const args = ['--usage', SHARDS.join(','), '--min-records', '17', '--keep-zero-inst'];
    const ours = load(SHARDS);
    for (const engine of ['duckdb', 'dask']) {
      const base = join(dir, engine);
      const extra = engine === 'dask' ? ['--workers', '1'] : [];
      const r = await cli('reduce', ...args, '--out', base, '--engine', engine, ...extra);
      expect(r.code, engine).toBe(0);
      const back = compact(base);
      expectSame(back.samples, ours.samples);
      expect(repeatNotes(JSON.parse(r.out.at(-1)!).notes), engine).toEqual(NOTES);
      expect(back.report.filters, engine).toEqual(ours.report.filters);
      const errors: string[] = [];
      const spy = vi.spyOn(process.stderr, 'write').mockImplementation((s) => {
        errors.push(String(s));
        return true;
      });
      const refused = await cli(
        'reduce',
        ...args,
        '--out',
        base + '-refused',
        '--engine',
        engine,
        '--duplicates',
        'refuse',
        ...extra,
      );
      spy.mockRestore();
      expect(refused.code, engine).not.toBe(0);
      expect(errors.join(''), engine).toContain(REFUSAL);
    }
  }, 240_000);
});
