import { describe, expect, it } from 'vitest';
import { planetlabDay } from '../../ingest/testing.ts';
import { realize } from '../data/realize.ts';
import { runPacking } from '../experiment.ts';
import type { FitSpec } from '../fit/index.ts';
import type { PackParams } from '../packParams.ts';
import { WorkloadStats } from '../workload.ts';
import { checkMove } from './handMove.ts';

const stats = new WorkloadStats(realize(planetlabDay(), 1000, 1, false));
const rows = Int32Array.from({ length: 200 }, (_, i) => i * 5);

/** First Fit without rebalancing: a machine's tasks are those it held when each was placed. */
function firstFit(fit: FitSpec): { params: PackParams; machines: number[][] } {
  const params: PackParams = {
    packer: 'ff',
    fit,
    capacity: 1,
    clairvoyance: 0.5,
    source: 'inst',
    rebalance: 0,
  };
  const result = runPacking(stats, rows, params);
  return { params, machines: result.machines.map((m) => Array.from(m.tasks)) };
}

describe('a task moved by hand, judged by the packing’s own fit test', () => {
  for (const fit of [
    { kind: 'gpa', rho: 0.01 },
    { kind: 'emp', rho: 0.01 },
    { kind: 'cantelli', b: 1.7 },
  ] as FitSpec[])
    it(`agrees with First Fit’s own decisions (${fit.kind})`, () => {
      const { params, machines } = firstFit(fit);
      expect(machines.length).toBeGreaterThan(3);
      machines.forEach((tasks, j) => {
        // The last task placed fitted beside the others: moved back there, it fits.
        expect(checkMove(stats, rows, machines, params, tasks[tasks.length - 1], j).fits).toBe(
          true,
        );
        // The task that opened machine j fitted none of the machines before it, then or now.
        for (let k = 0; k < j; k++)
          expect(checkMove(stats, rows, machines, params, tasks[0], k).fits).toBe(false);
      });
    });

  it('under GPA says the Gaussian overflow probability the verdict compares with ρ', () => {
    const { params, machines } = firstFit({ kind: 'gpa', rho: 0.01 });
    let refused = 0;
    for (let j = 1; j < machines.length; j++) {
      const check = checkMove(stats, rows, machines, params, machines[j][0], 0);
      expect(check.rho).toBe(0.01);
      expect(check.overflow! > 0.01).toBe(!check.fits);
      if (!check.fits) refused++;
    }
    expect(refused).toBeGreaterThan(0);
    const cantelli = firstFit({ kind: 'cantelli', b: 1.7 });
    const c = checkMove(stats, rows, cantelli.machines, cantelli.params, 0, 0);
    expect([c.overflow, c.rho]).toEqual([null, null]);
  });

  it('refuses a machine or a task the packing does not have', () => {
    const { params, machines } = firstFit({ kind: 'gpa', rho: 0.01 });
    expect(() => checkMove(stats, rows, machines, params, 0, machines.length)).toThrow(/machine/);
    expect(() => checkMove(stats, rows, machines, params, 200, 0)).toThrow(/task 200/);
  });
});
