import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  PAPER_FITS,
  WorkloadStats,
  attachKernel,
  kernelOf,
  matrixFrom,
  matrixRows,
  parseWideCsv,
  realize,
  runPacking,
  runPackingSummaries,
  sampleInstance,
  scalarMachineTotals,
  scalarOverflowCounts,
  type RealizationMatrix,
} from '../engine/index.ts';
import { scratchLayout } from '../protocol/layout.ts';
import { OUTPUT, generate } from './compile.ts';
import { WasmKernel, createMemory, kernelAvailable } from './index.ts';

const SHARED = resolve(import.meta.dirname, '../../../shared');
const PLANETLAB = resolve(SHARED, 'data/planetlab-cloudsim/planetlab_20110303.csv');

/** A copy of `m` inside a fresh WebAssembly memory, with the SIMD kernel attached. */
function inKernel(m: RealizationMatrix, shared: boolean, entries?: number) {
  const matrixBytes = Math.ceil((m.data.length * 4) / 64) * 64;
  const scratch = scratchLayout(matrixBytes, m.cols, entries);
  const memory = createMemory(matrixBytes + scratch.bytes, shared)!;
  const data = new Float32Array(memory.buffer, 0, m.data.length);
  data.set(m.data);
  const copy = matrixFrom(m.rows, m.cols, data);
  const kernel = new WasmKernel(memory, shared, scratch);
  attachKernel(copy, kernel);
  return { matrix: copy, kernel };
}

const sameBits = (a: Float64Array, b: Float64Array) =>
  a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

// float32 values with many exact ties: multiples of 1/8 and of 0.25 %, zeros of both signs, tiny ones.
const value = fc.oneof(
  fc.integer({ min: 0, max: 16 }).map((k) => k / 8),
  fc.integer({ min: 0, max: 400 }).map((k) => Math.fround((k / 100) * 0.25)),
  fc.constantFrom(0, -0, 1e-30, 0.1, 0.7),
  fc.float({ min: 0, max: 2, noNaN: true }),
);

const matrixArb = fc
  .record({ rows: fc.integer({ min: 1, max: 9 }), cols: fc.integer({ min: 1, max: 70 }) })
  .chain(({ rows, cols }) =>
    fc.record({
      rows: fc.constant(rows),
      cols: fc.constant(cols),
      values: fc.array(value, { minLength: rows * cols, maxLength: rows * cols }),
      machines: fc.array(fc.array(fc.integer({ min: 0, max: rows - 1 }), { maxLength: 12 }), {
        minLength: 1,
        maxLength: 6,
      }),
      columns: fc
        .tuple(fc.integer({ min: 0, max: cols }), fc.integer({ min: 0, max: cols }))
        .map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const),
      tieColumn: fc.integer({ min: 0, max: cols - 1 }),
      capacity: fc.oneof(fc.constantFrom(0.5, 1, 2), fc.double({ min: 0, max: 4, noNaN: true })),
      useTie: fc.boolean(),
    }),
  );

describe('the committed WebAssembly module', () => {
  it('is what src/kernels/assembly/evaluate.ts compiles to (npm run build:kernels)', async () => {
    expect(await generate()).toBe(readFileSync(OUTPUT, 'utf8'));
  });

  it('runs here, over shared and plain memories', () => {
    expect(kernelAvailable(true)).toBe(true);
    expect(kernelAvailable(false)).toBe(true);
  });
});

describe.each([true, false])(
  'SIMD kernel (shared memory: %s) against the scalar loops',
  (shared) => {
    it('gives the same totals, bit for bit, and the same counts, including sums landing on c', () => {
      fc.assert(
        fc.property(matrixArb, (c) => {
          const plain = matrixFrom(c.rows, c.cols, Float32Array.from(c.values));
          const { matrix } = inKernel(plain, shared);
          expect(kernelOf(matrix)).not.toBeNull();
          const [start, end] = c.columns;
          const width = end - start;
          for (const rows of c.machines) {
            const expected = new Float64Array(width);
            let capacity = c.capacity;
            if (c.useTie && width > 0) {
              // c equal to one column's exact total: that column must not count.
              scalarMachineTotals(plain, rows, start, end, Infinity, expected);
              capacity = expected[Math.min(c.tieColumn, width - 1)];
            }
            const want = scalarMachineTotals(plain, rows, start, end, capacity, expected);
            const got = new Float64Array(width);
            const count = kernelOf(matrix)!.machineTotals(matrix, rows, start, end, capacity, got);
            expect(count).toBe(want);
            expect(sameBits(got, expected)).toBe(true);
          }
          const capacity = c.capacity;
          const want = new Int32Array(c.machines.length);
          scalarOverflowCounts(plain, c.machines, start, end, capacity, want);
          const got = new Int32Array(c.machines.length);
          kernelOf(matrix)!.overflowCounts(matrix, c.machines, start, end, capacity, got);
          expect(Array.from(got)).toEqual(Array.from(want));
        }),
        { numRuns: 400 },
      );
    });

    it('matches the scalar loops for machines of up to 45 rows (every pass size, vector tails)', () => {
      // Any float32, NaN, infinities and negative zeros included: the kernel has no fast path that
      // assumes well-behaved data.
      const anyValue = fc.oneof(value, fc.float(), fc.constantFrom(NaN, Infinity, -Infinity, -1.5));
      const big = fc
        .record({ rows: fc.integer({ min: 1, max: 30 }), cols: fc.integer({ min: 1, max: 150 }) })
        .chain(({ rows, cols }) =>
          fc.record({
            rows: fc.constant(rows),
            cols: fc.constant(cols),
            values: fc.array(anyValue, { minLength: rows * cols, maxLength: rows * cols }),
            machines: fc.array(
              fc.array(fc.integer({ min: 0, max: rows - 1 }), { minLength: 0, maxLength: 45 }),
              { minLength: 1, maxLength: 5 },
            ),
            start: fc.integer({ min: 0, max: cols }),
            capacity: fc.double({ min: -1, max: 20, noNaN: true }),
          }),
        );
      fc.assert(
        fc.property(big, (c) => {
          const plain = matrixFrom(c.rows, c.cols, Float32Array.from(c.values));
          const { matrix } = inKernel(plain, shared);
          const width = c.cols - c.start;
          for (const rows of c.machines) {
            const expected = new Float64Array(width);
            const want = scalarMachineTotals(plain, rows, c.start, c.cols, c.capacity, expected);
            const got = new Float64Array(width);
            const count = kernelOf(matrix)!.machineTotals(
              matrix,
              rows,
              c.start,
              c.cols,
              c.capacity,
              got,
            );
            expect(count).toBe(want);
            expect(sameBits(got, expected)).toBe(true);
          }
          const want = new Int32Array(c.machines.length);
          scalarOverflowCounts(plain, c.machines, c.start, c.cols, c.capacity, want);
          const got = new Int32Array(c.machines.length);
          kernelOf(matrix)!.overflowCounts(matrix, c.machines, c.start, c.cols, c.capacity, got);
          expect(Array.from(got)).toEqual(Array.from(want));
        }),
        { numRuns: 300 },
      );
    });

    it('batches machine lists larger than its scratch', () => {
      const rows = 7;
      const cols = 3000;
      const data = Float32Array.from({ length: rows * cols }, (_, i) => ((i * 7919) % 97) / 200);
      const plain = matrixFrom(rows, cols, data);
      const { matrix } = inKernel(plain, shared, 5);
      const machines = [[0, 1], [2, 3, 4], [5], [6, 0, 1, 2, 3], [4, 5, 6]];
      const want = new Int32Array(machines.length);
      scalarOverflowCounts(plain, machines, 10, cols, 1, want);
      const got = new Int32Array(machines.length);
      kernelOf(matrix)!.overflowCounts(matrix, machines, 10, cols, 1, got);
      expect(Array.from(got)).toEqual(Array.from(want));
      expect(want.some((c) => c > 0 && c < cols - 10)).toBe(true);
    });

    it('stops between column blocks when the checkpoint throws', () => {
      const plain = matrixFrom(2, 5000, new Float32Array(10000).fill(0.75));
      const { matrix } = inKernel(plain, shared);
      let calls = 0;
      const stop = () => {
        if (++calls === 2) throw new Error('stop');
      };
      const counts = new Int32Array(2);
      // Machines sharing rows are evaluated in column blocks, with a checkpoint before each.
      const machines = [
        [0, 1],
        [1, 0],
      ];
      expect(() =>
        kernelOf(matrix)!.overflowCounts(matrix, machines, 0, 5000, 1, counts, stop),
      ).toThrow('stop');
      expect(calls).toBe(2);
    });

    it('gives the same counts whether machines share rows (blocked) or not (streamed)', () => {
      const rows = 12;
      const cols = 4100;
      const data = Float32Array.from({ length: rows * cols }, (_, i) => ((i * 7919) % 101) / 160);
      const plain = matrixFrom(rows, cols, data);
      const { matrix } = inKernel(plain, shared);
      const disjoint = [
        [0, 1, 2],
        [3, 4],
        [5, 6, 7, 8],
        [9, 10, 11],
      ];
      const long = Array.from({ length: 37 }, (_, i) => (i * 5) % rows);
      const overlapping = [...disjoint, ...disjoint.map((m) => [...m].reverse()), [11, 0, 5], long];
      for (const machines of [disjoint, overlapping]) {
        const want = new Int32Array(machines.length);
        scalarOverflowCounts(plain, machines, 3, cols, 1.5, want);
        const got = new Int32Array(machines.length);
        kernelOf(matrix)!.overflowCounts(matrix, machines, 3, cols, 1.5, got);
        expect(Array.from(got)).toEqual(Array.from(want));
        expect(want.some((c) => c > 0 && c < cols - 3)).toBe(true);
      }
    });
  },
);

describe('nested sums in passes of up to eight rows', () => {
  it('equal the engine’s row loop for long, empty and repeated segments, over vector widths', () => {
    const rows = 60;
    const cols = 300;
    const data = Float32Array.from({ length: rows * cols }, (_, i) =>
      Math.fround(((i * 7919) % 103) / 64 - (i % 11 === 0 ? 0.5 : 0)),
    );
    const plain = matrixFrom(rows, cols, data);
    const { matrix, kernel } = inKernel(plain, true);
    const stride = 45;
    const tasks = Int32Array.from({ length: 2 * stride }, (_, i) => (i * 37) % rows);
    for (const sizes of [
      [0, 0, 1, 9, 9, 17, 45],
      [8, 16, 16, 24, 40],
      [3, 45, 45],
      [5, 5, 30],
    ]) {
      const want = new Float64Array(2 * sizes.length * cols);
      matrixRows(plain).nestedSums(tasks, stride, 2, sizes, want);
      for (const block of [16, 100, 256]) {
        const got = new Float64Array(want.length).fill(NaN);
        kernel.nestedSums(matrix, tasks, stride, 2, sizes, got, block);
        expect(sameBits(got, want)).toBe(true);
      }
    }
  });
});

describe('on the PlanetLab day (300 tasks × 4,000 realizations)', () => {
  const samples = parseWideCsv(readFileSync(PLANETLAB), 'planetlab_20110303.csv', {
    scale: 0.25,
    percent: true,
  });
  const { inst } = realize(samples, 4000, 7, false);
  const plain = matrixFrom(300, 4000, inst.data.slice(0, 300 * 4000));
  const { matrix } = inKernel(plain, true);
  const scalarStats = new WorkloadStats({ inst: plain, avg: null });
  const kernelStats = new WorkloadStats({ inst: matrix, avg: null });
  const rows = sampleInstance(300, 250, 3, 0);

  it.each(
    PAPER_FITS.flatMap((fit) =>
      [1, 0.1].map((clairvoyance) => ({
        packer: 'bf' as const,
        fit,
        capacity: 1,
        clairvoyance,
        source: 'inst' as const,
        rebalance: 5,
      })),
    ),
  )('packing $fit.kind κ=$clairvoyance: identical results with and without the kernel', (p) => {
    const a = runPacking(scalarStats, rows, p);
    const b = runPacking(kernelStats, rows, p);
    expect(b).toEqual(a);
    expect(a.q).toBeGreaterThanOrEqual(0);
  });

  it('evaluating every packing of the instance together gives each packing’s own numbers', () => {
    const params = PAPER_FITS.flatMap((fit) =>
      (['ff', 'bf'] as const).map((packer) => ({
        packer,
        fit,
        capacity: 1,
        clairvoyance: 0.3,
        source: 'inst' as const,
        rebalance: 5,
      })),
    );
    const together = runPackingSummaries(kernelStats, rows, params);
    const scalarTogether = runPackingSummaries(scalarStats, rows, params);
    expect(together).toEqual(scalarTogether);
    params.forEach((p, i) => {
      const alone = runPacking(scalarStats, rows, p);
      expect(together[i].q).toBe(alone.q);
      expect(together[i].mAbs).toBe(alone.mAbs);
      expect(together[i].mNorm).toBe(alone.mNorm);
      expect(together[i].moves).toBe(alone.moves);
      expect(Array.from(together[i].overflows)).toEqual(alone.machines.map((m) => m.overflows));
    });
    expect(together.some((s) => s.q > 0)).toBe(true);
  });
});
