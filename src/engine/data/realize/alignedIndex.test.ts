/**
 * alignSamples on index axes (no timestamps: sample k is instant k; ids dated YYYYMMDD:vm are one
 * task per VM, day d's sample k at instant d·T + k) against those rules read one sample at a time —
 * complete data (every sample present, the quick path) and dated data with VMs missing days (the
 * general path) alike, with the samples as float64 arrays or coded.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../random/rng.ts';
import { alignSamples, type AbsentPolicy } from './aligned.ts';
import { compactSamples } from '../samples/coded.ts';
import { isCoded, type TaskSamples } from '../samples/samples.ts';

interface Case {
  readonly samples: TaskSamples;
  readonly vms: string[];
  readonly days: string[];
  readonly length: number;
}

function randomCase(seed: number, vms: number, days: number, length: number, holes: boolean): Case {
  const rng = new Rng(seed);
  const dayNames = Array.from({ length: days }, (_, d) => `2011030${d + 1}`);
  const vmNames = Array.from({ length: vms }, (_, v) => `vm-${v}`);
  const ids: string[] = [];
  const inst: Float64Array[] = [];
  const avg: Float64Array[] = [];
  for (const day of [...dayNames].reverse())
    for (const vm of vmNames) {
      if (holes && days > 1 && vm !== 'vm-0' && rng.nextFloat() < 0.2) continue;
      ids.push(days > 1 ? `${day}:${vm}` : vm);
      const row = () => Float64Array.from({ length }, () => Math.round(rng.nextFloat() * 20) / 7);
      inst.push(row());
      avg.push(row());
    }
  return { samples: { ids, inst, avg }, vms: vmNames, days: dayNames, length };
}

/** Per VM (in order of first appearance) and instant: its value, or undefined where absent. */
function naive({ samples, days, length }: Case) {
  const rows = new Map<string, (number | undefined)[][]>();
  const dated = days.length > 1;
  samples.ids.forEach((id, i) => {
    const [vm, base] = dated ? [id.slice(9), days.indexOf(id.slice(0, 8)) * length] : [id, 0];
    if (!rows.has(vm)) rows.set(vm, [[], []]);
    const [inst, avg] = rows.get(vm)!;
    for (let k = 0; k < length; k++) {
      for (const [out, series] of [
        [inst, samples.inst],
        [avg, samples.avg!],
      ] as const) {
        const v = (series as Float64Array[])[i][k];
        out[base + k] = Math.fround(v);
      }
    }
  });
  return { ids: [...rows.keys()], rows: [...rows.values()], instants: days.length * length };
}

describe('alignSamples on index axes against the rules read one sample at a time', () => {
  it('complete or with holes, one day or dated days: tasks, columns, values, spans and counts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e6 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 40 }),
        fc.boolean(),
        fc.constantFrom<AbsentPolicy>('drop', 'zero'),
        fc.boolean(),
        (seed, vms, days, length, holes, absent, coded) => {
          const c = randomCase(seed, vms, days, length, holes);
          const samples = coded ? compactSamples(c.samples) : c.samples;
          const want = naive(c);
          const columns = Array.from({ length: want.instants }, (_, t) => t).filter(
            (t) =>
              want.rows.some(([inst]) => inst[t] !== undefined) &&
              (absent === 'zero' || want.rows.every(([inst]) => inst[t] !== undefined)),
          );
          let a;
          try {
            a = alignSamples(samples, { absent });
          } catch (e) {
            expect(columns.length, String(e)).toBe(0);
            return;
          }
          expect(a.ids).toEqual(want.ids);
          expect(Array.from(a.instants)).toEqual(columns);
          const absentSamples = want.rows.reduce(
            (n, [inst]) => n + want.instants - inst.filter((v) => v !== undefined).length,
            0,
          );
          expect(a.report.absentSamples).toBe(absentSamples);
          expect(a.report.tasksKept).toBe(want.ids.length);
          want.rows.forEach(([inst, avg], r) => {
            const row = (m: typeof a.inst) =>
              Array.from(m.data.subarray(r * m.cols, (r + 1) * m.cols));
            expect(row(a.inst)).toEqual(columns.map((t) => inst[t] ?? 0));
            expect(row(a.avg!)).toEqual(columns.map((t) => avg[t] ?? 0));
            const own = columns.flatMap((t, k) => (inst[t] === undefined ? [] : [k]));
            expect([a.spans[2 * r], a.spans[2 * r + 1]]).toEqual(
              own.length ? [own[0], own[own.length - 1]] : [-1, -1],
            );
          });
          if (absentSamples === 0) {
            expect(a.report.coverage).toEqual({ min: 1, minTask: want.ids[0], mean: 1 });
            expect(a.report.notes).toEqual([]);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('leaves the quick path for the same alignment at a NaN sample, float64 or coded', () => {
    const c = randomCase(11, 3, 1, 12, false);
    (c.samples.inst as Float64Array[])[1][5] = NaN;
    for (const absent of ['drop', 'zero'] as const) {
      const [float64, coded] = [c.samples, compactSamples(c.samples)].map((s) =>
        alignSamples(s, { absent }),
      );
      expect(Array.from(float64.inst.data).some(Number.isNaN)).toBe(false);
      expect(Array.from(float64.inst.data)).toEqual(Array.from(coded.inst.data));
      expect(float64.report).toEqual(coded.report);
    }
  });

  it('codes the samples it is given coded (so the coded reading is the one tested)', () => {
    const c = randomCase(7, 4, 2, 30, false);
    expect(isCoded(compactSamples(c.samples).inst)).toBe(true);
  });
});
