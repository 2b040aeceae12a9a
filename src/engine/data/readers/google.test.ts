import { describe, expect, it } from 'vitest';
import { DataError } from '../streams/errors.ts';
import { GoogleLoader, taskPickKey, type GoogleOptions } from './google.ts';
import { googleEventRow, googleUsageRow } from '../../testing.ts';
import { seriesAt, seriesList } from '../samples/samples.ts';

const usage = googleUsageRow;
const event = googleEventRow;

const enc = (lines: string[]) => new TextEncoder().encode(lines.join('\n') + '\n');

function load(usageLines: string[], options: GoogleOptions = {}, eventLines?: string[]) {
  const g = new GoogleLoader(options);
  const u = g.usageFile('usage.csv');
  u.push(enc(usageLines));
  if (eventLines) {
    const e = g.eventsFile('events.csv');
    e.push(enc(eventLines));
  }
  return g.finish();
}

/** n records of task (job, index), inst = f(k). */
function series(
  job: number,
  index: number,
  n: number,
  inst: (k: number) => number,
  avg = 0.01,
): string[] {
  return Array.from({ length: n }, (_, k) => usage(600e6 + k * 300e6, job, index, avg, inst(k)));
}

describe('Google task_usage: the paper’s filters (SPEC §10)', () => {
  it('keeps tasks with ≥ 24 records, counts the dropped ones', () => {
    const r = load([
      ...series(1, 0, 24, () => 0.1),
      ...series(1, 1, 23, () => 0.1),
      ...series(2, 0, 30, () => 0.2),
    ]);
    expect(r.samples.ids).toEqual(['1:0', '2:0']);
    expect(r.report.filters).toContainEqual(
      expect.objectContaining({ id: 'minRecords', count: 1 }),
    );
    expect(seriesAt(r.samples.inst, 1)).toHaveLength(30);
  });

  it('drops tasks whose inst samples are all 0, and keeps a task with a single non-zero', () => {
    const r = load([
      ...series(1, 0, 24, () => 0),
      ...series(1, 1, 24, (k) => (k === 5 ? 0.01 : 0)),
    ]);
    expect(r.samples.ids).toEqual(['1:1']);
    expect(r.report.filters).toContainEqual(
      expect.objectContaining({ id: 'allZeroInst', count: 1 }),
    );
    const kept = load(
      series(1, 0, 24, () => 0),
      { filters: { dropAllZeroInst: false } },
    );
    expect(kept.samples.ids).toEqual(['1:0']);
  });

  it('replaces avg > 1 by the same record’s inst and counts the replacements', () => {
    const lines = series(1, 0, 24, () => 0.3, 0.02);
    lines[3] = usage(600e6 + 3 * 300e6, 1, 0, 1.7, 0.3);
    const r = load(lines);
    expect(seriesAt(r.samples.avg!, 0)[3]).toBe(0.3);
    expect(seriesAt(r.samples.avg!, 0)[2]).toBe(0.02);
    expect(r.report.filters).toContainEqual(
      expect.objectContaining({ id: 'avgReplaced', count: 1 }),
    );
    const e = (() => {
      try {
        load(lines, { filters: { replaceAvgAboveOne: false } });
      } catch (x) {
        return x as DataError;
      }
    })();
    expect(e).toBeInstanceOf(DataError);
    expect(e!.line).toBe(4);
    expect(e!.reason).toMatch(/CPU rate \(column 6\) 1\.7 is above 1/);
    const clamped = load(lines, { filters: { replaceAvgAboveOne: false }, clamp: true });
    expect(seriesAt(clamped.samples.avg!, 0)[3]).toBe(1);
  });

  it('drops tasks with EVICT, FAIL, KILL or LOST events (not SUBMIT, SCHEDULE, FINISH, UPDATE), only with task_events', () => {
    const tasks = Array.from({ length: 9 }, (_, type) => series(7, type, 24, () => 0.1)).flat();
    const events = Array.from({ length: 9 }, (_, type) =>
      event(1000 + type, 7, type, type, 0.1, 0.2),
    );
    const r = load(tasks, {}, events);
    expect(r.samples.ids).toEqual(['7:0', '7:1', '7:4', '7:7', '7:8']);
    expect(r.report.filters).toContainEqual(expect.objectContaining({ id: 'failed', count: 4 }));
    expect(load(tasks).samples.ids).toHaveLength(9);
    expect(load(tasks, { filters: { dropFailed: false } }, events).samples.ids).toHaveLength(9);
  });

  it('applies the filters in order and counts each among what the previous ones left', () => {
    const lines = [
      ...series(1, 0, 10, () => 0), // short and zero: counted by minRecords only
      ...series(1, 1, 30, () => 0), // zero
      ...series(1, 2, 30, () => 0.1), // failing
      ...series(1, 3, 30, () => 0.1), // kept
    ];
    const r = load(lines, {}, [event(5, 1, 2, 3, '', '')]);
    const counts = Object.fromEntries(r.report.filters.map((f) => [f.id, f.count]));
    expect(counts).toMatchObject({ failed: 1, minRecords: 1, allZeroInst: 1 });
    expect(r.samples.ids).toEqual(['1:3']);
  });

  it('keeps CPU and memory requests as metadata: the latest event wins, NaN when none', () => {
    const lines = [...series(3, 0, 24, () => 0.1), ...series(3, 1, 24, () => 0.1)];
    const events = [
      event(10, 3, 0, 0, 0.05, 0.1),
      event(20, 3, 0, 7, 0.08, ''),
      event(15, 3, 0, 1, 0.06, 0.2),
    ];
    const r = load(lines, {}, events);
    expect(r.samples.requests!.cpu[0]).toBe(0.08);
    expect(r.samples.requests!.memory[0]).toBe(0.2);
    expect(r.samples.requests!.cpu[1]).toBeNaN();
  });

  it('orders tasks by (job, index) and each task’s records by start time, whatever the file order', () => {
    const a = series(5, 2, 24, (k) => k / 100);
    const b = series(5, 10, 24, (k) => k / 100);
    const c = series(4, 0, 24, (k) => k / 100);
    const all = [...a, ...b, ...c];
    const shuffled = all.map((_, i) => all[(i * 7) % all.length]); // 7 is prime to 72: a permutation
    const r = load(shuffled);
    expect(r.samples.ids).toEqual(['4:0', '5:2', '5:10']);
    for (const x of seriesList(r.samples.inst))
      expect(Array.from(x)).toEqual(Array.from({ length: 24 }, (_, k) => k / 100));
  });

  it('skips a header line and records with an empty CPU field (counted)', () => {
    const lines = [
      'start_time,end_time,job_id,task_index,a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p',
      ...series(1, 0, 24, () => 0.1),
    ];
    lines.push(usage(9e9, 1, 0, '', 0.2));
    const r = load(lines);
    expect(seriesAt(r.samples.inst, 0)).toHaveLength(24);
    expect(r.report.filters).toContainEqual(expect.objectContaining({ id: 'emptyCpu', count: 1 }));
  });

  it('picks a seeded sample of tasks by a key SQL can compute, the same whatever the input order', () => {
    const lines = Array.from({ length: 40 }, (_, t) =>
      series(100 + t, t % 3, 24, () => 0.1),
    ).flat();
    const r = load(lines, { sample: { tasks: 10, seed: 7 } });
    const again = load([...lines].reverse(), { sample: { tasks: 10, seed: 7 } });
    expect(r.samples.ids).toHaveLength(10);
    expect(again.samples.ids).toEqual(r.samples.ids);
    const keys = Array.from({ length: 40 }, (_, t) => ({
      id: `${100 + t}:${t % 3}`,
      key: taskPickKey(100 + t, t % 3, 7),
    }));
    keys.sort((x, y) => x.key - y.key);
    expect([...r.samples.ids].sort()).toEqual(
      keys
        .slice(0, 10)
        .map((k) => k.id)
        .sort(),
    );
    expect(load(lines, { sample: { tasks: 10, seed: 8 } }).samples.ids).not.toEqual(r.samples.ids);
    expect(r.report.filters).toContainEqual(expect.objectContaining({ id: 'sample', count: 30 }));
  });

  it('taskPickKey spreads consecutive tasks over [0, 2^31 − 1) and depends on the seed', () => {
    const keys = Array.from({ length: 10000 }, (_, i) => taskPickKey(6_000_000_000, i, 1));
    expect(keys.every((k) => Number.isInteger(k) && k >= 0 && k < 2147483647)).toBe(true);
    const low = keys.filter((k) => k < 2147483647 / 2).length;
    expect(low).toBeGreaterThan(4700);
    expect(low).toBeLessThan(5300);
    expect(new Set(keys).size).toBeGreaterThan(9900);
    const other = Array.from({ length: 10000 }, (_, i) => taskPickKey(6_000_000_000, i, 2));
    const smallest = (a: number[]) =>
      new Set(
        a
          .map((k, i) => [k, i])
          .sort((x, y) => x[0] - y[0])
          .slice(0, 100)
          .map((x) => x[1]),
      );
    const a = smallest(keys);
    const shared = [...smallest(other)].filter((i) => a.has(i)).length;
    expect(shared).toBeLessThan(10);
  });

  it('rejects bad options with a RangeError naming the value', () => {
    expect(() => new GoogleLoader({ filters: { minRecords: 0 } })).toThrow(/invalid minRecords: 0/);
    expect(() => new GoogleLoader({ scale: -1 })).toThrow(/invalid scale: -1/);
    expect(() => new GoogleLoader({ sample: { tasks: 0, seed: 1 } })).toThrow(
      /invalid sample size: 0/,
    );
  });
});
