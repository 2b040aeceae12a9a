/**
 * kube-scheduler's default resource plugins on CPU (kubernetes/kubernetes,
 * pkg/scheduler/framework/plugins/noderesources): the filter of fit.go (`Filter`,
 * `fitsRequest`: a pod fits when its request is at most allocatable − requested, a pod without
 * requests always fits), and the scores of least_allocated.go (`leastRequestedScore`:
 * (capacity − requested) · 100 / capacity, 0 when requested > capacity) or most_allocated.go
 * (`mostRequestedScore`: requested · 100 / capacity, requested capped at capacity), on integer
 * millicores with Go's integer division; requested = the node's NonZeroRequested plus the pod's own
 * (a pod without a request counts 100 m, resource_allocation.go `calculateResourceAllocatableRequest`).
 * The default profile weighs CPU and memory 1 each; the data carry CPU only, so the score is CPU's.
 * Among the best-scored nodes kube-scheduler samples one at random (schedule_one.go `selectHost`);
 * here the tie goes to the lowest node name (byte order), so that a replay is reproducible.
 */
import type { ClusterView, OnlineScheduler } from './model.ts';
import { NON_ZERO_MILLI_CPU } from './cluster.ts';

export type KubeStrategy = 'LeastAllocated' | 'MostAllocated';

/** MaxNodeScore of the scheduler framework. */
export const MAX_NODE_SCORE = 100;

export function leastRequestedScore(requested: number, capacity: number): number {
  if (capacity === 0 || requested > capacity) return 0;
  return Math.floor(((capacity - requested) * MAX_NODE_SCORE) / capacity);
}

export function mostRequestedScore(requested: number, capacity: number): number {
  if (capacity === 0) return 0;
  return Math.floor((Math.min(requested, capacity) * MAX_NODE_SCORE) / capacity);
}

/** fit.go's CPU test: the request within what the node's bound requests leave. */
export function fitsRequest(view: ClusterView, n: number, requestMilli: number): boolean {
  if (requestMilli === 0) return true;
  const node = view.node(n);
  return requestMilli <= node.capacityMilli - node.requestedMilli;
}

/** The node of the best score among those passing `fits`; ties to the lowest name; -1 if none. */
export function bestNode(
  view: ClusterView,
  fits: (n: number) => boolean,
  score: (n: number) => number,
): number {
  let best = -1;
  let bestScore = -Infinity;
  let bestName = '';
  for (let n = 0; n < view.nodeCount; n++) {
    if (!fits(n)) continue;
    const s = score(n);
    const name = view.node(n).name;
    if (s > bestScore || (s === bestScore && name < bestName)) {
      best = n;
      bestScore = s;
      bestName = name;
    }
  }
  return best;
}

export function kubeDefault(strategy: KubeStrategy = 'LeastAllocated'): OnlineScheduler {
  const scorer = strategy === 'LeastAllocated' ? leastRequestedScore : mostRequestedScore;
  return {
    name: 'kube-default',
    settings: { scoringStrategy: strategy },
    historyInstants: 1,
    window: null,
    place(pod, view) {
      const request = view.requestMilli(pod);
      const nonZero = request === 0 ? NON_ZERO_MILLI_CPU : request;
      return bestNode(
        view,
        (n) => fitsRequest(view, n, request),
        (n) => {
          const node = view.node(n);
          return scorer(node.nonZeroRequestedMilli + nonZero, node.capacityMilli);
        },
      );
    },
  };
}
