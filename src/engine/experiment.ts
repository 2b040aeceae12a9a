/**
 * One packing run end to end (SPEC §3–§7): estimates from the observed columns of the chosen source,
 * pack, rebalance, then q from inst on the evaluation columns.
 */
import { fitTest, type FitTest } from './fit/index.ts';
import { normalizedMachines, rowMeans } from './metrics/machinesNeeded.ts';
import {
  evaluateMachine,
  evaluateTotals,
  overflowCounts,
  type Checkpoint,
  type MachineEvaluation,
} from './metrics/evaluate.ts';
import {
  checkCapacity,
  checkRebalance,
  pack,
  type PackOptions,
  type Packing,
} from './pack/pack.ts';
import type { PackTrace } from './pack/trace.ts';
import { checkClairvoyance, evaluatedCount } from './split.ts';
import type { TaskStats } from './stats/taskStats.ts';
import type { PackParams } from './packParams.ts';
import type { WorkloadStats } from './workload.ts';

export type { PackParams } from './packParams.ts';

export interface MachineResult {
  /** Instance positions, in placement order. */
  readonly tasks: Int32Array;
  readonly overflows: number;
  /** q_j = overflows / |E|. */
  readonly q: number;
  /** The fit test's running size sum on the machine. */
  readonly load: number;
  /** Σμ and √Σσ² of its tasks over the observed columns of the source: the Gaussian GPA sees. */
  readonly estimatedMean: number;
  readonly estimatedSd: number;
  /** Mean and σ of its inst total over the evaluation columns. */
  readonly mean: number;
  readonly sd: number;
}

export interface PackResult {
  readonly mAbs: number;
  readonly mNorm: number;
  readonly m: number;
  readonly q: number;
  readonly moves: number;
  readonly evaluated: number;
  readonly oversized: number[];
  readonly machines: MachineResult[];
}

/** The fit test of checked packing parameters: `fit` is checked and built once per packing. */
function checkedFit(p: PackParams): FitTest {
  checkCapacity(p.capacity);
  checkClairvoyance(p.clairvoyance);
  checkRebalance(p.rebalance);
  return fitTest(p.fit);
}

interface Packed {
  readonly split: ReturnType<WorkloadStats['split']>;
  readonly taskStats: TaskStats;
  readonly packing: Packing;
}

/** The packer run on the fit test's sizes of `rows` (SPEC §6), as every packing run does it. */
export function packRows(
  taskStats: TaskStats,
  rows: Int32Array,
  params: PackParams,
  fit: FitTest,
  trace?: PackTrace,
  totals?: PackOptions['totals'],
): Packing {
  return pack(fit.sizes(taskStats, rows), fit, {
    packer: params.packer,
    capacity: params.capacity,
    rebalance: params.rebalance,
    trace,
    totals,
  });
}

function packInstance(
  stats: WorkloadStats,
  rows: Int32Array,
  params: PackParams,
  trace?: PackTrace,
  fitOverride?: FitTest,
  kept?: Float64Array[],
): Packed {
  const fit = checkedFit(params);
  const split = stats.split(params.clairvoyance);
  const taskStats = stats.taskStats(params.source, split);
  // Where the fit test keeps each machine's totals over the evaluation columns, into `kept`.
  const totals = kept && {
    matrix: stats.workload.inst,
    start: split.evaluateStart,
    end: split.evaluateEnd,
    out: kept,
  };
  const packing = packRows(taskStats, rows, params, fitOverride ?? fit, trace, totals);
  return { split, taskStats, packing };
}

/** Machine j's figures from its evaluation and the moments of its pool rows. */
export function machineResult(
  packing: Packing,
  j: number,
  poolRows: ArrayLike<number>,
  taskStats: TaskStats,
  e: MachineEvaluation,
  width: number,
): MachineResult {
  let mu = 0;
  let v = 0;
  for (let k = 0; k < poolRows.length; k++) {
    mu += taskStats.mean[poolRows[k]];
    v += taskStats.variance[poolRows[k]];
  }
  return {
    tasks: packing.machines[j],
    overflows: e.overflows,
    q: e.overflows / width,
    load: packing.load[j],
    estimatedMean: mu,
    estimatedSd: Math.sqrt(v),
    mean: e.mean,
    sd: e.sd,
  };
}

/** A run's figures (SPEC §7) from its packing and its machines' overflow count. */
function runFigures(
  packing: Packing,
  overflowSum: number,
  width: number,
  mNorm: number,
): Omit<PackResult, 'machines'> {
  const mAbs = packing.machines.length;
  return {
    mAbs,
    mNorm,
    m: mAbs / mNorm,
    q: overflowSum / (mAbs * width),
    moves: packing.moves,
    evaluated: width,
    oversized: packing.oversized,
  };
}

/** The run's figures (SPEC §7) from its machines in opening order. */
export function packResult(
  packing: Packing,
  machines: MachineResult[],
  width: number,
  mNorm: number,
): PackResult {
  let overflowSum = 0;
  for (const mc of machines) overflowSum += mc.overflows;
  return { ...runFigures(packing, overflowSum, width, mNorm), machines };
}

/** `fit` replaces the test of `params.fit` (e.g. wrapped with anti-colocation). */
export function runPacking(
  stats: WorkloadStats,
  rows: Int32Array,
  params: PackParams,
  trace?: PackTrace,
  fit?: FitTest,
): PackResult {
  const { inst } = stats.workload;
  // Totals a fit test kept over the evaluation columns, summed as the evaluation would sum them.
  const kept: Float64Array[] = [];
  const { split, taskStats, packing } = packInstance(stats, rows, params, trace, fit, kept);
  taskStats.ensureMoments(rows);
  const width = evaluatedCount(split);
  const totals = new Float64Array(width);
  const summed = kept.length === packing.machines.length;
  const machines = packing.machines.map((tasks, j) => {
    const poolRows = tasks.map((t) => rows[t]);
    const e = summed
      ? evaluateTotals(kept[j], params.capacity)
      : evaluateMachine(inst, poolRows, split, params.capacity, totals);
    return machineResult(packing, j, poolRows, taskStats, e, width);
  });
  const mNorm = normalizedMachines(rowMeans(inst, rows, stats.fullMeans), params.capacity);
  return packResult(packing, machines, width, mNorm);
}

/** A packing's figures without per-machine detail: what a grid keeps of each run (SPEC §7). */
export interface PackSummary {
  readonly mAbs: number;
  readonly mNorm: number;
  readonly m: number;
  readonly q: number;
  readonly moves: number;
  readonly evaluated: number;
  readonly oversized: number[];
  /** q(j) per machine, machines in opening order. */
  readonly overflows: Int32Array;
}

/**
 * Several packings of one instance (SPEC §6–§7), then all their machines evaluated together, column
 * block by column block, so that each block of the instance is read from memory once for every
 * packing. The same numbers as `runPacking` for each parameter set. `checkpoint` runs between steps.
 */
export function runPackingSummaries(
  stats: WorkloadStats,
  rows: Int32Array,
  params: readonly PackParams[],
  checkpoint?: Checkpoint,
): PackSummary[] {
  const { inst } = stats.workload;
  const packed = params.map((p) => {
    checkpoint?.();
    return packInstance(stats, rows, p);
  });
  const out: PackSummary[] = new Array(params.length);
  // Runs sharing evaluation columns and capacity are evaluated in one pass.
  const groups = new Map<string, number[]>();
  packed.forEach((p, i) => {
    const key = `${p.split.evaluateStart}:${p.split.evaluateEnd}:${params[i].capacity}`;
    const g = groups.get(key);
    if (g) g.push(i);
    else groups.set(key, [i]);
  });
  for (const members of groups.values()) {
    const machines: Int32Array[] = [];
    for (const i of members)
      for (const tasks of packed[i].packing.machines) machines.push(tasks.map((t) => rows[t]));
    const counts = new Int32Array(machines.length);
    const { split } = packed[members[0]];
    const capacity = params[members[0]].capacity;
    overflowCounts(
      inst,
      machines,
      split.evaluateStart,
      split.evaluateEnd,
      capacity,
      counts,
      checkpoint,
    );
    const mNorm = normalizedMachines(rowMeans(inst, rows, stats.fullMeans), capacity);
    const width = evaluatedCount(split);
    let at = 0;
    for (const i of members) {
      const { packing } = packed[i];
      const mAbs = packing.machines.length;
      const overflows = counts.slice(at, at + mAbs);
      at += mAbs;
      let overflowSum = 0;
      for (let j = 0; j < mAbs; j++) overflowSum += overflows[j];
      out[i] = { ...runFigures(packing, overflowSum, width, mNorm), overflows };
    }
  }
  return out;
}
