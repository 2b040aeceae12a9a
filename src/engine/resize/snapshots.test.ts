import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseWideCsv } from '../data/readers/wide.ts';
import { dataPath } from '../../ingest/testing.ts';
import { FUSD_DEFAULTS } from './ranges.ts';
import type { PolicySpec } from './policies.ts';
import { simulateResize, type ResizeWorkload } from './simulate.ts';
import { visbpMigrationCauses, visbpSnapshotsAt } from './snapshots.ts';
import { workloadFromSamples } from './workloads.ts';

const fusd = { kind: 'fusd', ...FUSD_DEFAULTS } as const;

function planetlabDay(vms: number): ResizeWorkload {
  const samples = parseWideCsv(
    readFileSync(dataPath('planetlab-cloudsim/planetlab_20110303.csv')),
    'planetlab_20110303.csv',
    { scale: 0.25, unit: 'percent', maxTasks: vms },
  );
  return workloadFromSamples('planetlab-day', samples);
}

describe('visbpSnapshotsAt (real trace)', () => {
  const w = planetlabDay(150);

  it('gives the bins of the chosen steps, consistent with the simulation’s series', () => {
    const steps = [287, 0, 50, 50, 51, 200];
    const snaps = visbpSnapshotsAt(w, fusd, steps);
    const run = simulateResize(w, { policy: { kind: 'visbp' }, predictor: fusd, series: true });
    expect(snaps.map((s) => s.step)).toEqual([0, 50, 51, 200, 287]);
    for (const s of snaps) {
      expect(s.bins.length).toBe(run.series!.activeMachines[s.step]);
      expect(s.migrations).toBe(run.series!.migrations[s.step]);
      expect(s.moved.length).toBe(s.movements);
      const items = s.bins.flatMap((b) => [
        ...b.big.map((x) => x.item),
        ...b.groups.flatMap((g) => g.items),
      ]);
      expect(new Set(items).size).toBe(items.length);
      expect(items.length).toBe(run.series!.vmsPresent[s.step]);
      for (const b of s.bins) expect(['B', 'L', 'LT', 'S', 'SS', 'T', 'UT']).toContain(b.type);
      const actual = s.actual.reduce((a, b) => a + b, 0);
      const expected = w.usage.reduce((a, u) => a + (Number.isNaN(u[s.step]) ? 0 : u[s.step]), 0);
      expect(actual).toBeCloseTo(expected, 9);
    }
    expect(() => visbpSnapshotsAt(w, fusd, [288])).toThrow(/outside \[0, 288\)/);
  });
});

describe('visbpMigrationCauses (real trace)', () => {
  it('attributes every movement and migration of the run to one cause', () => {
    const w = planetlabDay(150);
    const causes = visbpMigrationCauses(w, fusd);
    const run = simulateResize(w, { policy: { kind: 'visbp' }, predictor: fusd }).totals;
    const sum = (k: 'movements' | 'migrations') => causes.reduce((a, c) => a + c[k], 0);
    expect(sum('migrations')).toBe(run.migrations);
    expect(sum('movements')).toBe(run.movements);
    expect(causes.find((c) => c.cause === 'insert')?.events).toBe(150);
    for (let i = 1; i < causes.length; i++)
      expect(causes[i].migrations).toBeLessThanOrEqual(causes[i - 1].migrations);
  });
});

describe('migrated memory', () => {
  const w = planetlabDay(120);

  it('sums each migrated VM once: with unit memory it equals the migration count', () => {
    const ones: ResizeWorkload = {
      ...w,
      memory: w.usage.map((u) => u.map((x) => (Number.isNaN(x) ? NaN : 1e-3))),
    };
    const policies: PolicySpec[] = [
      { kind: 'visbp' },
      { kind: 'repack', every: 1 },
      { kind: 'repack', every: 7 },
      { kind: 'hotspot' },
      { kind: 'ff' },
    ];
    for (const policy of policies) {
      const t = simulateResize(ones, { policy, predictor: fusd }).totals;
      expect(t.migrated_memory, policy.kind).toBeCloseTo(t.migrations * 1e-3, 9);
    }
    const repack = simulateResize(ones, { policy: { kind: 'repack', every: 1 }, predictor: fusd });
    expect(repack.totals.migrations).toBeGreaterThan(0);
    expect(
      Number.isNaN(
        simulateResize(w, { policy: { kind: 'visbp' }, predictor: fusd }).totals.migrated_memory,
      ),
    ).toBe(true);
  });
});
