/**
 * The empirical and convolution tests' fast paths decide exactly as the plain computations: the
 * convolution against direct row-by-row convolution (every bit of pmf and tail), the empirical
 * test's early-stopping count against a full count, and whole packings on the PlanetLab day.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exceeds } from '../capacity.ts';
import { planetlabDay } from '../../ingest/testing.ts';
import { realize } from '../data/realize/realize.ts';
import { pack, PACKERS } from '../pack/pack.ts';
import { Machines } from '../pack/machines.ts';
import { TaskStats, type TaskHistogram } from '../stats/taskStats.ts';
import { matrixOfRows } from '../testing.ts';
import { WorkloadStats, identityRows, sampleInstance } from '../workload.ts';
import { MachineDistribution, capacityBins } from './convolution.ts';
import { allowedColumns } from './entries/empirical.ts';
import { fitTest } from './index.ts';
import type { FitSpec, TaskSizes } from './fitTest.ts';

/** Direct convolution as first written: pmf[a]·h[k] added into out[a + lo + k], a then k. */
function directAdd(pmf: Float64Array, tail: Float64Array, h: TaskHistogram): void {
  const B = pmf.length - 1;
  const { lo, pmf: hp } = h;
  let over = 0;
  for (let k = 0; k < hp.length; k++) {
    const s = B - (lo + k);
    over += hp[k] * (s >= 0 ? tail[s] : 1);
  }
  const out = new Float64Array(B + 1);
  for (let a = 0; a <= B; a++) {
    const pa = pmf[a];
    if (pa === 0) continue;
    const top = Math.min(hp.length, B - a - lo + 1);
    for (let k = 0; k < top; k++) out[a + lo + k] += pa * hp[k];
  }
  pmf.set(out);
  tail[B] = over;
  for (let s = B - 1; s >= 0; s--) tail[s] = tail[s + 1] + pmf[s + 1];
}

const bits = (a: Float64Array) => Array.from(new BigUint64Array(a.slice().buffer));

const day = new WorkloadStats(realize(planetlabDay(), 600, 3, false));

describe('convolution: the fast add', () => {
  it('gives direct convolution’s pmf and tail bit for bit on PlanetLab tasks', () => {
    const ts = day.taskStats('inst', day.split(0.5));
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: day.workload.inst.rows - 1 }), {
          minLength: 1,
          maxLength: 40,
        }),
        fc.constantFrom(0.0025, 0.005, 0.01),
        fc.constantFrom(0.5, 1, 1.5),
        (rows, bin, capacity) => {
          const B = capacityBins(capacity, bin);
          const dist = new MachineDistribution(B);
          const pmf = new Float64Array(B + 1);
          pmf[0] = 1;
          const tail = new Float64Array(B + 1);
          for (const r of rows) {
            const h = ts.histogram(r, bin);
            dist.add(h);
            directAdd(pmf, tail, h);
            expect(bits(dist.pmf)).toEqual(bits(pmf));
            expect(bits(dist.tail)).toEqual(bits(tail));
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('does so with negative values and sparse histograms too', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(
            fc.integer({ min: -6, max: 60 }).map((k) => (k % 3 === 0 ? 0 : k / 100)),
            { minLength: 8, maxLength: 8 },
          ),
          { minLength: 1, maxLength: 12 },
        ),
        (rows) => {
          const ts = new TaskStats(matrixOfRows(rows), 0, 8);
          const dist = new MachineDistribution(100);
          const pmf = new Float64Array(101);
          pmf[0] = 1;
          const tail = new Float64Array(101);
          rows.forEach((_, r) => {
            dist.add(ts.histogram(r, 0.01));
            directAdd(pmf, tail, ts.histogram(r, 0.01));
          });
          expect(bits(dist.pmf)).toEqual(bits(pmf));
          expect(bits(dist.tail)).toEqual(bits(tail));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('empirical: the early-stopping count', () => {
  it('allows the most columns k with k/width ≤ ρ in floating point', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-9, max: 0.999, noNaN: true }),
        fc.integer({ min: 1, max: 20_000 }),
        (rho, width) => {
          const k = allowedColumns(rho, width);
          expect(k / width <= rho).toBe(true);
          expect((k + 1) / width <= rho).toBe(false);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('scores every (machine, task) as a full count where the task fits, negative where not', () => {
    const stats = day;
    const rows = sampleInstance(stats.workload.inst.rows, 300, 5, 0);
    const ts = stats.taskStats('inst', stats.split(0.5));
    const { data, cols } = stats.workload.inst;
    for (const rho of [0.2, 0.01, 1e-4]) {
      const sizes = fitTest({ kind: 'emp', rho }).sizes(ts, rows);
      const machines = new Machines(rows.length);
      const state = sizes.machineState!(machines, 1);
      machines.state = state;
      // Machines of 12 tasks each; every task scored against every machine.
      for (let k = 0; k < 240; k++)
        if (k % 12 === 0) machines.open(k, sizes.size[k], 0);
        else machines.add(machines.count - 1, k, 0, 0);
      for (let j = -1; j < machines.count; j++)
        for (let t = 0; t < rows.length; t += 7) {
          const on = j < 0 ? [] : machines.tasksOn(j);
          let count = 0;
          for (let col = ts.start; col < ts.start + ts.width; col++) {
            let s = 0;
            for (const u of on) s += data[rows[u] * cols + col];
            if (exceeds(s + data[rows[t] * cols + col], 1)) count++;
          }
          const exact = rho - count / ts.width;
          expect(state.slack(j, t)).toBe(exact);
          const quick = state.quickSlack!(j, t);
          if (exact >= 0) expect(quick).toBe(exact);
          else expect(quick).toBeLessThan(0);
        }
    }
  });
});

/** The packing with the test's quick slack, and with its exact slack alone. */
function bothWays(sizes: TaskSizes, spec: FitSpec, packer: (typeof PACKERS)[number]) {
  const fit = fitTest(spec);
  const options = { packer, capacity: 1, rebalance: 5 };
  const exactOnly: TaskSizes = {
    ...sizes,
    machineState: (sums, capacity) => {
      const { open, add, remove, slack } = sizes.machineState!(sums, capacity);
      return { open, add, remove, slack };
    },
  };
  return [pack(sizes, fit, options), pack(exactOnly, fit, options)];
}

describe('packings through the fast paths', () => {
  it('are the exact ones on the PlanetLab day (emp and conv, every packer)', () => {
    const ts = day.taskStats('inst', day.split(0.5));
    for (let instance = 0; instance < 2; instance++) {
      const rows = sampleInstance(day.workload.inst.rows, 400, 9, instance);
      for (const spec of [
        { kind: 'emp', rho: 0.2 },
        { kind: 'emp', rho: 0.01 },
        { kind: 'emp', rho: 1e-5 },
        { kind: 'conv', rho: 0.01, bin: 0.0025 },
      ] as FitSpec[])
        for (const packer of PACKERS) {
          const [quick, exact] = bothWays(fitTest(spec).sizes(ts, rows), spec, packer);
          expect(quick.machines).toEqual(exact.machines);
          expect(quick.moves).toBe(exact.moves);
        }
    }
  });

  it('are the exact ones on random small matrices with negative values', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(
            fc.integer({ min: -10, max: 60 }).map((k) => k / 100),
            { minLength: 10, maxLength: 10 },
          ),
          { minLength: 1, maxLength: 30 },
        ),
        fc.constantFrom(0.3, 0.1, 0.01),
        fc.constantFrom(...PACKERS),
        (rows, rho, packer) => {
          const stats = new WorkloadStats({ inst: matrixOfRows(rows), avg: null });
          const ts = stats.taskStats('inst', stats.split(1));
          const spec: FitSpec = { kind: 'emp', rho };
          const [quick, exact] = bothWays(
            fitTest(spec).sizes(ts, identityRows(rows.length)),
            spec,
            packer,
          );
          expect(quick.machines).toEqual(exact.machines);
        },
      ),
      { numRuns: 300 },
    );
  });
});
