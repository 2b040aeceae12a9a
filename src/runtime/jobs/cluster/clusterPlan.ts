/**
 * The Cluster view's class and provisioning jobs (SPEC §14): k-means classes with the packing by
 * class vs by task and the per-period container plan (one unit); the provisioning loop over the
 * periods with CBS-RELAX solved by HiGHS in the worker (asynchronous: the solver loads first); and
 * the timing of one CBS-RELAX period in the worker.
 */
import { analyzeClasses, type ClassAnalysis } from '../../../engine/cluster/index.ts';
import type { ClassFeatures } from '../../../engine/cluster/index.ts';
import type { EpsilonSplit } from '../../../engine/cluster/index.ts';
import type { MachineType } from '../../../engine/cluster/index.ts';
import type { MultiPacker, OpenPolicy } from '../../../engine/cluster/index.ts';
import {
  periodPlan,
  provisionInput,
  relaxTimingInstance,
  type PeriodPlan,
} from '../../../engine/cluster/index.ts';
import { solveCbsRelax } from '../../../engine/cluster/index.ts';
import { provision, type ProvisionResult } from '../../../engine/cluster/index.ts';
import { realizeMulti, type MultiSamples } from '../../../engine/cluster/index.ts';
import { identityRows } from '../../../engine/workload.ts';
import { loadLpSolver } from '../../lp.ts';
import { defineAsyncJob, defineJob } from '../job.ts';

export interface ClusterClassesSpec {
  readonly samples: MultiSamples;
  readonly realizations: number;
  readonly seed: number;
  readonly k: number;
  readonly kMax: number;
  readonly features: ClassFeatures;
  readonly eps: number;
  readonly split: EpsilonSplit;
  readonly packer: MultiPacker;
  readonly types: readonly MachineType[];
  readonly open: OpenPolicy;
  readonly clairvoyance: number;
  readonly periods: number;
  readonly cv2: number;
  readonly targetDelay: number;
}

export interface ClusterClassesOut {
  readonly analysis: ClassAnalysis;
  readonly plan: PeriodPlan;
}

export const clusterClasses = defineJob({
  needsPool: false,
  units: (): number[] => [0],
  run(_ctx, spec: ClusterClassesSpec, _unit: number, checkpoint): ClusterClassesOut {
    const w = realizeMulti(spec.samples, spec.realizations, spec.seed);
    checkpoint();
    const analysis = analyzeClasses(w, identityRows(w.ids.length), spec);
    checkpoint();
    const plan = periodPlan(spec.samples, analysis.clustering.labels, analysis.classes, spec);
    return { analysis, plan };
  },
});

interface ClusterProvisionSpec {
  readonly types: readonly MachineType[];
  readonly sizes: number[][];
  readonly containers: number[][];
}

export interface ClusterProvisionOut {
  readonly result: ProvisionResult;
  /** Milliseconds per period spent in the LP (model text, HiGHS, reading the solution). */
  readonly lpMs: number;
}

export const clusterProvision = defineAsyncJob({
  async: true,
  needsPool: false,
  units: (): number[] => [0],
  async run(_ctx, spec: ClusterProvisionSpec): Promise<ClusterProvisionOut> {
    const solver = await loadLpSolver();
    let spent = 0;
    const timed = {
      solve(model: string) {
        const t0 = performance.now();
        const out = solver.solve(model);
        spent += performance.now() - t0;
        return out;
      },
    };
    const result = provision(timed, provisionInput(spec.types, spec.sizes), spec.containers);
    return { result, lpMs: spec.containers.length ? spent / spec.containers.length : 0 };
  },
});

interface LpTimingSpec {
  readonly types: readonly MachineType[];
  readonly classes: number;
  readonly repeats: number;
}

export interface LpTimingOut {
  /** Milliseconds of each solve of one period, the first including nothing of the solver's load. */
  readonly times: number[];
  readonly loadMs: number;
}

export const lpTiming = defineAsyncJob({
  async: true,
  needsPool: false,
  units: (): number[] => [0],
  async run(_ctx, spec: LpTimingSpec): Promise<LpTimingOut> {
    const t0 = performance.now();
    const solver = await loadLpSolver();
    const loadMs = performance.now() - t0;
    const { input, demand, previous } = relaxTimingInstance(spec.types, spec.classes, 1);
    const times: number[] = [];
    for (let k = 0; k < spec.repeats; k++) {
      const t = performance.now();
      solveCbsRelax(solver, input, demand, previous);
      times.push(performance.now() - t);
    }
    return { times, loadMs };
  },
});
