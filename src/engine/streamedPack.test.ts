import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dataPath } from '../ingest/testing.ts';
import { realize } from './data/realize/realize.ts';
import { parseWideCsv } from './data/readers/wide.ts';
import { runPacking, type PackParams } from './experiment.ts';
import { antiColocated } from './fit/antiColocation.ts';
import { fitTest, type FitSpec } from './fit/index.ts';
import { matrixFrom, type RealizationMatrix } from './matrix.ts';
import { runPackingStreamed, type RowBlocks } from './streamedPack.ts';
import { WorkloadStats, identityRows } from './workload.ts';

const PLANETLAB = dataPath('planetlab-cloudsim/planetlab_20110303.csv');

/** `m` handed out `perBlock` rows at a time through one reused buffer, as a file reader does. */
function blocksOf(m: RealizationMatrix, perBlock: number): RowBlocks & { passes: number } {
  const buffer = new Float32Array(perBlock * m.cols);
  return {
    rows: m.rows,
    cols: m.cols,
    passes: 0,
    forEachBlock(each) {
      this.passes++;
      for (let first = 0; first < m.rows; first += perBlock) {
        const n = Math.min(perBlock, m.rows - first);
        buffer.set(m.data.subarray(first * m.cols, (first + n) * m.cols));
        buffer.fill(NaN, n * m.cols);
        each(first, matrixFrom(n, m.cols, buffer.subarray(0, n * m.cols)));
      }
    },
  };
}

const samples = parseWideCsv(readFileSync(PLANETLAB, 'utf8'), 'planetlab_20110303.csv', {
  scale: 0.25,
  percent: true,
});
const { inst } = realize(samples, 400, 11, false);

function params(fit: FitSpec, over: Partial<PackParams> = {}): PackParams {
  return {
    packer: 'bf',
    fit,
    capacity: 1,
    clairvoyance: 1,
    source: 'inst',
    rebalance: 5,
    ...over,
  };
}

describe('a packing streamed through blocks of rows', () => {
  const cases: [string, PackParams][] = [
    ['BF gpa:0.01, rebalancing 5', params({ kind: 'gpa', rho: 0.01 })],
    [
      'FF gpa:0.1, no rebalancing',
      params({ kind: 'gpa', rho: 0.1 }, { packer: 'ff', rebalance: 0 }),
    ],
    ['BF av:1, κ = 0.5', params({ kind: 'av', f: 1 }, { clairvoyance: 0.5 })],
    ['BF cantelli:2 at c = 2', params({ kind: 'cantelli', b: 2 }, { capacity: 2 })],
  ];
  for (const [name, p] of cases)
    it(`${name}: every figure equals the in-memory run's`, () => {
      const want = runPacking(new WorkloadStats({ inst, avg: null }), identityRows(inst.rows), p);
      const source = blocksOf(inst, 37);
      const got = runPackingStreamed(source, p);
      expect(source.passes).toBe(2);
      expect(got).toEqual(want);
      // Rebalancing appends earlier rows to the last machine: those rows wait for their turn.
      const outOfOrder = want.machines.some((mc) =>
        mc.tasks.some((t, k) => k > 0 && t < mc.tasks[k - 1]),
      );
      expect(outOfOrder).toBe(want.moves > 0);
      if (p.rebalance > 0) expect(want.moves).toBeGreaterThan(0);
    });

  it('anti-colocation over the moments streams too', () => {
    const groups = Int32Array.from({ length: inst.rows }, (_, i) => i % 7);
    const fit = () => antiColocated(fitTest({ kind: 'gpa', rho: 0.01 }), groups, 2);
    const p = params({ kind: 'gpa', rho: 0.01 });
    const want = runPacking(
      new WorkloadStats({ inst, avg: null }),
      identityRows(inst.rows),
      p,
      undefined,
      fit(),
    );
    expect(runPackingStreamed(blocksOf(inst, 64), p, fit())).toEqual(want);
  });

  it('a fit test that reads the realizations themselves is left to the in-memory run', () => {
    for (const fit of [
      { kind: 'perc', p: 95 },
      { kind: 'emp', rho: 0.01 },
    ] as FitSpec[])
      expect(runPackingStreamed(blocksOf(inst, 50), params(fit))).toBeNull();
  });
});
