import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dataPath } from '../../ingest/testing.ts';
import { exceeds } from '../capacity.ts';
import { realize } from '../data/realize/realize.ts';
import { parseWideCsv } from '../data/readers/wide.ts';
import { runPacking } from '../experiment.ts';
import { matrixOfRows } from '../testing.ts';
import { WorkloadStats, identityRows, sampleInstance } from '../workload.ts';

const PLANETLAB = dataPath('planetlab-cloudsim/planetlab_20110303.csv');

describe('emp: the empirical sum test', () => {
  it('fits a task iff the machine would exceed c in k of n observed columns with k/n ≤ ρ', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 60 })
          .chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 0, max: n }))),
        fc.double({ min: 0.001, max: 0.999, noNaN: true }),
        fc.constantFrom('ff' as const, 'bf' as const),
        ([n, k], rho, packer) => {
          // 0.5 + 0.6 > 1 in the k marked columns, 0.5 + 0.4 ≤ 1 elsewhere.
          const a = Array.from({ length: n }, () => 0.5);
          const b = Array.from({ length: n }, (_, t) => (t < k ? 0.6 : 0.4));
          const stats = new WorkloadStats({ inst: matrixOfRows([a, b]), avg: null });
          const r = runPacking(stats, identityRows(2), {
            packer,
            fit: { kind: 'emp', rho },
            capacity: 1,
            clairvoyance: 1,
            source: 'inst',
            rebalance: 0,
          });
          expect(r.mAbs).toBe(k / n <= rho ? 1 : 2);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('leaves every PlanetLab machine within ρ·|O| observed overflow columns (brute force)', () => {
    const samples = parseWideCsv(readFileSync(PLANETLAB, 'utf8'), 'planetlab_20110303.csv', {
      scale: 0.25,
      percent: true,
    });
    const stats = new WorkloadStats(realize(samples, 2000, 7, false));
    const rows = sampleInstance(stats.workload.inst.rows, 400, 7, 0);
    for (const rho of [0.01, 0.002]) {
      const r = runPacking(stats, rows, {
        packer: 'bf',
        fit: { kind: 'emp', rho },
        capacity: 1,
        clairvoyance: 0.5,
        source: 'inst',
        rebalance: 5,
      });
      const { data, cols } = stats.workload.inst;
      const width = 1000;
      let overflowCols = 0;
      for (const mc of r.machines) {
        const total = new Float64Array(width);
        for (const t of mc.tasks)
          for (let c = 0; c < width; c++) total[c] += data[rows[t] * cols + c];
        const over = total.filter((s) => exceeds(s, 1)).length;
        expect(over / width).toBeLessThanOrEqual(rho);
        overflowCols += over;
      }
      // The test packs to the edge: some machine uses part of its allowance.
      expect(overflowCols).toBeGreaterThan(0);
    }
  });
});
