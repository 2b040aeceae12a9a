/**
 * A task moved by hand onto another machine of a packing, judged by the packing's own fit test as
 * the packer would judge it there (SPEC §6): the test's slack for the task on the target machine's
 * running sums (its stateful score where the test keeps per-machine state), fitting iff slack ≥ 0.
 * No test is special-cased; for a test deciding by the Gaussian at ρ (`gaussianRho`), the
 * machine's Gaussian overflow probability with the task is given too, to say the verdict in ρ's terms.
 */
import { fitTest, gaussianOverflow, gaussianRho } from '../fit/index.ts';
import type { PackParams } from '../packParams.ts';
import type { WorkloadStats } from '../workload.ts';

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
