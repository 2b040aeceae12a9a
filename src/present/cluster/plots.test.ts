import { beforeAll, describe, expect, it } from 'vitest';
import { loadShared } from '../../cli/commands/cluster/clusterData.ts';
import { HARMONY_TYPES } from '../../engine/cluster/machineTypes.ts';
import { machineUse } from '../../engine/cluster/machineUse.ts';
import { runCluster } from '../../engine/cluster/run.ts';
import { realizeMulti } from '../../engine/cluster/workload.ts';
import { identityRows } from '../../engine/workload.ts';
import {
  fitMachinesSpec,
  fitRows,
  machineBars,
  machineBarsSpec,
  provisionTotals,
} from './plots.ts';

// The workload is loaded and packed in beforeAll, not while the file is collected: the run's
// durations (and so the longest-first order of scripts/testOrder.ts) then count it.
async function packed() {
  const w = realizeMulti(await loadShared('bitbrains-rnd'), 300, 2);
  const rows = identityRows(w.ids.length);
  const r = runCluster(w, rows, {
    fit: { kind: 'gpa', eps: 0.01, split: 'union' },
    packer: 'ff',
    types: HARMONY_TYPES,
    open: 'order',
    clairvoyance: 0.5,
  });
  return { w, r, use: machineUse(w.matrices, rows, r.packing, r.split) };
}

describe('Cluster plots on Bitbrains (CPU and memory)', () => {
  let w: Awaited<ReturnType<typeof packed>>['w'];
  let r: Awaited<ReturnType<typeof packed>>['r'];
  let use: Awaited<ReturnType<typeof packed>>['use'];
  beforeAll(async () => {
    ({ w, r, use } = await packed());
  });

  it('draws a bar per machine and resource: realized use over its own capacity', () => {
    const bars = machineBars(use, r.packing.machineType, r.packing.machines, HARMONY_TYPES, [
      'cpu',
      'mem',
    ]);
    expect(bars.length).toBe(2 * r.measure.machines);
    // Each machine's mean use, summed back in machine units, is the realized total of its tasks.
    const { cols, data } = w.matrices[0];
    const e0 = r.split.evaluateStart;
    const width = r.split.evaluateEnd - e0;
    const j = 0;
    let total = 0;
    for (const task of r.packing.machines[j])
      for (let t = 0; t < width; t++) total += data[task * cols + e0 + t];
    const cap = HARMONY_TYPES[r.packing.machineType[j]].capacity[0];
    expect(bars[0].mean * cap).toBeCloseTo(total / width, 12);
    for (const b of bars) expect(b.p99).toBeGreaterThanOrEqual(b.mean - 1e-12);
    // A machine overflowing in CPU has its 99th percentile above capacity only if it overflows
    // in more than 1 % of the columns.
    r.measure.overflows[0].forEach((o, m) => {
      if (o > 0.011 * width) expect(bars[2 * m].p99).toBeGreaterThan(1);
    });
    expect(machineBarsSpec(bars, HARMONY_TYPES).marks?.length).toBeGreaterThan(0);
  });

  it('tabulates every fit test with machines by type adding up', () => {
    const table = fitRows(['gpa'], [r.measure], HARMONY_TYPES);
    const listed = table[0].byType.split(', ').map((s) => Number(s.split(' ')[0]));
    expect(listed.reduce((a, b) => a + b, 0)).toBe(table[0].machines);
    expect(fitMachinesSpec(['gpa'], [r.measure], HARMONY_TYPES).y?.domain).toEqual(['gpa']);
  });

  it('sums the provisioning periods per policy', () => {
    const period = (m: number[], energy: number) => ({
      machines: m,
      placed: [1],
      unplaced: 0,
      energy,
      switching: 2,
    });
    const totals = provisionTotals({
      relax: [period([1, 0], 10), period([2, 1], 20)],
      baseline: [period([3, 0], 30)],
      fractional: [],
    });
    expect(totals.map((t) => [t.energy, t.switching, t.machinePeriods])).toEqual([
      [30, 4, 4],
      [30, 2, 3],
    ]);
  });
});
