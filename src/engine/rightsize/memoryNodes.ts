/**
 * Memory judged on the replay's nodes, as CPU is: where the history carries memory, each node's
 * memory (the sum of the working sets of the pods on it at an instant, from their residences in
 * the replay) is counted over the node's memory capacity on the judged part, and a node's memory q
 * is its share of judged instants above it. The placement is the replay's: kube-default filters
 * and scores on the CPU and memory requests together (engine/whatif `kubeDefault`), so memory
 * requests move pods; beside the nodes they decide how often a pod's working set exceeds its
 * request (above it, a node short of memory evicts the pod first; kubelet's eviction ranks pods by
 * usage above request).
 */
import type { WhatIfResult } from '../whatif/index.ts';
import type { InstantRange } from './judge.ts';

/** Pods × instants of working set (the history's rows and instants; NaN where not sampled). */
export interface MemoryUsage {
  readonly values: Float64Array;
  readonly cols: number;
  /** A node's memory, in the values' unit. */
  readonly capacity: number;
  /** Bytes of one unit of the values (1 for bytes; a machine unit read as a machine's memory). */
  readonly bytesPerUnit: number;
}

interface MemoryOnNodes {
  /** Per node (the replay's order), its share of judged instants with memory above capacity. */
  readonly q: Float64Array;
  readonly worst: { readonly name: string; readonly q: number } | null;
  /** Nodes whose memory q exceeds the target. */
  readonly over: number;
}

export function memoryOnNodes(
  r: WhatIfResult,
  m: MemoryUsage,
  judged: InstantRange,
  target: number,
): MemoryOnNodes {
  const span = judged.end - judged.start;
  const totals = r.nodes.map(() => new Float64Array(Math.max(0, span)));
  r.residences.forEach((list, p) => {
    const row = p * m.cols;
    for (const { node, from, to } of list)
      for (let t = Math.max(from, judged.start); t < Math.min(to, judged.end); t++) {
        const v = m.values[row + t];
        if (!Number.isNaN(v)) totals[node][t - judged.start] += v;
      }
  });
  const q = Float64Array.from(totals, (s) =>
    span ? s.filter((v) => v > m.capacity).length / span : 0,
  );
  let worst: MemoryOnNodes['worst'] = null;
  q.forEach((v, n) => {
    if (worst === null || v > worst.q) worst = { name: r.nodes[n].name, q: v };
  });
  return { q, worst, over: q.filter((v) => v > target).length };
}

/** How often the pods' working set exceeded their workload's memory request on the judged part. */
export function memoryExceedance(
  workloadOf: Int32Array,
  requests: Float64Array,
  m: MemoryUsage,
  judged: InstantRange,
): { readonly workloads: number; readonly overall: number } {
  const over = new Uint8Array(requests.length);
  let above = 0;
  let seen = 0;
  for (let p = 0; p < workloadOf.length; p++) {
    const r = requests[workloadOf[p]];
    if (Number.isNaN(r)) continue;
    for (let t = judged.start; t < judged.end; t++) {
      const v = m.values[p * m.cols + t];
      if (Number.isNaN(v)) continue;
      seen++;
      if (v > r) {
        above++;
        over[workloadOf[p]] = 1;
      }
    }
  }
  return { workloads: over.reduce((a, b) => a + b, 0), overall: seen ? above / seen : 0 };
}

/**
 * Per pod its memory samples (own times, seconds on the history's clock) laid on the history's
 * instants `times`: a sample lands on the nearest instant within half a step (the largest where
 * two land on one), NaN where none does.
 */
export function memoryOnInstants(
  pods: readonly { readonly times: Float64Array; readonly values: Float64Array }[],
  times: Float64Array,
  step: number,
  capacity: number,
  bytesPerUnit: number,
): MemoryUsage {
  const cols = times.length;
  const values = new Float64Array(pods.length * cols).fill(NaN);
  pods.forEach((s, p) => {
    let k = 0;
    for (let j = 0; j < s.times.length; j++) {
      const t = s.times[j];
      while (k + 1 < cols && times[k + 1] <= t) k++;
      const near = k + 1 < cols && times[k + 1] - t < t - times[k] ? k + 1 : k;
      const v = s.values[j];
      if (Math.abs(times[near] - t) > step / 2 || !Number.isFinite(v)) continue;
      const at = p * cols + near;
      values[at] = Number.isNaN(values[at]) ? v : Math.max(values[at], v);
    }
  });
  return { values, cols, capacity, bytesPerUnit };
}
