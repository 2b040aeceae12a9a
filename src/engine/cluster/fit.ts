/**
 * Fit tests across resources (SPEC §14). A task fits a machine when every scored dimension passes.
 * - gpa: GPA per resource at ε_r (union bound ε/|R|, or independence 1 − (1 − ε)^{1/|R|}).
 * - additive: HARMONY's container size μ + Z_{ε_r}·σ per task and resource, packed deterministically.
 * - request: each task's request per resource, deterministic (without requests in the data: the
 *   observed peak, the 1-D `max` test).
 * - maxred: max-reduction (VISBP notes §7): one scalar per task, max_r of its observed peak, against
 *   min_r of the machine's capacities.
 * - each: one engine 1-D test (running-sum tests only) in every resource, at its own parameter.
 */
import {
  fitTest,
  formatSlo,
  gaussianRho,
  type EpsilonSplit,
  type FitSpec,
  type FitTest,
  type ResourcesSlo,
} from '../fit/index.ts';
import { normalQuantile } from '../stats/normal.ts';
import type { TaskStats } from '../stats/taskStats.ts';
import { deterministicSlack } from '../fit/fitTest.ts';
import type { MachineType } from './machineTypes.ts';

export type { EpsilonSplit };

/** The SLO across resources (`fit/slo.ts`, parsed there), or one 1-D test in every resource. */
export type MultiFitSpec = ResourcesSlo | { readonly kind: 'each'; readonly fit: FitSpec };

/** Per-dimension sizes and tests of one packing. */
export interface MultiSizes {
  readonly dims: number;
  readonly size: readonly Float64Array[];
  readonly variance: readonly Float64Array[];
  readonly slack: readonly FitTest['slack'][];
  /** Whether a dimension's slack is in capacity units (divided by capacity to compare machines). */
  readonly deterministic: readonly boolean[];
  /**
   * Per dimension, a Gaussian test's z = Φ⁻¹(1 − ρ) for a cheap pre-check (a machine whose margin
   * c − μ' is below (z − 10⁻⁶)·σ' certainly fails, so its slack is not computed); NaN: no pre-check.
   */
  readonly rejectBelowZ?: readonly number[];
  capacity(type: MachineType, dim: number): number;
}

/** ε_r for each of `resources` resources (SPEC §14); with one resource, ε itself. */
export function splitEpsilon(eps: number, resources: number, split: EpsilonSplit): number {
  if (!(eps > 0 && eps < 1)) throw new RangeError(`invalid ε: ${eps} (need 0 < ε < 1)`);
  if (resources === 1) return eps;
  return split === 'union' ? eps / resources : 1 - Math.pow(1 - eps, 1 / resources);
}

/** The notation of a spec (`parseSlo(text, CLUSTER_SLO)` reads it back, but for `each`). */
export function formatMultiFit(s: MultiFitSpec): string {
  return s.kind === 'each' ? `each:${s.fit.kind}` : formatSlo(s);
}

const deterministic: FitTest['slack'] = (load, _v, size, _tv, capacity) =>
  deterministicSlack(load, size, capacity);

/** Sizes of `rows` under `spec`; `stats[r]` are resource r's observed-column estimates. */
export function multiSizes(
  spec: MultiFitSpec,
  stats: readonly TaskStats[],
  rows: ArrayLike<number>,
  requests?: readonly Float64Array[],
): MultiSizes {
  const R = stats.length;
  const n = rows.length;
  const zeros = () => new Float64Array(n);
  const byResource = { capacity: (t: MachineType, d: number) => t.capacity[d] };
  switch (spec.kind) {
    case 'gpa':
    case 'each': {
      const test =
        spec.kind === 'gpa'
          ? fitTest({ kind: 'gpa', rho: splitEpsilon(spec.eps, R, spec.split) })
          : fitTest(spec.fit);
      const sizes = stats.map((s) => test.sizes(s, rows));
      if (sizes.some((s) => s.machineState))
        throw new RangeError(
          `the ${test.spec.kind} fit test needs per-machine state; the multi-resource packer takes running-sum tests only`,
        );
      const rho = gaussianRho(test.spec);
      const z = rho !== null && rho < 0.5 ? normalQuantile(1 - rho) : NaN;
      return {
        dims: R,
        size: sizes.map((s) => s.size),
        variance: sizes.map((s) => s.variance),
        slack: sizes.map(() => test.slack),
        deterministic: sizes.map(() => !test.usesVariance),
        rejectBelowZ: sizes.map(() => z - 1e-6),
        ...byResource,
      };
    }
    case 'additive': {
      const z = normalQuantile(1 - splitEpsilon(spec.eps, R, spec.split));
      const size = stats.map((s) => {
        s.ensureMoments(rows);
        return Float64Array.from(
          { length: n },
          (_, k) => s.mean[rows[k]] + z * Math.sqrt(s.variance[rows[k]]),
        );
      });
      return {
        dims: R,
        size,
        variance: size.map(zeros),
        slack: size.map(() => deterministic),
        deterministic: size.map(() => true),
        ...byResource,
      };
    }
    case 'request': {
      const peak = fitTest({ kind: 'max' });
      const size = stats.map((s, r) =>
        requests
          ? Float64Array.from({ length: n }, (_, k) => requests[r][rows[k]])
          : peak.sizes(s, rows).size,
      );
      size.forEach((sz, r) => {
        const bad = sz.findIndex((v) => !(v >= 0));
        if (bad >= 0)
          throw new RangeError(
            `task at row ${rows[bad]} has no valid request for resource ${r + 1}`,
          );
      });
      return {
        dims: R,
        size,
        variance: size.map(zeros),
        slack: size.map(() => deterministic),
        deterministic: size.map(() => true),
        ...byResource,
      };
    }
    case 'maxred': {
      const peak = fitTest({ kind: 'max' });
      const peaks = stats.map((s) => peak.sizes(s, rows).size);
      const size = Float64Array.from({ length: n }, (_, k) => Math.max(...peaks.map((p) => p[k])));
      return {
        dims: 1,
        size: [size],
        variance: [zeros()],
        slack: [deterministic],
        deterministic: [true],
        capacity: (t) => Math.min(...t.capacity.slice(0, R)),
      };
    }
  }
}
