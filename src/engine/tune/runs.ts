/**
 * What calibration and tuning share: the run configuration, instances as in a sweep
 * (SPEC §2), the two cross-validation folds inside the observed columns, and q counted on a range
 * of inst columns exactly as SPEC §7 counts it on E.
 */
import { capacityLimit } from '../capacity.ts';
import { runPacking } from '../experiment.ts';
import { fitTest, type FitSpec } from '../fit/index.ts';
import {
  checkCapacity,
  checkRebalance,
  pack,
  type Packing,
  type PackerKind,
} from '../pack/pack.ts';
import { checkPacker } from '../pack/pack.ts';
import { checkSeed } from '../random/rng.ts';
import { checkClairvoyance, type ColumnSplit } from '../split.ts';
import { sampleInstance, type Source, type WorkloadStats } from '../workload.ts';
import { checkBin } from '../fit/index.ts';
import { kernelOf, overflowCounts } from '../metrics/evaluate.ts';
import { checkConfidence } from './intervals.ts';

export interface RunConfig {
  readonly seed: number;
  /** Instances K: N' tasks drawn from the pool per instance, as `sampleInstance` draws them. */
  readonly instances: number;
  readonly tasks: number;
  readonly packer: PackerKind;
  readonly capacity: number;
  readonly clairvoyance: number;
  readonly source: Source;
  readonly rebalance: number;
  /** Bin width of the conv family. */
  readonly bin: number;
  /** Confidence of intervals and of the tuner's upper bounds, e.g. 0.95. */
  readonly confidence: number;
}

export function checkRunConfig(c: RunConfig, poolSize: number): RunConfig {
  checkSeed(c.seed);
  if (!(Number.isInteger(c.instances) && c.instances >= 1))
    throw new RangeError(`invalid instance count: ${c.instances} (need an integer ≥ 1)`);
  if (!(Number.isInteger(c.tasks) && c.tasks >= 1))
    throw new RangeError(`invalid task count: ${c.tasks}`);
  if (c.tasks > poolSize)
    throw new RangeError(`invalid task count: ${c.tasks} (the pool has ${poolSize} tasks)`);
  checkPacker(c.packer);
  checkCapacity(c.capacity);
  checkClairvoyance(c.clairvoyance);
  checkRebalance(c.rebalance);
  checkBin(c.bin);
  checkConfidence(c.confidence);
  return c;
}

export function instanceRows(stats: WorkloadStats, c: RunConfig, instance: number): Int32Array {
  return sampleInstance(stats.workload.inst.rows, c.tasks, c.seed, instance);
}

/** A split whose observed columns are [start, end): how TaskStats over any range is asked for. */
/** One measured packing of a calibration or tuning run. */
interface MeasuredPacking {
  readonly mAbs: number;
  readonly m: number;
  readonly q: number;
  /** Overflowing (machine, column) pairs among the `trials` evaluated. */
  readonly overflows: number;
  readonly trials: number;
}

/** Packs one instance with `fit` as Pack would (SPEC §3–§7) and measures q on the evaluation columns. */
export function packMeasured(
  stats: WorkloadStats,
  c: RunConfig,
  rows: Int32Array,
  fit: FitSpec,
): MeasuredPacking {
  const { machineQ: _machineQ, ...measured } = packMeasuredMachines(stats, c, rows, fit);
  return measured;
}

/** `packMeasured` with each machine's q_j (opening order), for the SLO per machine. */
export function packMeasuredMachines(
  stats: WorkloadStats,
  c: RunConfig,
  rows: Int32Array,
  fit: FitSpec,
): MeasuredPacking & { readonly machineQ: readonly number[] } {
  const r = runPacking(stats, rows, {
    packer: c.packer,
    fit,
    capacity: c.capacity,
    clairvoyance: c.clairvoyance,
    source: c.source,
    rebalance: c.rebalance,
  });
  let overflows = 0;
  for (const mc of r.machines) overflows += mc.overflows;
  return {
    mAbs: r.mAbs,
    m: r.m,
    q: r.q,
    overflows,
    trials: r.mAbs * r.evaluated,
    machineQ: r.machines.map((mc) => mc.q),
  };
}

export function columnRange(start: number, end: number): ColumnSplit {
  return { observeStart: start, observeEnd: end, evaluateStart: start, evaluateEnd: end };
}

/** The two folds of the observed columns: the first and second half of O, each held out in turn. */
export function folds(stats: WorkloadStats, clairvoyance: number): [ColumnSplit, ColumnSplit] {
  const split = stats.split(clairvoyance);
  const { observeStart: a, observeEnd: b } = split;
  const h = a + Math.floor((b - a) / 2);
  if (!(h > a && b > h))
    throw new RangeError(
      `cannot cross-validate on ${b - a} observed column${b - a === 1 ? '' : 's'} (need at least 2: raise the clairvoyance or the realizations)`,
    );
  return [columnRange(a, h), columnRange(h, b)];
}

/** Packs an instance with estimates from the given columns of the source. */
export function packOn(
  stats: WorkloadStats,
  c: RunConfig,
  estimate: ColumnSplit,
  rows: Int32Array,
  fit: FitSpec,
): Packing {
  const taskStats = stats.taskStats(c.source, estimate);
  const test = fitTest(fit);
  return pack(test.sizes(taskStats, rows), test, {
    packer: c.packer,
    capacity: c.capacity,
    rebalance: c.rebalance,
  });
}

/** Σ_j #{t ∈ [start, end) : Σ_{i∈S_j} X[i][t] > c} over inst (SPEC §7's count on other columns). */
export function countOverflows(
  stats: WorkloadStats,
  rows: Int32Array,
  packing: Packing,
  range: ColumnSplit,
  capacity: number,
): number {
  return countOverflowsEach(stats, rows, [packing], range, capacity)[0];
}

/**
 * `countOverflows` of several packings of one instance. With the SIMD kernel they are counted in
 * one call, block of columns by block, so that the instance's rows are read from memory once.
 */
export function countOverflowsEach(
  stats: WorkloadStats,
  rows: Int32Array,
  packings: readonly Packing[],
  range: ColumnSplit,
  capacity: number,
): number[] {
  const matrix = stats.workload.inst;
  if (!kernelOf(matrix)) return packings.map((p) => scalarCount(stats, rows, p, range, capacity));
  // The SIMD kernel adds in the same order (task by task, float64): the same counts.
  const machines = packings.flatMap((p) =>
    p.machines.map((t) => Int32Array.from(t, (k) => rows[k])),
  );
  const counts = new Int32Array(machines.length);
  overflowCounts(matrix, machines, range.observeStart, range.observeEnd, capacity, counts);
  let at = 0;
  return packings.map((p) => {
    let over = 0;
    for (let j = 0; j < p.machines.length; j++) over += counts[at++];
    return over;
  });
}

function scalarCount(
  stats: WorkloadStats,
  rows: Int32Array,
  packing: Packing,
  range: ColumnSplit,
  capacity: number,
): number {
  const { data, cols } = stats.workload.inst;
  const start = range.observeStart;
  const width = range.observeEnd - start;
  const totals = new Float64Array(width);
  let over = 0;
  for (const tasks of packing.machines) {
    totals.fill(0);
    const n = tasks.length;
    let k = 0;
    // Four tasks per pass over the columns, added one after another in placement order: the same
    // sums, bit for bit, as one task per pass, with a quarter of the loads and stores of totals.
    for (; k + 4 <= n; k += 4) {
      const a = rows[tasks[k]] * cols + start;
      const b = rows[tasks[k + 1]] * cols + start;
      const c = rows[tasks[k + 2]] * cols + start;
      const d = rows[tasks[k + 3]] * cols + start;
      for (let col = 0; col < width; col++) {
        let sum = totals[col];
        sum += data[a + col];
        sum += data[b + col];
        sum += data[c + col];
        sum += data[d + col];
        totals[col] = sum;
      }
    }
    for (; k < n; k++) {
      const base = rows[tasks[k]] * cols + start;
      for (let col = 0; col < width; col++) totals[col] += data[base + col];
    }
    const limit = capacityLimit(capacity);
    for (let col = 0; col < width; col++) if (totals[col] > limit) over++;
  }
  return over;
}
