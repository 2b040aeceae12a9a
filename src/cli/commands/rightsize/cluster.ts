/**
 * What the cluster says of its pods beside their usage, read from the same Prometheus at the
 * range's end (the last value within the range, as `factQueries`): each pod's owner
 * (kube-state-metrics `kube_pod_owner`), its own labels (`kube_pod_labels`, `label_` prefix
 * removed) for `--selector`, and its CPU request today (`kube_pod_container_resource_requests`,
 * summed over its containers). A server that exports none of them gives empty maps.
 */
import type { PromSource } from '../../../engine/index.ts';
import type { PodOwner } from '../../../engine/rightsize/index.ts';
import { clusterFacts, instantVector, type PromAccess } from '../../../ingest/prometheusSource.ts';

export interface PodFacts {
  /** `namespace/pod` → its owner. */
  readonly owners: Map<string, PodOwner>;
  /** `namespace/pod` → its Kubernetes labels. */
  readonly labels: Map<string, Record<string, string>>;
  /** `namespace/pod` → its CPU request in cores. */
  readonly requests: Map<string, number>;
  /** Cores of the nodes, where exported. */
  readonly nodeCores: Record<string, number>;
}

const lastOver = (metric: string, span: number) =>
  `last_over_time(${metric}[${Math.max(300, Math.ceil(span))}s])`;

export async function podFacts(source: PromSource, access: PromAccess): Promise<PodFacts> {
  const span = source.end - source.start;
  const facts = await clusterFacts(source, access);
  const owners = new Map<string, PodOwner>();
  const ownerRows =
    (await instantVector(
      source.url,
      `max by (namespace, pod, owner_kind, owner_name) (${lastOver('kube_pod_owner', span)})`,
      source.end,
      access,
    )) ?? [];
  for (const r of ownerRows)
    if (
      r.labels.pod &&
      r.labels.owner_kind &&
      r.labels.owner_name &&
      r.labels.owner_kind !== '<none>'
    )
      owners.set(`${r.labels.namespace ?? ''}/${r.labels.pod}`, {
        kind: r.labels.owner_kind,
        name: r.labels.owner_name,
      });
  const labels = new Map<string, Record<string, string>>();
  const labelRows =
    (await instantVector(source.url, lastOver('kube_pod_labels', span), source.end, access)) ?? [];
  for (const r of labelRows) {
    if (!r.labels.pod) continue;
    const own: Record<string, string> = {};
    for (const [k, v] of Object.entries(r.labels))
      if (k.startsWith('label_')) own[k.slice('label_'.length)] = v;
    labels.set(`${r.labels.namespace ?? ''}/${r.labels.pod}`, own);
  }
  return {
    owners,
    labels,
    requests: new Map(Object.entries(facts.requests)),
    nodeCores: facts.nodeCores,
  };
}

/** The default query of `rightsize`: per pod (not per node: the pods are placed anew), a namespace kept to. */
export function rightsizeQuery(namespace: string | undefined): string {
  const ns = namespace === undefined ? '' : `, namespace="${namespace.replace(/["\\]/g, '\\$&')}"`;
  return `sum by (namespace, pod) (rate(container_cpu_usage_seconds_total{container!="", image!=""${ns}}[5m]))`;
}
