import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SeriesBuilder, compactSeries } from './coded.ts';
import { dictionaryEncode } from './dictionary.ts';
import { realizeSeries } from '../realize/realize.ts';
import { summarizeSamples } from './report.ts';
import { WideLoader } from '../readers/wide.ts';
import {
  isCoded,
  ownTasks,
  sampleCount,
  seriesAt,
  seriesLength,
  sliceTasks,
  taskCount,
  type SeriesSet,
} from './samples.ts';

const bits = (a: Float64Array) => Array.from(new Uint32Array(a.slice().buffer));

/** Tasks whose values come from a pool of `distinct` float64s (with -0, NaN payloads and 0). */
const tasksArb = fc
  .oneof(
    fc.record({
      distinct: fc.integer({ min: 1, max: 300 }),
      lengths: fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 60 }),
      seed: fc.integer(),
    }),
    // Past 65,536 values or just under, the codes widening from one byte to two on the way.
    fc.record({
      distinct: fc.integer({ min: 60000, max: 70000 }),
      lengths: fc.array(fc.integer({ min: 2000, max: 3000 }), { minLength: 25, maxLength: 35 }),
      seed: fc.integer(),
    }),
  )
  .map(({ distinct, lengths, seed }) => {
    const pool = new Float64Array(distinct);
    const view = new DataView(pool.buffer);
    for (let k = 0; k < distinct; k++) pool[k] = k / 100;
    if (distinct > 2) pool[1] = -0;
    if (distinct > 3) view.setUint32(2 * 8 + 4, 0x7ff80001, true); // a NaN with a payload
    let x = seed | 0;
    const next = () => ((x = (Math.imul(x, 1103515245) + 12345) | 0) >>> 0) % distinct;
    // Every pool value appears at least once when the tasks have room for them.
    let k = 0;
    const tasks = lengths.map((n) => {
      const t = new Float64Array(n);
      for (let j = 0; j < n; j++) {
        const code = k < distinct ? k++ : next();
        new DataView(t.buffer).setFloat64(j * 8, view.getFloat64(code * 8, true), true);
      }
      return t;
    });
    return { tasks, used: Math.min(distinct, k) };
  });

/**
 * Whether a series should come out coded, from the rule itself: at most 65,536 distinct values, no
 * task after which more than 16,384 are distinct within fewer than twice as many samples, and
 * fewer bytes than float64. Also the distinct count.
 */
function expected(tasks: readonly Float64Array[]): { coded: boolean; distinct: number } {
  const set = new Set<string>();
  let seen = 0;
  let continuous = false;
  for (const t of tasks) {
    for (let j = 0; j < t.length; j++) set.add(bits(t.subarray(j, j + 1)).join());
    seen += t.length;
    if (set.size <= 65536 && set.size > 16384 && 2 * set.size > seen) continuous = true;
  }
  const distinct = set.size;
  const bytes = seen * (distinct <= 256 ? 1 : 2) + 8 * distinct + 8 * (tasks.length + 1);
  return { coded: distinct <= 65536 && !continuous && bytes < 8 * seen, distinct };
}

function expectSame(set: SeriesSet, tasks: readonly Float64Array[]): void {
  expect(taskCount(set)).toBe(tasks.length);
  expect(sampleCount(set)).toBe(tasks.reduce((a, t) => a + t.length, 0));
  tasks.forEach((t, i) => {
    expect(seriesLength(set, i)).toBe(t.length);
    expect(bits(seriesAt(set, i))).toEqual(bits(t));
  });
}

describe('coded samples', () => {
  it('a series builder gives back every value bit for bit; coded exactly as the rule says (≤ 65,536 values, not continuous, fewer bytes)', () => {
    fc.assert(
      fc.property(tasksArb, fc.boolean(), ({ tasks }, reuse) => {
        const b = new SeriesBuilder();
        const buffer = new Float64Array(4096);
        for (const t of tasks) {
          // A caller that reuses one buffer for every row (as the wide CSV loader does).
          const row = reuse ? buffer.subarray(0, t.length) : t.slice();
          row.set(t);
          const kept = b.push(row, !reuse);
          if (reuse) expect(kept).toBe(false);
        }
        const set = b.finish();
        expectSame(set, tasks);
        const { coded, distinct } = expected(tasks);
        expect(isCoded(set)).toBe(coded);
        if (isCoded(set)) {
          expect(set.dictionary.length).toBe(distinct);
          expect(set.codes.BYTES_PER_ELEMENT).toBe(distinct <= 256 ? 1 : 2);
        }
      }),
      { numRuns: 25 },
    );
  });

  it('compactSeries codes the same as the builder, and leaves a series past 65,536 values as it was', () => {
    fc.assert(
      fc.property(tasksArb, ({ tasks }) => {
        const set = compactSeries(tasks);
        expectSame(set, tasks);
        const b = new SeriesBuilder();
        for (const t of tasks) b.push(t);
        const built = b.finish();
        expect(isCoded(set)).toBe(isCoded(built));
        if (isCoded(set) && isCoded(built)) {
          expect(Array.from(set.codes)).toEqual(Array.from(built.codes));
          expect(bits(set.dictionary)).toEqual(bits(built.dictionary));
        } else expect(set).toBe(tasks);
      }),
      { numRuns: 20 },
    );
  });

  it('the summary (mean and largest sample) of coded samples is that of their floats, summed in order', () => {
    fc.assert(
      fc.property(tasksArb, ({ tasks }) => {
        const ids = tasks.map((_, i) => `t${i}`);
        const coded = summarizeSamples({
          ids,
          inst: compactSeries(tasks),
          avg: compactSeries(tasks),
        });
        const floats = summarizeSamples({ ids, inst: tasks, avg: tasks });
        expect(coded).toEqual(floats);
        let sum = 0;
        let max = -Infinity;
        for (const t of tasks) for (const v of t) [sum, max] = [sum + v, v > max ? v : max];
        const count = tasks.reduce((a, t) => a + t.length, 0);
        expect(floats.mean).toEqual({ inst: sum / count, avg: sum / count });
        expect(floats.max).toEqual({ inst: max, avg: max });
      }),
      { numRuns: 20 },
    );
  });

  it('a float64 builder keeps the arrays pushed, as loaders did before', () => {
    const b = new SeriesBuilder(false);
    const a = Float64Array.of(0.25, 0.5);
    expect(b.push(a, true)).toBe(true);
    expect(b.finish()).toEqual([a]);
  });

  it('slices and owned copies hold the same tasks; realization reads codes as it reads floats', () => {
    fc.assert(
      fc.property(tasksArb, fc.nat(), fc.nat(), ({ tasks }, a, b) => {
        const set = compactSeries(tasks);
        const start = a % tasks.length;
        const end = start + 1 + (b % (tasks.length - start));
        expectSame(sliceTasks(set, start, end), tasks.slice(start, end));
        const own = ownTasks(set, start, end);
        expectSame(own, tasks.slice(start, end));
        if (isCoded(own)) expect(own.codes.byteLength).toBe(own.codes.buffer.byteLength);
        const want = realizeSeries(tasks, 16, 7, 'inst');
        const got = realizeSeries(set, 16, 7, 'inst');
        expect(bits(new Float64Array(Float64Array.from(got.data)))).toEqual(
          bits(Float64Array.from(want.data)),
        );
      }),
      { numRuns: 20 },
    );
  });

  it('the dictionary encoding of one array (the prepared dataset) agrees with the builder', () => {
    const values = Float64Array.from({ length: 5000 }, (_, k) => ((k * 37) % 101) / 400);
    const coded = dictionaryEncode(values)!;
    expect(coded.codes).toBeInstanceOf(Uint8Array);
    expect(coded.dictionary.length).toBe(101);
    expect(Array.from(coded.codes, (c) => coded.dictionary[c])).toEqual(Array.from(values));
    expect(dictionaryEncode(Float64Array.from({ length: 70000 }, (_, k) => k))).toBeNull();
  });

  it('a builder past 65,536 values turns float64 with every task so far intact', () => {
    const tasks = Array.from({ length: 35 }, (_, i) =>
      Float64Array.from({ length: 2000 }, (_, j) => (i * 2000 + j) / 8),
    );
    const b = new SeriesBuilder();
    for (const t of tasks) b.push(t);
    const set = b.finish();
    expect(isCoded(set)).toBe(false);
    expectSame(set, tasks);
  });

  it('tasks taken while pushing hold their final values (past 256 values, and past 65,536 to float64)', () => {
    const b = new SeriesBuilder();
    const taken: { from: number; series: SeriesSet }[] = [];
    let next = 0;
    for (let i = 0; i < 200; i++) {
      // Few distinct values, then many (Uint16 codes), then more than a dictionary holds.
      const spread = i < 40 ? 50 : i < 80 ? 4000 : 1 << 20;
      const task = Float64Array.from(
        { length: 700 },
        (_, k) => ((i * 7919 + k * 104729) % spread) / 7,
      );
      b.push(task);
      if (i % 17 === 16) {
        taken.push({ from: next, series: b.take(next, i + 1) });
        next = i + 1;
      }
    }
    const whole = b.finish();
    expect(isCoded(whole)).toBe(false);
    expect(taken.some((t) => isCoded(t.series))).toBe(true);
    for (const { from, series } of taken)
      for (let r = 0; r < taskCount(series); r++)
        expect(bits(Float64Array.from(seriesAt(series, r)))).toEqual(
          bits(Float64Array.from(seriesAt(whole, from + r))),
        );
    expect(() => b.take(3, 2)).toThrow(/invalid tasks 3…2/);
  });

  it('a wide CSV read into codes reserved from its size is the one read growing them (past 256 values mid-row)', () => {
    // Integers coded by key, decimals hashed; past 256 distinct values the codes widen mid-row.
    const rows = Array.from({ length: 40 }, (_, i) =>
      Array.from({ length: 300 }, (_, k) => {
        const x = (i * 300 + k * 13) % 100;
        return k % 7 === 3 ? `${x}.${i < 10 ? 5 : (i + k) % 10}` : String(x);
      }),
    );
    const header = ['vm', ...rows[0].map((_, k) => `t${k}`)].join(',');
    const text = [header, ...rows.map((r, i) => `vm${i},${r.join(',')}`)].join('\n') + '\n';
    const bytes = new TextEncoder().encode(text);
    const load = (reserve: number | null) => {
      const loader = new WideLoader({ scale: 1 });
      if (reserve !== null) loader.reserve(reserve);
      const sink = loader.file('w.csv');
      for (let at = 0; at < bytes.length; at += 1000) sink.push(bytes.subarray(at, at + 1000));
      sink.end();
      return loader.finish().samples.inst;
    };
    const grown = load(null);
    expect(isCoded(grown) && grown.codes instanceof Uint16Array).toBe(true);
    for (const reserve of [bytes.length, 10]) {
      const reserved = load(reserve);
      expect(reserved).toEqual(grown);
      for (let i = 0; i < rows.length; i++)
        expect(Array.from(seriesAt(reserved, i))).toEqual(rows[i].map((t) => Number(t) / 100));
    }
  });
});
