/**
 * What a Prometheus history says of its cluster, for the replay: each node's capacity
 * (`kube_node_status_allocatable{resource="cpu"}`, else `machine_cpu_cores`, read by
 * `clusterFacts` at the range's end), each pod's CPU request (`kube_pod_container_resource_requests`
 * summed over its containers). The node each pod runs on, from the series' `node` label, is the
 * engine's `labelPlacement` (engine/whatif/labels.ts).
 */
import type { ClusterFacts } from '../../../ingest/prometheusSource.ts';
import { idLabels } from '../../../engine/whatif/index.ts';
import { UsageError } from '../../args.ts';

/** The pod's `namespace/pod` key of the requests, or null when the id has no pod label. */
function podKey(labels: Record<string, string>): string | null {
  return labels.pod ? `${labels.namespace ?? ''}/${labels.pod}` : null;
}

/**
 * Each pod's exported request in machine units of `cores` (0: the pod exports none, scheduled as a
 * pod without a request), or null when the server exports no request at all.
 */
export function exportedRequests(
  ids: readonly string[],
  facts: ClusterFacts,
  cores: number,
): { requests: Float64Array; missing: number } | null {
  if (Object.keys(facts.requests).length === 0) return null;
  let missing = 0;
  const requests = Float64Array.from(ids, (id) => {
    const key = podKey(idLabels(id));
    const v = key === null ? undefined : facts.requests[key];
    if (v === undefined) {
      missing++;
      return 0;
    }
    return v / cores;
  });
  return { requests, missing };
}

/**
 * A node's capacity in machine units of `cores` from the server's node cores; a node the placement
 * names that the server gives no cores for is refused, naming the pod that placed it there.
 */
export function nodeCapacityOf(
  facts: ClusterFacts,
  cores: number,
  placedBy: ReadonlyMap<string, string>,
): (node: string) => number {
  return (node) => {
    const c = facts.nodeCores[node];
    if (c !== undefined) return c / cores;
    throw new UsageError(
      `node "${node}" (where pod "${placedBy.get(node)}" runs) has no capacity: the server exports no kube_node_status_allocatable{resource="cpu"} (nor machine_cpu_cores) for it; give --cores-per-machine C for every node`,
    );
  };
}
