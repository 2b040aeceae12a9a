import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadShared } from '../../cli/commands/cluster/clusterData.ts';
import { PAPER_FITS, fitTest, tailFits, type FitSpec } from '../fit/index.ts';
import { pack, PACKERS } from '../pack/pack.ts';
import { realize } from '../data/realize/realize.ts';
import { TaskStats } from '../stats/taskStats.ts';
import { matrixOfRows } from '../testing.ts';
import { capacityLimit } from '../capacity.ts';
import { identityRows, WorkloadStats } from '../workload.ts';
import { multiSizes, splitEpsilon, type MultiFitSpec } from './fit.ts';
import { HARMONY_TYPES, type MachineType } from './machineTypes.ts';
import { packMulti } from './pack.ts';
import { realizeMulti } from './workload.ts';
import { runCluster } from './run.ts';

const one = (c: number): MachineType => ({
  name: 'one',
  capacity: [c, c],
  count: null,
  idleWatts: 100,
  peakWatts: 200,
});

describe('pooled GPA vs additive containers (harmony-notes.md §5 item 1)', () => {
  /** Identical tasks μ = 0.05, σ = 0.02 at Z = 2.326 (ε = 0.01, one resource). */
  function perMachine(spec: MultiFitSpec, c: number): number {
    const n = 40;
    const stats = {
      mean: new Float64Array(n).fill(0.05),
      variance: new Float64Array(n).fill(0.0004),
      ensureMoments() {},
    } as unknown as TaskStats;
    const sizes = multiSizes(spec, [stats], identityRows(n));
    return packMulti(sizes, { packer: 'ff', types: [one(c)], open: 'order' }).machines[0].length;
  }
  it('fits 10 vs 16 tasks per machine at C = 1, and 2 vs 3 at C = 0.25', () => {
    expect(perMachine({ kind: 'additive', eps: 0.01, split: 'union' }, 1)).toBe(10);
    expect(perMachine({ kind: 'gpa', eps: 0.01, split: 'union' }, 1)).toBe(16);
    expect(perMachine({ kind: 'additive', eps: 0.01, split: 'union' }, 0.25)).toBe(2);
    expect(perMachine({ kind: 'gpa', eps: 0.01, split: 'union' }, 0.25)).toBe(3);
  });
  it('splits ε by union bound or independence', () => {
    expect(splitEpsilon(0.01, 2, 'union')).toBe(0.005);
    expect(splitEpsilon(0.01, 2, 'indep')).toBeCloseTo(0.00501256, 8);
    expect(splitEpsilon(0.01, 1, 'indep')).toBe(0.01);
  });
});

describe('shared column indices', () => {
  it('draw every resource with the same columns, the CPU matrix bit for bit the 1-D one', async () => {
    const s = await loadShared('google-gcd-jobs');
    const w = realizeMulti(s, 64, 7);
    const cpu = realize({ ids: [...s.ids], inst: [...s.samples[0]] }, 64, 7).inst;
    expect(Array.from(w.matrices[0].data)).toEqual(Array.from(cpu.data));
    const mem = realize({ ids: [...s.ids], inst: [...s.samples[1]] }, 64, 7).inst;
    expect(Array.from(w.matrices[1].data)).toEqual(Array.from(mem.data));
  });
});

/** Every engine test scored from the running sums (those with per-machine state are refused). */
const SUM_FITS: FitSpec[] = [...PAPER_FITS, ...tailFits()].filter(
  (spec) => !fitTest(spec).sizes(new TaskStats(matrixOfRows([[0.1, 0.2]]), 0, 2), [0]).machineState,
);

describe('one resource, one machine type: exactly the 1-D packings', () => {
  it('on Bitbrains CPU, every running-sum fit test and packer', async () => {
    const s = await loadShared('bitbrains-rnd', ['cpu']);
    const w = realizeMulti(s, 500, 3);
    const rows = identityRows(s.ids.length);
    const stats = new WorkloadStats({ inst: w.matrices[0], avg: null });
    const ts = stats.taskStats('inst', stats.split(0.5));
    expect(SUM_FITS.length).toBeGreaterThanOrEqual(PAPER_FITS.length);
    for (const spec of SUM_FITS)
      for (const packer of PACKERS)
        for (const capacity of [0.25, 1]) {
          const fit = fitTest(spec);
          const expected = pack(fit.sizes(ts, rows), fit, { packer, capacity, rebalance: 0 });
          const got = packMulti(multiSizes({ kind: 'each', fit: spec }, [ts], rows), {
            packer,
            types: [one(capacity)],
            open: 'order',
          });
          expect(got.machines.map((m) => Array.from(m))).toEqual(
            expected.machines.map((m) => Array.from(m)),
          );
          expect(Array.from(got.load[0])).toEqual(Array.from(expected.load));
        }
  });
  it('GPA through the ε-split path equals the engine GPA', async () => {
    const s = await loadShared('google-gcd-jobs', ['cpu']);
    const w = realizeMulti(s, 200, 5);
    const rows = identityRows(s.ids.length);
    const ts = new TaskStats(w.matrices[0], 0, 200);
    const fit = fitTest({ kind: 'gpa', rho: 0.01 });
    for (const packer of PACKERS) {
      const expected = pack(fit.sizes(ts, rows), fit, { packer, capacity: 1, rebalance: 0 });
      const got = packMulti(multiSizes({ kind: 'gpa', eps: 0.01, split: 'indep' }, [ts], rows), {
        packer,
        types: [one(1)],
        open: 'order',
      });
      expect(got.machines.map((m) => Array.from(m))).toEqual(
        expected.machines.map((m) => Array.from(m)),
      );
    }
  });
});

describe('every packed machine passes its test in every resource', () => {
  const fits: MultiFitSpec[] = [
    { kind: 'gpa', eps: 0.01, split: 'union' },
    { kind: 'gpa', eps: 0.05, split: 'indep' },
    { kind: 'additive', eps: 0.01, split: 'union' },
    { kind: 'request' },
    { kind: 'maxred' },
  ];
  it('on Bitbrains CPU + memory over HARMONY types, both opening policies', async () => {
    const s = await loadShared('bitbrains-rnd');
    const w = realizeMulti(s, 400, 11);
    const rows = identityRows(s.ids.length);
    for (const fit of fits)
      for (const packer of ['ff', 'bf'] as const)
        for (const open of ['order', 'energy'] as const) {
          const r = runCluster(w, rows, {
            fit,
            packer,
            types: HARMONY_TYPES,
            open,
            clairvoyance: 0.5,
          });
          const ts = w.matrices.map(
            (m) => new TaskStats(m, r.split.observeStart, r.split.observeEnd),
          );
          const sizes = multiSizes(fit, ts, rows, w.requests);
          const placed = r.packing.machines.flatMap((m) => Array.from(m)).sort((a, b) => a - b);
          expect([...placed, ...r.packing.unplaced].sort((a, b) => a - b)).toEqual(
            Array.from(rows),
          );
          r.packing.machines.forEach((tasks, j) => {
            if (tasks.length === 1) return; // an oversized task alone
            const type = HARMONY_TYPES[r.packing.machineType[j]];
            for (let d = 0; d < sizes.dims; d++) {
              let load = 0;
              let v = 0;
              for (const t of tasks.slice(0, -1)) {
                load += sizes.size[d][t];
                v += sizes.variance[d][t];
              }
              const last = tasks[tasks.length - 1];
              const slack = sizes.slack[d](
                load,
                v,
                sizes.size[d][last],
                sizes.variance[d][last],
                sizes.capacity(type, d),
              );
              expect(slack).toBeGreaterThanOrEqual(0);
            }
          });
          expect(r.measure.machinesByType.reduce((a, b) => a + b, 0)).toBe(
            r.packing.machines.length,
          );
        }
  });
  it('property: random 2-D tasks, every machine within capacity under request sizes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 60 })), {
          minLength: 1,
          maxLength: 40,
        }),
        fc.constantFrom('ff', 'bf', 'ffd', 'bfd'),
        fc.constantFrom('order', 'energy'),
        (tasks, packer, open) => {
          const cpu = matrixOfRows(tasks.map(([c]) => [c / 100, c / 200]));
          const mem = matrixOfRows(tasks.map(([, m]) => [m / 100, m / 300]));
          const ts = [new TaskStats(cpu, 0, 2), new TaskStats(mem, 0, 2)];
          const rows = identityRows(tasks.length);
          const sizes = multiSizes({ kind: 'request' }, ts, rows);
          const p = packMulti(sizes, {
            packer: packer as 'ff',
            types: HARMONY_TYPES,
            open: open as 'order',
          });
          p.machines.forEach((m, j) => {
            const type = HARMONY_TYPES[p.machineType[j]];
            if (m.length > 1)
              for (let d = 0; d < 2; d++)
                expect(p.load[d][j]).toBeLessThanOrEqual(capacityLimit(type.capacity[d]));
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});
