/**
 * Each pod's memory from a live Prometheus, as the right-sizing reads it (the `rightsize` command
 * and the page's Requests view, one query text): cAdvisor's `container_memory_working_set_bytes`
 * summed over the pod's containers, with the guard the CPU query has against the pod's own cgroup
 * (`container!=""`, and `image!=""` for the pause container), which would otherwise count the pod
 * twice; and a node's memory, the most common `kube_node_status_allocatable{resource="memory"}`.
 */
import type { PromSource } from '../engine/index.ts';
import { collectSeries } from './assessSource.ts';
import { instantVector, withRangeInputs, type PromAccess } from './prometheusSource.ts';

/** The working set per pod in bytes, a namespace kept to. */
export function podMemoryQuery(namespace: string | undefined): string {
  const ns = namespace === undefined ? '' : `, namespace="${namespace.replace(/["\\]/g, '\\$&')}"`;
  return `sum by (namespace, pod) (container_memory_working_set_bytes{container!="", image!=""${ns}})`;
}

export interface PodMemorySeries {
  /** Unix seconds. */
  readonly times: Float64Array;
  /** Bytes. */
  readonly values: Float64Array;
}

/** `namespace/pod` of a series' labels, as the pods' identities are keyed. */
export const podMemoryKey = (labels: Record<string, string>) =>
  `${labels.namespace ?? ''}/${labels.pod ?? ''}`;

/** The answer of `query` over the source's range and step, per `namespace/pod`. */
export async function readPodMemory(
  source: PromSource,
  access: PromAccess,
  query: string,
): Promise<Map<string, PodMemorySeries>> {
  const collected = await withRangeInputs({ ...source, query }, access, (inputs) =>
    collectSeries(inputs, access.signal ? { signal: access.signal } : {}),
  );
  return new Map(
    collected.series.map((s) => [podMemoryKey(s.labels), { times: s.times, values: s.values }]),
  );
}

/**
 * The memory of a node in bytes: the most common `kube_node_status_allocatable{resource="memory"}`
 * among the nodes (the last value within the range; the smallest on a tie), or null when the
 * server exports none.
 */
export async function nodeMemoryBytes(
  source: PromSource,
  access: PromAccess,
): Promise<number | null> {
  const span = Math.max(300, Math.ceil(source.end - source.start));
  const query = `sum by (node) (last_over_time(kube_node_status_allocatable{resource="memory"}[${span}s]))`;
  const rows = (await instantVector(source.url, query, source.end, access)) ?? [];
  const count = new Map<number, number>();
  for (const r of rows)
    if (r.value > 0 && Number.isFinite(r.value)) count.set(r.value, (count.get(r.value) ?? 0) + 1);
  let best: number | null = null;
  for (const [v, n] of count)
    if (best === null || n > count.get(best)! || (n === count.get(best)! && v < best)) best = v;
  return best;
}
