/**
 * The kernel's nested sums, sort and A² give the engine's numbers bit for bit: on random matrices
 * (blocks and batches of every shape) and on Table 1's sums of the PlanetLab day.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dataPath } from '../ingest/testing.ts';
import {
  andersonStatisticSorted,
  matrixFrom,
  matrixRows,
  meanAndSd,
  mergeSums,
  parseWideCsv,
  realize,
  sumsChunk,
  type RealizationMatrix,
  type RowSource,
} from '../engine/index.ts';
import { scratchLayout } from '../protocol/layout.ts';
import { WasmKernel, createMemory } from './index.ts';

function inKernel(m: RealizationMatrix, shared: boolean, entries?: number) {
  const matrixBytes = Math.ceil((m.data.length * 4) / 64) * 64;
  const scratch = scratchLayout(matrixBytes, m.cols, entries);
  const memory = createMemory(matrixBytes + scratch.bytes, shared)!;
  const data = new Float32Array(memory.buffer, 0, m.data.length);
  data.set(m.data);
  return {
    matrix: matrixFrom(m.rows, m.cols, data),
    kernel: new WasmKernel(memory, shared, scratch),
  };
}

const sameBits = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  a.length === b.length && Array.from(a).every((v, i) => Object.is(v, b[i]));

const value = fc.oneof(
  fc.integer({ min: 0, max: 400 }).map((k) => Math.fround((k / 100) * 0.25)),
  fc.constantFrom(0, -0, 1e-30, 0.1),
  fc.float({ min: -2, max: 2, noNaN: true }),
);

const caseArb = fc
  .record({
    rows: fc.integer({ min: 1, max: 12 }),
    cols: fc.integer({ min: 1, max: 90 }),
    stride: fc.integer({ min: 1, max: 20 }),
    count: fc.integer({ min: 1, max: 6 }),
  })
  .chain((c) =>
    fc.record({
      rows: fc.constant(c.rows),
      cols: fc.constant(c.cols),
      stride: fc.constant(c.stride),
      count: fc.constant(c.count),
      values: fc.array(value, { minLength: c.rows * c.cols, maxLength: c.rows * c.cols }),
      tasks: fc.array(fc.integer({ min: 0, max: c.rows - 1 }), {
        minLength: c.count * c.stride,
        maxLength: c.count * c.stride,
      }),
      sizes: fc
        .uniqueArray(fc.integer({ min: 0, max: c.stride }), { minLength: 1, maxLength: 5 })
        .map((s) => s.sort((a, b) => a - b)),
      block: fc.integer({ min: 1, max: 40 }),
      entries: fc.integer({ min: c.stride, max: 3 * c.stride }),
    }),
  );

describe.each([true, false])('nested sums in the kernel (shared memory: %s)', (shared) => {
  it('equal the engine’s row loop bit for bit, whatever the blocks and batches', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const plain = matrixFrom(c.rows, c.cols, Float32Array.from(c.values));
        const { matrix, kernel } = inKernel(plain, shared, c.entries);
        const tasks = Int32Array.from(c.tasks);
        const want = new Float64Array(c.count * c.sizes.length * c.cols);
        matrixRows(plain).nestedSums(tasks, c.stride, c.count, c.sizes, want);
        const got = new Float64Array(want.length).fill(NaN);
        kernel.nestedSums(matrix, tasks, c.stride, c.count, c.sizes, got, c.block);
        expect(sameBits(got, want)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses task indices outside the pool and sizes beyond the subsets', () => {
    const plain = matrixFrom(3, 8, new Float32Array(24).fill(0.5));
    const { matrix, kernel } = inKernel(plain, shared);
    const out = new Float64Array(2 * 8);
    expect(() => kernel.nestedSums(matrix, Int32Array.of(0, 3), 2, 1, [1, 2], out)).toThrow(
      /task index 3/,
    );
    expect(() => kernel.nestedSums(matrix, Int32Array.of(0, 1), 2, 1, [1, 3], out)).toThrow(
      /invalid sizes/,
    );
  });

  it('sorts and takes A² as the engine does, and declines values with a sign bit', () => {
    const { kernel } = inKernel(matrixFrom(1, 4000, new Float32Array(4000)), shared);
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.integer({ min: 0, max: 300 }).map((k) => 3 + k * Math.fround(0.0025)),
            fc.double({ min: 0, max: 50, noNaN: true }),
            fc.constantFrom(0, 1e9),
          ),
          { minLength: 2, maxLength: 4000 },
        ),
        (xs) => {
          const values = Float64Array.from(xs);
          const { mean, sd } = meanAndSd(values);
          const sorted = new Float64Array(values.length);
          const a2 = kernel.sortedAnderson(values, sorted);
          const expected = Float64Array.from(values).sort();
          expect(sameBits(sorted, expected)).toBe(true);
          expect(Object.is(a2, andersonStatisticSorted(expected, mean, sd))).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
    const negative = Float64Array.of(1, 2, -0, 3);
    const sorted = new Float64Array(4).fill(7);
    expect(kernel.sortedAnderson(negative, sorted)).toBeNull();
    expect(Array.from(sorted)).toEqual([7, 7, 7, 7]);
  });
});

describe.each([true, false])('running totals in the kernel (shared memory: %s)', (shared) => {
  it('equal the engine’s sums, sorted, with its A², whatever the steps', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const plain = matrixFrom(c.rows, c.cols, Float32Array.from(c.values));
        const { matrix, kernel } = inKernel(plain, shared);
        const rows = Int32Array.from(c.tasks);
        const acc = new Float64Array(c.cols);
        let added = 0;
        for (const n of [...c.sizes, rows.length]) {
          const sum = kernel.extendSum(matrix, rows, added, n);
          matrixRows(plain).addRows(rows, added, n, acc);
          added = n;
          expect(sum).not.toBeNull();
          const expected = Float64Array.from(acc).sort();
          if (sum!.a2 === null) {
            expect(acc.some((v) => v < 0 || Object.is(v, -0))).toBe(true);
            expect(sameBits(sum!.values, acc)).toBe(true);
          } else {
            expect(sameBits(sum!.values, expected)).toBe(true);
            const { mean, sd } = meanAndSd(acc);
            expect(Object.is(sum!.a2, andersonStatisticSorted(expected, mean, sd))).toBe(true);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('refuses task indices outside the pool and a scratch too small', () => {
    const { matrix, kernel } = inKernel(matrixFrom(3, 8, new Float32Array(24).fill(0.5)), shared);
    expect(() => kernel.extendSum(matrix, Int32Array.of(0, 3), 0, 2)).toThrow(/task index 3/);
    const wide = inKernel(matrixFrom(1, 40_000, new Float32Array(40_000)), shared, 16);
    expect(wide.kernel.extendSum(wide.matrix, Int32Array.of(0), 0, 1)).toBeNull();
  });
});

describe('Table 1 on the PlanetLab day (1,052 tasks × 2,000 realizations)', () => {
  const samples = parseWideCsv(
    readFileSync(dataPath('planetlab-cloudsim/planetlab_20110303.csv'), 'utf8'),
    'planetlab_20110303.csv',
    { scale: 0.25, percent: true },
  );
  const { inst } = realize(samples, 2000, 5, false);
  const params = { sizes: [10, 50, 250, 500], replicates: 80, seed: 11 };

  it('gives the same numbers with the kernel, in any split, as the engine alone', () => {
    const alone = sumsChunk(matrixRows(inst), params, 0, 80);
    const { matrix, kernel } = inKernel(inst, true);
    const source = matrixRows(matrix, kernel);
    const withKernel = mergeSums([
      sumsChunk(source, params, 0, 33),
      sumsChunk(source, params, 33, 80),
    ]);
    // The kernel's batches of nested sums, as when its scratch cannot keep a running total.
    const batched: RowSource = Object.assign(Object.create(source) as RowSource, {
      extendSum: () => null,
    });
    const inBatches = sumsChunk(batched, params, 0, 80);
    for (const got of [withKernel, inBatches]) {
      expect(got).toEqual(alone);
      for (const k of ['a2', 'mean', 'sd', 'relErr'] as const)
        expect(sameBits(got[k], alone[k])).toBe(true);
    }
    expect(alone.rejected.some((r) => r === 1)).toBe(true);
  });
});
