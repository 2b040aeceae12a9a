/**
 * cov(ρ)'s screened checks (the block sketch, the partial dot, Best Fit's "no tighter than the best")
 * place every task where the plain check does: whole packings compared bit for bit with a reference
 * written here as the test was first written (the machine's aligned total, the full dot, the
 * moments, GPA's overflow), on random matrices of every shape and on real aligned series; and the
 * work the screen saves, counted, not timed.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { dataPath, planetlabDay } from '../../ingest/testing.ts';
import { alignSamples } from '../data/realize/aligned.ts';
import { createLoader } from '../data/load/loader.ts';
import type { LoadSpec } from '../data/load/loader.ts';
import { realize } from '../data/realize/realize.ts';
import { allocateMatrix, type RealizationMatrix } from '../matrix.ts';
import { pack, PACKERS, type PackerKind, type Packing } from '../pack/pack.ts';
import { Rng } from '../random/rng.ts';
import { TaskStats } from '../stats/taskStats.ts';
import { sampleInstance } from '../workload.ts';
import { BLOCK, blockCount, rowSums } from './alignedBlocks.ts';
import { screenCounts, type ScreenCounts } from './alignedTotals.ts';
import { covarianceGpa } from './covariance.ts';
import { peakPredictor } from './peak.ts';
import { antiColocated } from './antiColocation.ts';
import type { FitTest, MachineState, TaskSizes } from './fitTest.ts';
import { gaussianOverflow } from './gpa.ts';

/** The plain check: S_j kept per machine, the whole dot, the moments, ρ − P. */
function referenceSizes(stats: TaskStats, rows: ArrayLike<number>, rho: number): TaskSizes {
  const { data, cols } = stats.matrix;
  const width = stats.width;
  const base = Array.from(rows, (r) => r * cols + stats.start);
  const rowSum = (k: number, square: boolean) => {
    let s = 0;
    for (let c = 0; c < width; c++) s += square ? data[base[k] + c] ** 2 : data[base[k] + c];
    return s;
  };
  const taskSum = base.map((_, k) => rowSum(k, false));
  const taskSq = base.map((_, k) => rowSum(k, true));
  const sizes = covarianceGpa(rho).sizes(stats, rows);
  return {
    size: sizes.size,
    variance: sizes.variance,
    machineState: (_sums, capacity): MachineState => {
      const totals: Float64Array[] = [];
      const sum: number[] = [];
      const sq: number[] = [];
      const add = (j: number, t: number) => {
        let q = 0;
        for (let c = 0; c < width; c++) {
          totals[j][c] += data[base[t] + c];
          q += totals[j][c] * totals[j][c];
        }
        sum[j] += taskSum[t];
        sq[j] = q;
      };
      const slack = (j: number, t: number) => {
        let mean: number;
        let variance: number;
        if (j < 0) {
          mean = taskSum[t] / width;
          variance = Math.max(0, taskSq[t] / width - mean * mean);
        } else {
          let cross = 0;
          for (let c = 0; c < width; c++) cross += totals[j][c] * data[base[t] + c];
          mean = (sum[j] + taskSum[t]) / width;
          variance = Math.max(0, (sq[j] + 2 * cross + taskSq[t]) / width - mean * mean);
        }
        return rho - gaussianOverflow(mean, variance, capacity);
      };
      return {
        open(j, t) {
          totals[j] = new Float64Array(width);
          sum[j] = 0;
          sq[j] = 0;
          add(j, t);
        },
        add,
        remove(j, _t, remaining) {
          totals[j].fill(0);
          sum[j] = 0;
          sq[j] = 0;
          for (const r of remaining) add(j, r);
        },
        slack,
      };
    },
  };
}

interface Case {
  readonly packer: PackerKind;
  readonly rho: number;
  readonly capacity: number;
  readonly rebalance: number;
}

/**
 * The screened packing, and the reference's; `counts` tallies the screened one. With `groups`, both
 * keep at most `perGroup` tasks of a group on a machine (anti-colocation passes the screen on).
 */
function both(
  stats: TaskStats,
  rows: ArrayLike<number>,
  c: Case,
  counts?: ScreenCounts,
  groups?: { readonly of: Int32Array; readonly perGroup: number },
): [Packing, Packing] {
  const screened = covarianceGpa(c.rho, counts);
  const plain: FitTest = {
    ...screened,
    sizes: (s: TaskStats, r: ArrayLike<number>) => referenceSizes(s, r, c.rho),
  };
  const wrap = (fit: FitTest) => (groups ? antiColocated(fit, groups.of, groups.perGroup) : fit);
  const options = { packer: c.packer, capacity: c.capacity, rebalance: c.rebalance };
  return [screened, plain].map((fit) => {
    const f = wrap(fit);
    return pack(f.sizes(stats, rows), f, options);
  }) as [Packing, Packing];
}

function expectSame([screened, reference]: [Packing, Packing], label: string): void {
  expect(
    screened.machines.map((m) => Array.from(m)),
    label,
  ).toEqual(reference.machines.map((m) => Array.from(m)));
  expect(screened.moves, label).toBe(reference.moves);
  expect(screened.oversized, label).toEqual(reference.oversized);
}

/**
 * Rows with a shared daily-like cycle, a trend, spikes, flat rows and, optionally, negatives; with
 * `steps`, every row constant over each block of the sketch, so that the sketch bounds are tight and
 * checks are settled right at the thresholds.
 */
function randomMatrix(seed: number, rows: number, cols: number, negative: boolean, steps = false) {
  const rng = new Rng(seed);
  const m = allocateMatrix(rows, cols, false);
  const phase = rng.nextFloat() * 6;
  for (let i = 0; i < rows; i++) {
    const kind = Math.floor(rng.nextFloat() * 4);
    const level = 0.02 + 0.2 * rng.nextFloat();
    const swing = level * rng.nextFloat();
    const own = rng.nextFloat() < 0.5 ? 1 : -1;
    for (let t = 0; t < cols; t++) {
      const cycle = Math.sin(phase + (2 * Math.PI * t) / Math.max(8, cols / 3));
      let v = level;
      if (kind === 0) v += own * swing * cycle + 0.3 * swing * (rng.nextFloat() - 0.5);
      else if (kind === 1) v += swing * (rng.nextFloat() - 0.5) + (swing * t) / cols;
      else if (kind === 2) v = rng.nextFloat() < 0.05 ? level * 5 : level * 0.3;
      if (!negative) v = Math.max(0, v);
      m.data[i * cols + t] = steps && t % BLOCK ? m.data[i * cols + t - 1] : v;
    }
  }
  return m;
}

function loadAligned(rel: string, spec: LoadSpec, options = {}): RealizationMatrix {
  const raw = readFileSync(dataPath(rel));
  const loader = createLoader(spec, 'float64', { times: true });
  const sink = loader.file(rel);
  sink.push(rel.endsWith('.gz') ? gunzipSync(raw) : raw);
  sink.end();
  const r = loader.finish();
  if (r.kind !== 'samples') throw new Error(`${rel}: expected samples`);
  return alignSamples(r.samples, options).inst;
}

describe('cov(ρ) screened: the same packing as the plain check', () => {
  it('on random matrices of every shape, every packer, ρ, capacity and rebalancing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e6 }),
        fc.integer({ min: 1, max: 70 }),
        fc.constantFrom(1, 7, BLOCK - 1, BLOCK, BLOCK + 1, 3 * BLOCK + 5, 500),
        fc.constantFrom(...PACKERS),
        fc.constantFrom(0.2, 0.05, 0.01, 0.001, 1e-6, 0.5, 0.7),
        fc.constantFrom(0.5, 1, 2),
        fc.integer({ min: 0, max: 6 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 3 }),
        fc.boolean(),
        (seed, n, cols, packer, rho, capacity, rebalance, negative, perGroup, steps) => {
          const m = randomMatrix(seed, n, cols, negative, steps);
          const stats = new TaskStats(m, 0, cols);
          const rows = Int32Array.from({ length: n }, (_, i) => i);
          const c = { packer, rho, capacity, rebalance };
          const groups = perGroup
            ? { of: Int32Array.from({ length: n }, (_, i) => i % 5), perGroup }
            : undefined;
          expectSame(
            both(stats, rows, c, undefined, groups),
            JSON.stringify({ seed, n, cols, perGroup, steps, ...c }),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('where tasks fit exactly at the threshold: identical rows, zero variance, ties', () => {
    const cols = 2 * BLOCK + 3;
    const m = allocateMatrix(40, cols, false);
    for (let i = 0; i < 40; i++)
      for (let t = 0; t < cols; t++)
        m.data[i * cols + t] = i < 10 ? 0.1 : i < 20 ? 0.05 + 0.05 * (t % 2) : 0.25;
    const stats = new TaskStats(m, 0, cols);
    const rows = Int32Array.from({ length: 40 }, (_, i) => (i * 7) % 40);
    for (const packer of PACKERS)
      for (const rho of [0.5, 0.01, 1e-9])
        expectSame(both(stats, rows, { packer, rho, capacity: 1, rebalance: 5 }), packer);
  });

  it('with the rows’ sums and sketches kept from earlier packings of the same data', () => {
    // One TaskStats for every packing: sums first without sketches (peak), then sketches for
    // some rows, then for more rows than the kept sketches have room for, then the first again.
    const cols = 3 * BLOCK + 5;
    const m = randomMatrix(7, 90, cols, true, true);
    const stats = new TaskStats(m, 0, cols);
    const first = Int32Array.from({ length: 20 }, (_, i) => 3 * i);
    const more = Int32Array.from({ length: 70 }, (_, i) => 89 - i);
    const peak = peakPredictor(3, 95);
    pack(peak.sizes(stats, first), peak, { packer: 'bf', capacity: 1, rebalance: 5 });
    for (const [name, rows] of [
      ['first', first],
      ['more', more],
      ['first again', first],
    ] as const)
      for (const rho of [0.2, 0.01])
        expectSame(
          both(stats, rows, { packer: 'bf', rho, capacity: 1, rebalance: 5 }),
          `${name} ${rho}`,
        );
    // What was kept is what a first computation gives, bit for bit.
    const kept = rowSums(stats, first, true);
    const fresh = rowSums(new TaskStats(m, 0, cols), first, true);
    const size = 3 * blockCount(cols);
    const sketch = (r: typeof kept, k: number) =>
      Array.from(r.sketches.subarray(r.at[k], r.at[k] + size));
    for (let k = 0; k < first.length; k++) {
      expect([kept.sum[k], kept.sq[k]]).toEqual([fresh.sum[k], fresh.sq[k]]);
      expect(sketch(kept, k)).toEqual(sketch(fresh, k));
    }
  });

  it('on real aligned series: Google jobs, Bitbrains 30 days, the PlanetLab day, and its draws', () => {
    const gcd = loadAligned('google-2011-gcd-vms/gcd_vms_cpu_pct_wide.csv', {
      format: 'wide',
      unit: 'percent',
      scale: 0.25,
    });
    const bitbrains = loadAligned(
      'bitbrains-rnd/rnd_2013-7_vms1-100_cpu_mem.csv.gz',
      {
        format: 'long',
        idColumn: 'vm_id',
        valueColumn: 'cpu_usage_pct',
        scaleColumn: 'cpu_cores',
        timeColumn: 'timestamp_s',
        unit: 'percent',
        scale: 1 / 32,
        clamp: true,
      },
      { step: 300, minCoverage: 0.9 },
    );
    const drawn = realize(planetlabDay(), 1000, 1, false).inst;
    // The replay bench's matrix: the PlanetLab day aligned, its 288 instants.
    const day = alignSamples(planetlabDay(), { absent: 'zero' }).inst;
    for (const [name, m, tasks] of [
      ['gcd', gcd, 600],
      ['bitbrains', bitbrains, bitbrains.rows],
      ['planetlab drawn', drawn, 500],
      ['planetlab day aligned', day, 1000],
    ] as const) {
      // The observed part only (κ < 1 on an aligned matrix): learn the first 70 %.
      for (const end of [m.cols, Math.floor(0.7 * m.cols)]) {
        const stats = new TaskStats(m, 0, end);
        const rows = sampleInstance(m.rows, tasks, 1, 0);
        for (const packer of ['bf', 'ff'] as const)
          for (const rho of [0.01, 0.001])
            expectSame(
              both(stats, rows, { packer, rho, capacity: 1, rebalance: 5 }),
              `${name} ${end} ${packer} ${rho}`,
            );
      }
    }
  }, 120_000);
});

describe('cov(ρ) screened: the work it saves, counted', () => {
  it('Best Fit of 1,000 PlanetLab tasks × 2,000 independent draws reads under half the columns', () => {
    const m = realize(planetlabDay(), 2000, 1, false).inst;
    const stats = new TaskStats(m, 0, m.cols);
    const rows = sampleInstance(m.rows, 1000, 1, 0);
    const counts = screenCounts();
    expectSame(
      both(stats, rows, { packer: 'bf', rho: 0.01, capacity: 1, rebalance: 5 }, counts),
      'bf',
    );
    const { checks, byMean, bySketch, byPartial, exact, looser, columns } = counts;
    // Every check against an open machine is settled once, by one of the stages.
    expect(bySketch + byPartial + exact).toBe(checks);
    expect(byMean).toBeGreaterThanOrEqual(0);
    expect(looser).toBeLessThanOrEqual(bySketch + byPartial);
    // Most machines are full for a task: few checks need the whole dot.
    expect(exact / checks).toBeLessThan(0.1);
    expect(bySketch).toBeGreaterThan(0.1 * checks);
    expect(columns / (checks * m.cols)).toBeLessThan(0.5);
  });
});
