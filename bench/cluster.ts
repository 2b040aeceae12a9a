/**
 * Machine types and two resources (SPEC §14), each figure beside a baseline from the same run:
 * - 2-resource packing (CPU + memory, GPA ε = 0.01 split by union bound, First Fit over HARMONY's
 *   four types, new machines by lowest marginal energy) of 10,000 Google GCD tasks × 10,000
 *   realizations — estimates, sizes, packing and measures — against the 1-D packing of the same
 *   tasks' CPU (engine `runPacking`, GPA 0.01, First Fit, c = 1, no rebalancing); goal ≤ 2×.
 * - one CBS-RELAX period (4 types × 20 classes) through HiGHS; goal ≤ 50 ms (Node).
 * Sizes: CLUSTER_TASKS, CLUSTER_REALIZATIONS (defaults 10,000 each).
 */
import { HARMONY_TYPES } from '../src/engine/cluster/machineTypes.ts';
import { solveCbsRelax, type ProvisionInput } from '../src/engine/cluster/provision.ts';
import { runCluster } from '../src/engine/cluster/run.ts';
import { realizeMulti, type MultiSamples } from '../src/engine/cluster/workload.ts';
import { Rng } from '../src/engine/random/rng.ts';
import { WorkloadStats, identityRows, runPacking } from '../src/engine/index.ts';
import { loadShared } from '../src/cli/commands/cluster/clusterData.ts';
import { loadLpSolver } from '../src/runtime/lp.ts';
import { medianMs, type BenchFigure, type BenchSuite } from './figure.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/** `tasks` tasks cycling over the dataset's (each row its own stream, so realizations differ). */
function cycled(s: MultiSamples, tasks: number): MultiSamples {
  const pick = (i: number) => i % s.ids.length;
  return {
    resources: s.resources,
    ids: Array.from(
      { length: tasks },
      (_, i) => `${s.ids[pick(i)]}#${Math.floor(i / s.ids.length)}`,
    ),
    samples: s.samples.map((r) => Array.from({ length: tasks }, (_, i) => r[pick(i)])),
  };
}

export function relaxInstance(classes: number, seed: number): ProvisionInput {
  const rng = Rng.stream(seed, 'analysis', 99);
  return {
    types: HARMONY_TYPES,
    sizes: Array.from({ length: classes }, () => [
      0.005 + 0.1 * rng.nextFloat(),
      0.005 + 0.1 * rng.nextFloat(),
    ]),
    switchCost: HARMONY_TYPES.map((t) => t.idleWatts),
    containerValue: 5000,
  };
}

export const cluster: BenchSuite = {
  name: 'cluster',
  description:
    '2-resource packing on 4 machine types vs the 1-D packing of the same tasks; one CBS-RELAX period (4 × 20)',
  async run(): Promise<BenchFigure[]> {
    const tasks = env('CLUSTER_TASKS', 10_000);
    const R = env('CLUSTER_REALIZATIONS', 10_000);
    const w = realizeMulti(cycled(await loadShared('google-gcd-jobs'), tasks), R, 1);
    const rows = identityRows(tasks);
    let machines2 = 0;
    let machines1 = 0;
    const twoD = await medianMs(() => {
      const r = runCluster(w, rows, {
        fit: { kind: 'gpa', eps: 0.01, split: 'union' },
        packer: 'ff',
        types: HARMONY_TYPES,
        open: 'energy',
        clairvoyance: 0.5,
      });
      machines2 = r.measure.machines;
    }, 3);
    const oneD = await medianMs(() => {
      const stats = new WorkloadStats({ inst: w.matrices[0], avg: null });
      machines1 = runPacking(stats, rows, {
        packer: 'ff',
        fit: { kind: 'gpa', rho: 0.01 },
        capacity: 1,
        clairvoyance: 0.5,
        source: 'inst',
        rebalance: 0,
      }).mAbs;
    }, 3);
    const solver = await loadLpSolver();
    const input = relaxInstance(20, 1);
    const rng = Rng.stream(2, 'analysis', 100);
    const demand = Array.from({ length: 20 }, () => 50 + rng.nextInt(500));
    const previous = HARMONY_TYPES.map(() => 10);
    const lpTimes: number[] = [];
    const lp = await medianMs(() => {
      const t0 = performance.now();
      solveCbsRelax(solver, input, demand, previous);
      lpTimes.push(performance.now() - t0);
    }, 15);
    return [
      {
        name: `2-resource packing, ${tasks} tasks × ${R} realizations, 4 types`,
        value: twoD,
        unit: 'ms',
        baseline: oneD,
        ratio: oneD / twoD,
        note: `goal: ≤ 2× the 1-D time (ratio ≥ 0.5); ${machines2} machines on HARMONY types vs ${machines1} unit machines in 1-D`,
      },
      {
        name: 'one CBS-RELAX period, 4 types × 20 classes (HiGHS, Node)',
        value: lp,
        unit: 'ms',
        baseline: 50,
        ratio: 50 / lp,
        note: `baseline = the 50 ms goal (ratio ≥ 1 meets it); median of 15, fastest ${Math.min(...lpTimes).toFixed(1)} ms`,
      },
    ];
  },
};
