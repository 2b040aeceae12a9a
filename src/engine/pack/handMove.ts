/**
 * A task moved by hand onto another machine of a packing, judged by the packing's own fit test as
 * the packer would judge it there (SPEC §6): the test's slack for the task on the target machine's
 * running sums (its stateful score where the test keeps per-machine state), fitting iff slack ≥ 0.
 * No test is special-cased; for a test deciding by the Gaussian at ρ (`gaussianRho`), the
 * machine's Gaussian overflow probability with the task is given too, to say the verdict in ρ's terms.
 */
import { machineResult, packResult, type PackResult } from '../experiment.ts';
import { fitTest, gaussianOverflow, gaussianRho } from '../fit/index.ts';
import { evaluateMachine } from '../metrics/evaluate.ts';
import type { PackParams } from '../packParams.ts';
import { evaluatedCount } from '../split.ts';
import type { WorkloadStats } from '../workload.ts';
import type { Packing } from './pack.ts';

export interface MoveCheck {
  readonly fits: boolean;
  /** The fit test's slack for the task on the target machine (≥ 0: fits). */
  readonly slack: number;
  /** For a Gaussian test: P(total > c) under the Gaussian of the machine with the task; else null. */
  readonly overflow: number | null;
  /** That test's ρ; else null. */
  readonly rho: number | null;
}

/**
 * Whether instance position `task` fits on machine `to` of `machines` (instance positions per
 * machine; the task's own machine may be any other), with the test, capacity, κ and source of
 * `params` on the instance `rows` of `stats`.
 */
export function checkMove(
  stats: WorkloadStats,
  rows: Int32Array,
  machines: readonly (readonly number[])[],
  params: PackParams,
  task: number,
  to: number,
): MoveCheck {
  const target = machines[to];
  if (!target) throw new RangeError(`no machine ${to + 1} in a packing of ${machines.length}`);
  if (!(Number.isInteger(task) && task >= 0 && task < rows.length))
    throw new RangeError(`no task ${task} in an instance of ${rows.length}`);
  const others = target.filter((t) => t !== task);
  const fit = fitTest(params.fit);
  const taskStats = stats.taskStats(params.source, stats.split(params.clairvoyance));
  taskStats.ensureMoments(rows);
  const sizes = fit.sizes(taskStats, rows);
  const sums = { load: new Float64Array(1), variance: new Float64Array(1) };
  const state = sizes.machineState?.(sums, params.capacity);
  others.forEach((t, k) => {
    sums.load[0] += sizes.size[t];
    sums.variance[0] += sizes.variance[t];
    if (k === 0) state?.open(0, t);
    else state?.add(0, t);
  });
  const slack = state
    ? state.slack(others.length ? 0 : -1, task)
    : fit.slack(
        sums.load[0],
        sums.variance[0],
        sizes.size[task],
        sizes.variance[task],
        params.capacity,
      );
  const rho = gaussianRho(params.fit);
  let overflow: number | null = null;
  if (rho !== null) {
    let mean = taskStats.mean[rows[task]];
    let variance = taskStats.variance[rows[task]];
    for (const t of others) {
      mean += taskStats.mean[rows[t]];
      variance += taskStats.variance[rows[t]];
    }
    overflow = gaussianOverflow(mean, variance, params.capacity);
  }
  return { fits: slack >= 0, slack, overflow, rho };
}

/** A task (instance position) moved by hand onto machine `to` (index in the packing as it then is). */
export interface HandMove {
  readonly task: number;
  readonly to: number;
}

/** A hand move and the fit test's verdict on it; `fits: false` when the machine does not exist. */
export interface MoveOutcome extends MoveCheck {
  readonly task: number;
  readonly to: number;
}

/**
 * The packing `result` of `rows` with `moves` applied in order, each judged by `checkMove` on the
 * packing as the moves before it left it: a move that fits puts the task last on its new machine
 * (a machine it empties is dropped, the later machines moving up one); one that does not, or names
 * a machine or task the packing lacks, is refused and leaves the packing as it was. The machines
 * are evaluated again as the packing's own are (q_j on the evaluation columns of inst).
 */
export function applyHandMoves(
  stats: WorkloadStats,
  rows: Int32Array,
  params: PackParams,
  result: PackResult,
  moves: readonly HandMove[],
): { result: PackResult; outcomes: MoveOutcome[] } {
  let machines = result.machines.map((m) => Array.from(m.tasks));
  const outcomes: MoveOutcome[] = [];
  for (const { task, to } of moves) {
    const known = Number.isInteger(to) && to >= 0 && to < machines.length;
    const owner = machines.findIndex((m) => m.includes(task));
    if (!known || owner < 0) {
      outcomes.push({ task, to, fits: false, slack: NaN, overflow: null, rho: null });
      continue;
    }
    const check = checkMove(stats, rows, machines, params, task, to);
    outcomes.push({ task, to, ...check });
    if (!check.fits || owner === to) continue;
    machines[owner] = machines[owner].filter((t) => t !== task);
    machines[to].push(task);
    machines = machines.filter((m) => m.length > 0);
  }
  if (!outcomes.some((o) => o.fits)) return { result, outcomes };
  return { result: evaluatedPacking(stats, rows, params, result, machines), outcomes };
}

function evaluatedPacking(
  stats: WorkloadStats,
  rows: Int32Array,
  params: PackParams,
  result: PackResult,
  machines: number[][],
): PackResult {
  const split = stats.split(params.clairvoyance);
  const taskStats = stats.taskStats(params.source, split);
  taskStats.ensureMoments(rows);
  const sizes = fitTest(params.fit).sizes(taskStats, rows);
  const width = evaluatedCount(split);
  const totals = new Float64Array(width);
  const packing: Packing = {
    machines: machines.map((m) => Int32Array.from(m)),
    load: Float64Array.from(machines, (m) => m.reduce((a, t) => a + sizes.size[t], 0)),
    variance: Float64Array.from(machines, (m) => m.reduce((a, t) => a + sizes.variance[t], 0)),
    moves: result.moves,
    oversized: result.oversized,
  };
  const evaluated = packing.machines.map((tasks, j) => {
    const poolRows = Array.from(tasks, (t) => rows[t]);
    const e = evaluateMachine(stats.workload.inst, poolRows, split, params.capacity, totals);
    return machineResult(packing, j, poolRows, taskStats, e, width);
  });
  return packResult(packing, evaluated, width, result.mNorm);
}
