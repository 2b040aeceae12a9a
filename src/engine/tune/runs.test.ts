import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dataPath } from '../../ingest/testing.ts';
import { exceeds } from '../capacity.ts';
import { realize } from '../data/realize/realize.ts';
import { parseWideCsv } from '../data/readers/wide.ts';
import { WorkloadStats } from '../workload.ts';
import { familySpec } from './families.ts';
import { countOverflows, folds, instanceRows, packOn } from './runs.ts';
import { DEFAULT_TUNE } from './tuneSpec.ts';

const PLANETLAB = dataPath('planetlab-cloudsim/planetlab_20110303.csv');

describe('countOverflows', () => {
  it('counts exactly what a column-by-column sum in placement order counts', () => {
    const samples = parseWideCsv(readFileSync(PLANETLAB, 'utf8'), 'planetlab_20110303.csv', {
      scale: 0.25,
      percent: true,
    });
    const stats = new WorkloadStats(realize(samples, 800, 2, false));
    const spec = { ...DEFAULT_TUNE, tasks: 300 };
    const { data, cols } = stats.workload.inst;
    const [a, b] = folds(stats, spec.clairvoyance);
    let total = 0;
    for (const [instance, value, capacity] of [
      [0, 0.05, 1],
      [1, 0.001, 1],
      [2, 0.2, 0.8],
    ]) {
      const rows = instanceRows(stats, spec, instance);
      const packing = packOn(stats, spec, a, rows, familySpec('gpa', value));
      let expected = 0;
      for (const tasks of packing.machines)
        for (let col = b.observeStart; col < b.observeEnd; col++) {
          let sum = 0;
          for (const t of tasks) sum += data[rows[t] * cols + col];
          if (exceeds(sum, capacity)) expected++;
        }
      expect(countOverflows(stats, rows, packing, b, capacity)).toBe(expected);
      total += expected;
    }
    expect(total).toBeGreaterThan(0);
  });
});
