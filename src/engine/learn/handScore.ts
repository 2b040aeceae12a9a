/**
 * Scoring a hand packing (SPEC §7) against Best Fit with GPA on the same tasks: machines used, q,
 * and which machines exceed the target ρ.
 */
import { runPacking, type PackParams, type PackResult } from '../experiment.ts';
import { normalizedMachines, rowMeans } from '../metrics/machinesNeeded.ts';
import type { WorkloadStats } from '../workload.ts';
import { machineUsage, type MachineUsage } from './usage.ts';

export interface HandScore {
  /** Non-empty hand machines, in the learner's machine order. */
  readonly machines: MachineUsage[];
  /** Tasks not yet placed. */
  readonly unplaced: number;
  readonly mAbs: number;
  readonly mNorm: number;
  /** q = Σ q(j) / (m_abs·|E|) (SPEC §7); NaN with no machine. */
  readonly q: number;
  readonly evaluated: number;
  /** Machines whose own q_j exceeds ρ. */
  readonly overTarget: number;
  /** Every task placed and q ≤ ρ. */
  readonly meetsTarget: boolean;
  readonly baseline: PackResult;
  readonly baselineMeets: boolean;
  /** Machines saved against the baseline (positive: fewer than BF + GPA). */
  readonly saved: number;
}

/**
 * Scores `assignment` (machine number per workload row 0..n−1; −1: not placed) on the evaluation
 * columns of `params`, with the baseline BF + GPA(ρ) under the same capacity, κ, source and rebalancing.
 */
export function scoreHandPacking(
  stats: WorkloadStats,
  assignment: ArrayLike<number>,
  params: PackParams,
  rho: number,
): HandScore {
  const n = assignment.length;
  if (n !== stats.workload.inst.rows)
    throw new RangeError(`assignment has ${n} tasks, the workload ${stats.workload.inst.rows}`);
  const byMachine = new Map<number, number[]>();
  let unplaced = 0;
  for (let t = 0; t < n; t++) {
    const j = assignment[t];
    if (j === -1) {
      unplaced++;
      continue;
    }
    if (!(Number.isInteger(j) && j >= 0))
      throw new RangeError(`invalid machine for task ${t}: ${j}`);
    const list = byMachine.get(j);
    if (list) list.push(t);
    else byMachine.set(j, [t]);
  }
  const split = stats.split(params.clairvoyance);
  const machines = [...byMachine.keys()]
    .sort((a, b) => a - b)
    .map((j) => machineUsage(stats, byMachine.get(j)!, split, params.capacity));
  const rows = Int32Array.from({ length: n }, (_, i) => i);
  const baseline = runPacking(stats, rows, { ...params, packer: 'bf', fit: { kind: 'gpa', rho } });
  const evaluated = baseline.evaluated;
  const mAbs = machines.length;
  const q = mAbs ? machines.reduce((a, m) => a + m.overflows, 0) / (mAbs * evaluated) : NaN;
  return {
    machines,
    unplaced,
    mAbs,
    mNorm: normalizedMachines(
      rowMeans(stats.workload.inst, rows, stats.fullMeans),
      params.capacity,
    ),
    q,
    evaluated,
    overTarget: machines.filter((m) => m.q > rho).length,
    meetsTarget: unplaced === 0 && q <= rho,
    baseline,
    baselineMeets: baseline.q <= rho,
    saved: baseline.mAbs - mAbs,
  };
}
