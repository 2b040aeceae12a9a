import { describe, expect, it } from 'vitest';
import {
  WorkloadStats,
  evaluateMachine,
  identityRows,
  realize,
  runPacking,
  type PackResult,
} from '../../engine/index.ts';
import { planetlabDay } from '../../ingest/testing.ts';
import {
  draggedCapacity,
  machineTasks,
  machineView,
  overflowShare,
  taskMoments,
} from './machineView.ts';

type Machine = PackResult['machines'][number];
const machine = {
  tasks: Int32Array.from([4, 0, 2]),
  estimatedMean: 0.6,
  estimatedSd: 0.1,
} as unknown as Machine;
const totals = Float64Array.from([0.5, 0.7, 0.65]);
/** Φ⁻¹(0.99), from the normal table (not from the engine that is under test). */
const Z_99 = 2.3263478740408408;

describe('the machine view of a packing', () => {
  it("under GPA, draws the Gaussian's (1−ρ) load and says ρ", () => {
    const v = machineView(machine, totals, { kind: 'gpa', rho: 0.01 }, 1, null);
    expect(v.totals).toBe(totals);
    expect([v.mean, v.sd, v.capacity, v.rho, v.coresPerMachine]).toEqual([0.6, 0.1, 1, 0.01, null]);
    expect(v.gpaPercentile).toBeCloseTo(0.6 + Z_99 * 0.1, 12);
  });

  it('under another test with a ρ, says ρ but draws no GPA load; without ρ, neither', () => {
    const bern = machineView(machine, totals, { kind: 'bern', rho: 0.05 }, 1.2, 16);
    expect([bern.rho, bern.gpaPercentile, bern.capacity, bern.coresPerMachine]).toEqual([
      0.05,
      null,
      1.2,
      16,
    ]);
    const av = machineView(machine, totals, { kind: 'av', f: 1.25 }, 1, null);
    expect([av.rho, av.gpaPercentile]).toEqual([null, null]);
  });

  it('lists its tasks in placement order, by name where the data names them', () => {
    const rows = Int32Array.from([10, 11, 12, 13, 14]);
    const ids = Array.from({ length: 15 }, (_, i) => `vm-${i}`);
    expect(machineTasks(machine, rows, ids)).toEqual([
      { position: 4, id: 'vm-14', row: 14 },
      { position: 0, id: 'vm-10', row: 10 },
      { position: 2, id: 'vm-12', row: 12 },
    ]);
    expect(machineTasks(machine, rows, undefined).map((t) => t.id)).toEqual(['14', '10', '12']);
  });

  it("gives a task's sample mean and population σ, NaN without samples", () => {
    const samples = [Float64Array.from([1, 2, 3, 4]), Float64Array.from([0.5, 0.5])];
    const m = taskMoments(samples, 0);
    expect(m.mean).toBe(2.5);
    expect(m.sd).toBeCloseTo(Math.sqrt(1.25), 14);
    expect(taskMoments(samples, 1)).toEqual({ mean: 0.5, sd: 0 });
    const none = taskMoments(undefined, 0);
    expect(Number.isNaN(none.mean) && Number.isNaN(none.sd)).toBe(true);
  });
});

describe('a capacity dragged on one machine', () => {
  it('at the packing’s capacity gives each machine’s q_j; higher, less; lower, more', () => {
    const stats = new WorkloadStats(realize(planetlabDay(), 2000, 1, false));
    const rows = identityRows(300);
    const params = {
      packer: 'bf',
      fit: { kind: 'gpa', rho: 0.01 },
      capacity: 1,
      clairvoyance: 0.5,
      source: 'inst',
      rebalance: 0,
    } as const;
    const result = runPacking(stats, rows, params);
    const split = stats.split(params.clairvoyance);
    const totals = new Float64Array(result.evaluated);
    let overflowing = 0;
    for (const m of result.machines) {
      evaluateMachine(
        stats.workload.inst,
        Array.from(m.tasks, (t) => rows[t]),
        split,
        1,
        totals,
      );
      expect(overflowShare(totals, 1)).toBe(m.q);
      if (m.q > 0) overflowing++;
      const looser = overflowShare(totals, 1.1);
      const tighter = overflowShare(totals, 0.9);
      expect(looser).toBeLessThanOrEqual(m.q);
      expect(tighter).toBeGreaterThanOrEqual(m.q);
    }
    expect(overflowing).toBeGreaterThan(0);
  });

  it('counts a total filling the capacity exactly as fitting, as q does', () => {
    const totals = Float64Array.from([0.25 + 0.75, 0.1 * 10, 1.5, 0.4]);
    expect(overflowShare(totals, 1)).toBe(0.25);
    expect(overflowShare(totals, 0.5)).toBe(0.75);
    expect(overflowShare(new Float64Array(0), 1)).toBe(0);
  });

  it('reads the pointer’s capacity to three significant digits, refusing c ≤ 0', () => {
    expect(draggedCapacity(1.234567)).toBe(1.23);
    expect(draggedCapacity(0.0123456)).toBe(0.0123);
    expect(draggedCapacity(0)).toBeNull();
    expect(draggedCapacity(-0.2)).toBeNull();
  });
});
