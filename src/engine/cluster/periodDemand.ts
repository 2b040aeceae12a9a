/**
 * Demand per period for provisioning on a real trace (SPEC §14, HARMONY §VI–VII): the trace's
 * series cut into periods, per class the work it carries in each, turned into containers by the
 * M/G/c rule (`containersPerPeriod`).
 *
 * Choices where the papers are silent (HARMONY's arrivals come from its own trace, not in the
 * text): period t of a task is the t-th of `periods` equal slices of its own series; the class's
 * offered load in period t is a_{n,t} = max_r Σ_{i∈n} mean_t(x_{i,r}) / μ_{n,r} (the work of the
 * period in units of one average class member, in the bottleneck resource), served at rate μ = 1
 * with the given CV², so λ_{n,t} = a_{n,t}. The container of class n is HARMONY's percentile size
 * μ_n + Z_{ε_r}·σ_n per resource (ε split across resources as for the fit tests).
 */
import { normalQuantile } from '../stats/normal.ts';
import { Rng } from '../random/rng.ts';
import type { ClassStats } from './classes.ts';
import { splitEpsilon, type EpsilonSplit } from './fit.ts';
import type { MachineType } from './machineTypes.ts';
import type { ProvisionInput } from './provision.ts';
import { containersPerPeriod } from './provisionRun.ts';
import type { MultiSamples } from './workload.ts';

export interface PeriodPlanParams {
  readonly periods: number;
  readonly eps: number;
  readonly split: EpsilonSplit;
  /** CV² of the service time (1: exponential). */
  readonly cv2: number;
  /** Target mean wait d̄, in periods. */
  readonly targetDelay: number;
}

export interface PeriodPlan {
  /** sizes[n][r]: class n's container size in resource r. */
  readonly sizes: number[][];
  /** arrivals[t][n]: offered load of class n in period t (λ at μ = 1). */
  readonly arrivals: number[][];
  /** containers[t][n]: the smallest count meeting d̄ (0 without load). */
  readonly containers: number[][];
}

/** Per period, class and resource, Σ over members of their mean use in the period's slice. */
export function periodLoads(
  m: MultiSamples,
  labels: Int32Array,
  k: number,
  periods: number,
): Float64Array[][] {
  if (!(Number.isInteger(periods) && periods >= 1))
    throw new RangeError(`invalid period count: ${periods} (need an integer ≥ 1)`);
  if (labels.length !== m.ids.length)
    throw new RangeError(`${labels.length} class labels for ${m.ids.length} tasks`);
  const out = Array.from({ length: periods }, () => m.resources.map(() => new Float64Array(k)));
  for (let i = 0; i < m.ids.length; i++) {
    const len = m.samples[0][i].length;
    if (len < periods)
      throw new RangeError(`task "${m.ids[i]}" has ${len} samples, fewer than ${periods} periods`);
    for (let t = 0; t < periods; t++) {
      const a = Math.floor((t * len) / periods);
      const b = Math.floor(((t + 1) * len) / periods);
      for (let r = 0; r < m.resources.length; r++) {
        const s = m.samples[r][i];
        let sum = 0;
        for (let j = a; j < b; j++) sum += s[j];
        out[t][r][labels[i]] += sum / (b - a);
      }
    }
  }
  return out;
}

/** HARMONY's container size per class: μ_n + Z_{ε_r}·σ_n in each resource. */
function classContainerSizes(classes: ClassStats, eps: number, split: EpsilonSplit): number[][] {
  const R = classes.mean.length;
  const z = normalQuantile(1 - splitEpsilon(eps, R, split));
  return Array.from(classes.count, (_, n) =>
    classes.mean.map((mu, r) => mu[n] + z * Math.sqrt(classes.variance[r][n])),
  );
}

/** Sizes, offered loads and container counts per period and class (see the file's doc). */
export function periodPlan(
  m: MultiSamples,
  labels: Int32Array,
  classes: ClassStats,
  p: PeriodPlanParams,
): PeriodPlan {
  const k = classes.count.length;
  const sizes = classContainerSizes(classes, p.eps, p.split);
  const loads = periodLoads(m, labels, k, p.periods);
  const arrivals = loads.map((byResource) =>
    Array.from({ length: k }, (_, n) => {
      let a = 0;
      byResource.forEach((l, r) => {
        const mu = classes.mean[r][n];
        if (mu > 0) a = Math.max(a, l[n] / mu);
      });
      return a;
    }),
  );
  const ones = new Array<number>(k).fill(1);
  const containers = containersPerPeriod(
    arrivals,
    ones,
    ones.map(() => p.cv2),
    ones.map(() => p.targetDelay),
  );
  return { sizes, arrivals, containers };
}

/**
 * The provisioning input of the page: switching a machine on or off costs one period of its idle
 * power (our choice), and a placed container is worth far more than its energy (serve all demand).
 */
export function provisionInput(types: readonly MachineType[], sizes: number[][]): ProvisionInput {
  return {
    types,
    sizes,
    switchCost: types.map((t) => t.idleWatts),
    containerValue: 5000,
  };
}

/** A seeded CBS-RELAX instance of `classes` classes on `types` (for timing one period). */
export function relaxTimingInstance(
  types: readonly MachineType[],
  classes: number,
  seed: number,
): { input: ProvisionInput; demand: number[]; previous: number[] } {
  const rng = Rng.stream(seed, 'analysis', 4242);
  const sizes = Array.from({ length: classes }, () =>
    types[0].capacity.map(() => 0.005 + 0.1 * rng.nextFloat()),
  );
  return {
    input: provisionInput(types, sizes),
    demand: Array.from({ length: classes }, () => 50 + rng.nextInt(500)),
    previous: types.map(() => 10),
  };
}
