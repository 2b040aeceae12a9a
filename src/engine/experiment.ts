/**
 * One packing run end to end (SPEC §3–§7): estimates from the observed columns of the chosen source,
 * pack, rebalance, then q from inst on the evaluation columns.
 */
import { fitTest, type FitSpec } from './fit/index.ts';
import { normalizedMachines, rowMeans } from './metrics/machinesNeeded.ts';
import { evaluateMachine } from './metrics/evaluate.ts';
import { checkCapacity, checkRebalance, pack, type PackerKind } from './pack/pack.ts';
import type { PackTrace } from './pack/trace.ts';
import { checkClairvoyance, evaluatedCount } from './split.ts';
import type { Source, WorkloadStats } from './workload.ts';

export interface PackParams {
  readonly packer: PackerKind;
  readonly fit: FitSpec;
  readonly capacity: number;
  readonly clairvoyance: number;
  readonly source: Source;
  readonly rebalance: number;
}

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

export function checkPackParams(p: PackParams): PackParams {
  checkCapacity(p.capacity);
  checkClairvoyance(p.clairvoyance);
  checkRebalance(p.rebalance);
  fitTest(p.fit);
  return p;
}

export function runPacking(
  stats: WorkloadStats,
  rows: Int32Array,
  params: PackParams,
  trace?: PackTrace,
): PackResult {
  checkPackParams(params);
  const { inst } = stats.workload;
  const split = stats.split(params.clairvoyance);
  const taskStats = stats.taskStats(params.source, split);
  const fit = fitTest(params.fit);
  const sizes = fit.sizes(taskStats, rows);
  const packing = pack(sizes, fit, {
    packer: params.packer,
    capacity: params.capacity,
    rebalance: params.rebalance,
    trace,
  });
  taskStats.ensureMoments(rows);
  const width = evaluatedCount(split);
  const totals = new Float64Array(width);
  let overflowSum = 0;
  const machines = packing.machines.map((tasks, j) => {
    const poolRows = tasks.map((t) => rows[t]);
    const e = evaluateMachine(inst, poolRows, split, params.capacity, totals);
    overflowSum += e.overflows;
    let mu = 0;
    let v = 0;
    for (const r of poolRows) {
      mu += taskStats.mean[r];
      v += taskStats.variance[r];
    }
    return {
      tasks,
      overflows: e.overflows,
      q: e.overflows / width,
      load: packing.load[j],
      estimatedMean: mu,
      estimatedSd: Math.sqrt(v),
      mean: e.mean,
      sd: e.sd,
    };
  });
  const mAbs = machines.length;
  const mNorm = normalizedMachines(rowMeans(inst, rows, stats.fullMeans), params.capacity);
  return {
    mAbs,
    mNorm,
    m: mAbs / mNorm,
    q: overflowSum / (mAbs * width),
    moves: packing.moves,
    evaluated: width,
    oversized: packing.oversized,
    machines,
  };
}
