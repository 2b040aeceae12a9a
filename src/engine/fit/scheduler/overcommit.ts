/**
 * An overcommit ratio on requests: a task fits a node iff the node's requests with it stay within
 * ratio × c, Σ r ≤ R · c. The same knob in three projects:
 * - Volcano `overcommit-factor` (volcano-sh/volcano at 5a81a27, pkg/scheduler/plugins/overcommit/
 *   overcommit.go; default 1.2, a value below 1 replaced by the default): idle = allocatable ×
 *   factor − used, checked when a job is enqueued, summed over the cluster rather than per node;
 * - OpenStack Nova `cpu_allocation_ratio` (openstack/nova at 020ad2d, nova/conf/compute.py; unset by
 *   default, `initial_cpu_allocation_ratio` 4.0): a host's VCPU inventory is (total − reserved) ×
 *   ratio, and the scheduler places an instance where the allocations fit that inventory;
 * - Katalyst `resourceOvercommitRatio` (kubewharf/katalyst-api at 146c171, pkg/apis/overcommit/
 *   v1alpha1/types.go, `NodeOvercommitConfig.spec.resourceOvercommitRatio[cpu]`, a string such as
 *   "1.5"; values below 1 skipped by its controller): the node's allocatable is multiplied by it and
 *   the usual request fit applies.
 * Here the rule is per node, with no reserved part, and the requests are assumed
 * (`REQUEST_ASSUMPTION`): size = request, slack = R·c − (Σ r + r) (the capacity comparison of
 * `capacity.ts`).
 */
import { checkRange } from '../../ranges.ts';
import type { FitCode } from '../entry.ts';
import { deterministicSlack, type FitTest } from '../fitTest.ts';
import { assumedRequests } from './usage.ts';
import { OVERCOMMIT_RATIO } from '../entries/overcommit.ts';

export function overcommitRatio(ratio: number): FitTest {
  checkRange(OVERCOMMIT_RATIO, ratio);
  return {
    spec: { kind: 'oc', ratio },
    usesVariance: false,
    sizes: (stats, rows) => ({
      size: assumedRequests(stats, rows),
      variance: new Float64Array(rows.length),
    }),
    slack: (load, _variance, size, _taskVariance, capacity) =>
      deterministicSlack(load, size, ratio * capacity),
  };
}

declare module '../fitTest.ts' {
  interface FitSpecs {
    oc: { readonly kind: 'oc'; readonly ratio: number };
  }
}

export const OVERCOMMIT_CODE: FitCode = { kind: 'oc', create: ([ratio]) => overcommitRatio(ratio) };
