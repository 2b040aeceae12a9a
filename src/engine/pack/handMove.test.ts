import { describe, expect, it } from 'vitest';
import { planetlabDay } from '../../ingest/testing.ts';
import { realize } from '../data/realize/realize.ts';
import { runPacking } from '../experiment.ts';
import type { FitSpec } from '../fit/index.ts';
import type { PackParams } from '../packParams.ts';
import { WorkloadStats } from '../workload.ts';
import { applyHandMoves, checkMove } from './handMove.ts';

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

describe('hand moves applied to a packing', () => {
  const params: PackParams = {
    packer: 'bf',
    fit: { kind: 'gpa', rho: 0.01 },
    capacity: 1,
    clairvoyance: 0.5,
    source: 'inst',
    rebalance: 0,
  };
  const packed = runPacking(stats, rows, params);
  const machines = packed.machines.map((m) => Array.from(m.tasks));

  /** A task of machine `from` that fits machine `to`, as the fit test judges it. */
  function fittingTask(from: number, to: number): number | undefined {
    return machines[from].find((t) => checkMove(stats, rows, machines, params, t, to).fits);
  }

  /** A move that fits, of a task other than `except`, off machine 0 and onto another. */
  function anyFittingMove(except: number): { task: number; to: number } {
    for (let from = machines.length - 1; from > 0; from--)
      for (let to = 1; to < machines.length; to++) {
        if (to === from || machines[from].length < 2) continue;
        const task = machines[from].find(
          (t) => t !== except && checkMove(stats, rows, machines, params, t, to).fits,
        );
        if (task !== undefined) return { task, to };
      }
    throw new Error('no move fits this packing');
  }

  it('re-evaluates the machines a fitting move changes, and a move back restores every figure', () => {
    let found: { task: number; from: number; to: number } | null = null;
    for (let from = machines.length - 1; from > 0 && !found; from--)
      for (let to = 0; to < machines.length && !found; to++) {
        if (to === from || machines[from].length < 2) continue;
        const task = fittingTask(from, to);
        if (task !== undefined) found = { task, from, to };
      }
    expect(found).not.toBeNull();
    const { task, from, to } = found!;
    const there = applyHandMoves(stats, rows, params, packed, [{ task, to }]);
    expect(there.outcomes.map((o) => o.fits)).toEqual([true]);
    expect(Array.from(there.result.machines[to].tasks)).toEqual([...machines[to], task]);
    expect(there.result.machines[from].tasks).not.toContain(task);
    const overflows = there.result.machines.reduce((a, m) => a + m.overflows, 0);
    expect(there.result.q).toBeCloseTo(
      overflows / (there.result.mAbs * there.result.evaluated),
      12,
    );
    expect(there.result.machines[to].overflows).toBeGreaterThanOrEqual(
      packed.machines[to].overflows,
    );
    const back = applyHandMoves(stats, rows, params, packed, [
      { task, to },
      { task, to: from },
    ]);
    expect(back.outcomes.map((o) => o.fits)).toEqual([true, true]);
    expect(back.result.mAbs).toBe(packed.mAbs);
    expect(back.result.q).toBe(packed.q);
    back.result.machines.forEach((m, j) => {
      expect(m.overflows).toBe(packed.machines[j].overflows);
      expect(m.mean).toBeCloseTo(packed.machines[j].mean, 9);
      expect([...m.tasks].sort((a, b) => a - b)).toEqual([...machines[j]].sort((a, b) => a - b));
    });
  });

  it('drops a machine a move empties and refuses what does not fit, leaving the packing', () => {
    const lone = machines.findIndex((m) => m.length === 1);
    const refusedTask = machines[machines.length - 1][0];
    const refused = checkMove(stats, rows, machines, params, refusedTask, 0);
    expect(refused.fits).toBe(false);
    const none = applyHandMoves(stats, rows, params, packed, [
      { task: refusedTask, to: 0 },
      { task: 0, to: machines.length },
    ]);
    expect(none.outcomes.map((o) => o.fits)).toEqual([false, false]);
    expect(none.result).toBe(packed);
    // A refused move leaves the packing as it was for the moves after it.
    const fitting = anyFittingMove(refusedTask);
    const after = applyHandMoves(stats, rows, params, packed, [
      { task: refusedTask, to: 0 },
      fitting,
    ]);
    expect(after.outcomes.map((o) => o.fits)).toEqual([false, true]);
    expect(after.result.machines[0].tasks).not.toContain(refusedTask);
    expect(after.result.mAbs).toBe(packed.mAbs);
    if (lone < 0) return;
    const target = machines.findIndex(
      (_, to) =>
        to !== lone && checkMove(stats, rows, machines, params, machines[lone][0], to).fits,
    );
    if (target < 0) return;
    const emptied = applyHandMoves(stats, rows, params, packed, [
      { task: machines[lone][0], to: target },
    ]);
    expect(emptied.result.mAbs).toBe(packed.mAbs - 1);
  });
});
