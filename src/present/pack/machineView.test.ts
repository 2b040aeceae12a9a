import { describe, expect, it } from 'vitest';
import type { PackResult } from '../../engine/index.ts';
import { machineTasks, machineView, taskMoments } from './machineView.ts';

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
