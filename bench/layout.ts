/**
 * Storage layout of realization matrices (float32 or fixed point, chosen by measurement).
 * On the PlanetLab day (1,000 tasks × 10,000 realizations, scale 0.25, whose samples are integer
 * percent, so a uint16 count of 0.25 % steps holds them exactly), for the 16 fit tests of SPEC §8
 * with Best Fit: (1) how many packings would report a different q with exact integer sums than with
 * the peer's float32 values summed in float64; (2) the speed of each layout's evaluation loop, in
 * plain scalar JavaScript, over the same packings.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  PAPER_FITS,
  WorkloadStats,
  formatFit,
  parseWideCsv,
  realize,
  runPacking,
  sampleInstance,
} from '../src/engine/index.ts';
import type { BenchFigure, BenchSuite } from './figure.ts';
import { medianMs } from './figure.ts';

const FILE = resolve(
  import.meta.dirname,
  '../public/data/planetlab-cloudsim/planetlab_20110303.csv',
);
const UNITS_PER_MACHINE = 400; // 1 % of a quarter-machine VM = 1/400 machine

function sumsFloat(
  data: Float32Array,
  cols: number,
  rows: ArrayLike<number>,
  totals: Float64Array,
  c: number,
): number {
  totals.fill(0);
  for (let k = 0; k < rows.length; k++) {
    const base = rows[k] * cols;
    for (let t = 0; t < cols; t++) totals[t] += data[base + t];
  }
  let over = 0;
  for (let t = 0; t < cols; t++) if (totals[t] > c) over++;
  return over;
}

function sumsFixed(
  data: Uint16Array,
  cols: number,
  rows: ArrayLike<number>,
  totals: Int32Array,
  c: number,
): number {
  totals.fill(0);
  for (let k = 0; k < rows.length; k++) {
    const base = rows[k] * cols;
    for (let t = 0; t < cols; t++) totals[t] += data[base + t];
  }
  let over = 0;
  for (let t = 0; t < cols; t++) if (totals[t] > c) over++;
  return over;
}

export const layout: BenchSuite = {
  name: 'layout',
  description: 'float32 (summed in float64) vs uint16 fixed point: q disagreement and scalar speed',
  async run(): Promise<BenchFigure[]> {
    const samples = parseWideCsv(readFileSync(FILE, 'utf8'), 'planetlab_20110303.csv', {
      scale: 0.25,
      percent: true,
    });
    const { inst } = realize(samples, 10_000, 1, false);
    const fixed = new Uint16Array(inst.data.length);
    for (let i = 0; i < fixed.length; i++) fixed[i] = Math.round(inst.data[i] * UNITS_PER_MACHINE);
    const stats = new WorkloadStats({ inst, avg: null });
    const rows = sampleInstance(inst.rows, 1000, 1, 0);
    const packings = PAPER_FITS.map((fit) => ({
      fit,
      machines: runPacking(stats, rows, {
        packer: 'bf',
        fit,
        capacity: 1,
        clairvoyance: 1,
        source: 'inst',
        rebalance: 5,
      }).machines.map((m) => Int32Array.from(m.tasks, (t) => rows[t])),
    }));
    const f64 = new Float64Array(inst.cols);
    const i32 = new Int32Array(inst.cols);
    let differingPackings = 0;
    let differingMachines = 0;
    let machines = 0;
    const differing: string[] = [];
    for (const p of packings) {
      let differs = false;
      for (const m of p.machines) {
        machines++;
        if (
          sumsFloat(inst.data, inst.cols, m, f64, 1) !==
          sumsFixed(fixed, inst.cols, m, i32, UNITS_PER_MACHINE)
        ) {
          differingMachines++;
          differs = true;
        }
      }
      if (differs) {
        differingPackings++;
        differing.push(formatFit(p.fit));
      }
    }
    const values =
      packings.reduce((s, p) => s + p.machines.reduce((a, m) => a + m.length, 0), 0) * inst.cols;
    const msFloat = await medianMs(() => {
      for (const p of packings)
        for (const m of p.machines) sumsFloat(inst.data, inst.cols, m, f64, 1);
    }, 3);
    const msFixed = await medianMs(() => {
      for (const p of packings)
        for (const m of p.machines) sumsFixed(fixed, inst.cols, m, i32, UNITS_PER_MACHINE);
    }, 3);
    return [
      {
        name: 'layout: packings whose q differs, fixed point vs float32',
        value: differingPackings,
        unit: 'of 16',
        baseline: null,
        ratio: null,
        note: `${differingMachines} of ${machines} machines; ${differing.join(', ') || 'none'}`,
      },
      {
        name: 'layout: scalar evaluation, uint16 → int32 sums (same values)',
        value: values / 1e9 / (msFixed / 1000),
        unit: 'Gvalue/s',
        baseline: values / 1e9 / (msFloat / 1000),
        ratio: msFloat / msFixed,
        note: 'baseline: float32 values summed in float64, same packings, same run',
      },
    ];
  },
};
