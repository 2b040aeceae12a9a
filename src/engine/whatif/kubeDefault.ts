/**
 * kube-scheduler's default resource plugins (kubernetes/kubernetes,
 * pkg/scheduler/framework/plugins/noderesources), on CPU and, where the data carry it, memory.
 * The filter of fit.go (`fitsRequest`): a resource the pod requests must be at most the node's
 * allocatable − requested, each checked on its own (a pod without requests always fits). The
 * scores of least_allocated.go (`leastRequestedScore`: (capacity − requested) · 100 / capacity, 0
 * when requested > capacity) or most_allocated.go (`mostRequestedScore`: requested · 100 /
 * capacity, requested capped at capacity), each resource's in Go's integer division on integer
 * millicores and bytes; requested = the node's NonZeroRequested plus the pod's own (a pod without a
 * request counts 100 m and 200 MiB, resource_allocation.go `calculateResourceAllocatableRequest`).
 * The node's score is `leastResourceScorer`/`mostResourceScorer`'s: the resources' scores weighted
 * by the default profile (cpu 1, memory 1) and divided by the weights' sum, a resource the node has
 * none of (allocatable 0: the data carry no memory) left out of both, so CPU-only data score on CPU
 * alone. Among the best-scored nodes kube-scheduler samples one at random (schedule_one.go
 * `selectHost`); here the tie goes to the lowest node name (byte order), so that a replay is
 * reproducible.
 */
import type { ClusterView, OnlineScheduler } from './model.ts';
import { NON_ZERO_MEMORY_BYTES, NON_ZERO_MILLI_CPU } from './cluster.ts';

export type KubeStrategy = 'LeastAllocated' | 'MostAllocated';

/** MaxNodeScore of the scheduler framework. */
export const MAX_NODE_SCORE = 100;

/** The default profile's NodeResourcesFit scoring weights (apis/config/v1 defaults). */
const CPU_WEIGHT = 1;
const MEMORY_WEIGHT = 1;

export function leastRequestedScore(requested: number, capacity: number): number {
  if (capacity === 0 || requested > capacity) return 0;
  return Math.floor(((capacity - requested) * MAX_NODE_SCORE) / capacity);
}

export function mostRequestedScore(requested: number, capacity: number): number {
  if (capacity === 0) return 0;
  return Math.floor((Math.min(requested, capacity) * MAX_NODE_SCORE) / capacity);
}

/** fit.go's test: each requested resource within what the node's bound requests leave. */
export function fitsRequest(
  view: ClusterView,
  n: number,
  requestMilli: number,
  memoryBytes = 0,
): boolean {
  const node = view.node(n);
  if (requestMilli > 0 && requestMilli > node.capacityMilli - node.requestedMilli) return false;
  return !(memoryBytes > 0 && memoryBytes > node.memoryBytes - node.memoryRequestedBytes);
}

/** A node's score over CPU and memory, weighted, a resource of allocatable 0 left out. */
function nodeResourceScore(
  scorer: (requested: number, capacity: number) => number,
  cpuRequested: number,
  cpuCapacity: number,
  memoryRequested: number,
  memoryCapacity: number,
): number {
  let score = 0;
  let weights = 0;
  if (cpuCapacity !== 0) {
    score += scorer(cpuRequested, cpuCapacity) * CPU_WEIGHT;
    weights += CPU_WEIGHT;
  }
  if (memoryCapacity !== 0) {
    score += scorer(memoryRequested, memoryCapacity) * MEMORY_WEIGHT;
    weights += MEMORY_WEIGHT;
  }
  return weights === 0 ? 0 : Math.floor(score / weights);
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
      const memory = view.memoryRequestBytes(pod);
      const nonZero = request === 0 ? NON_ZERO_MILLI_CPU : request;
      const nonZeroMemory = memory === 0 ? NON_ZERO_MEMORY_BYTES : memory;
      return bestNode(
        view,
        (n) => fitsRequest(view, n, request, memory),
        (n) => {
          const node = view.node(n);
          return nodeResourceScore(
            scorer,
            node.nonZeroRequestedMilli + nonZero,
            node.capacityMilli,
            node.nonZeroMemoryRequestedBytes + nonZeroMemory,
            node.memoryBytes,
          );
        },
      );
    },
  };
}
