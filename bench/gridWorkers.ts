/**
 * `gridWorkers`: how the Node pool scales with its workers on the paper's grid (bench/evaluation.ts's
 * GRID: 50 instances × 16 fit tests of 1,000 PlanetLab tasks × 10,000 realizations): realize + grid
 * wall time with 1 and 2 workers in the same run (`GRID_WORKERS=1,2,4` for more where there are the
 * cores). From T(1) and T(2), Amdahl's form T(w) = T(1)·(s + (1 − s)/w) gives the serial share
 * s = 2·T(2)/T(1) − 1, and with it the prediction for more workers; on a machine with fewer cores than
 * workers, or shared with other work, T(2) includes waiting for a core and s comes out too high.
 */
import { loadavg } from 'node:os';
import { createNodeRunner } from '../src/cli/pool/nodePool.ts';
import { GRID, planetlabSamples } from './evaluation.ts';
import type { BenchFigure, BenchSuite } from './figure.ts';

async function gridSeconds(workers: number): Promise<{ realize: number; grid: number }> {
  const samples = planetlabSamples();
  const runner = createNodeRunner({ workers });
  try {
    // Workers start (and compile) before the clock runs.
    runner.releasePool(await runner.createPool({ ids: ['w'], inst: [Float64Array.of(0)] }, 8, 1));
    const t0 = performance.now();
    const pool = await runner.createPool(samples, 10000, GRID.seed);
    const t1 = performance.now();
    const rows = await runner.sweep(pool, GRID);
    const t2 = performance.now();
    if (rows.length !== 800) throw new Error(`the grid gave ${rows.length} runs`);
    return { realize: (t1 - t0) / 1000, grid: (t2 - t1) / 1000 };
  } finally {
    runner.dispose();
  }
}

export const gridWorkers: BenchSuite = {
  name: 'gridWorkers',
  description:
    "the paper's grid on the Node pool with 1 and 2 workers: scaling and Amdahl's serial share",
  async run(): Promise<BenchFigure[]> {
    const counts = (process.env.GRID_WORKERS ?? '1,2').split(',').map(Number);
    if (!counts.includes(1) || counts.some((w) => !Number.isInteger(w) || w < 1))
      throw new Error('GRID_WORKERS: positive integers, 1 among them');
    const times = new Map<number, { realize: number; grid: number }>();
    for (const w of counts) times.set(w, await gridSeconds(w));
    const total = (w: number) => times.get(w)!.realize + times.get(w)!.grid;
    const one = total(1);
    const figures: BenchFigure[] = counts.map((w) => ({
      name: `paper grid, realize + 800 runs, ${w} worker${w > 1 ? 's' : ''}`,
      value: total(w),
      unit: 's',
      baseline: w === 1 ? null : one,
      ratio: w === 1 ? null : one / total(w),
      note: `realize ${times.get(w)!.realize.toFixed(2)} s + grid ${times.get(w)!.grid.toFixed(2)} s; ratio = speed-up over 1 worker (ideal ${w}); load average ${loadavg()[0].toFixed(1)}`,
    }));
    if (times.has(2)) {
      const serial = Math.min(1, Math.max(0, (2 * total(2)) / one - 1));
      const at = (w: number) => one * (serial + (1 - serial) / w);
      figures.push({
        name: "pool scaling: Amdahl's serial share from 1 and 2 workers",
        value: serial,
        unit: 'share',
        baseline: null,
        ratio: null,
        note: `T(w) = T(1)·(s + (1 − s)/w): predicted 4 workers ${at(4).toFixed(2)} s (${(one / at(4)).toFixed(2)}×), 8 workers ${at(8).toFixed(2)} s (${(one / at(8)).toFixed(2)}×), limit ${(1 / Math.max(serial, 1e-9)).toFixed(1)}×`,
      });
    }
    return figures;
  },
};
