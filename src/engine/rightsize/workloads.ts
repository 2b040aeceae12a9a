/**
 * Pods grouped into the workloads whose replicas share one request, as krr groups them (one
 * recommendation per controller and container, robusta-dev/krr `robusta_krr/core/integrations/
 * kubernetes`: pods listed by their controller's selector). Without the API server the controller
 * is read from what the history carries:
 * - an owner from kube-state-metrics (`kube_pod_owner{owner_kind, owner_name}`, or the older
 *   `created_by_kind`/`created_by_name` of `kube_pod_info`): a ReplicaSet's name less its
 *   pod-template-hash is its Deployment, a Job named `<cronjob>-<minutes>` is a CronJob's;
 * - else the pod's name, as the controllers name their pods: `<deployment>-<template hash>-<5>`
 *   (ReplicaSet, the hash and suffix in the API server's safe alphabet, or digits from before
 *   Kubernetes 1.8), `<cronjob>-<scheduled minute>-<5>`, `<statefulset>-<ordinal>`, and
 *   `<daemonset or job>-<5>` (the name alone cannot tell a DaemonSet from a Job);
 * - a pod none of these fit is kept as its own workload (kind `Pod`) and listed.
 */
import { setting } from '../settings.ts';

type WorkloadKind =
  | 'Deployment'
  | 'StatefulSet'
  | 'DaemonSet'
  | 'Job'
  | 'CronJob'
  | 'DaemonSet/Job'
  | 'ReplicaSet'
  | 'Pod';

export interface PodIdentity {
  readonly namespace: string | null;
  readonly pod: string;
  /** Every label known for the pod (the series', the pod's own from kube_pod_labels). */
  readonly labels: Readonly<Record<string, string>>;
}

/** `namespace/pod`, the key of what the cluster says of a pod (its owner, labels, memory). */
export const podKey = (who: PodIdentity) => `${who.namespace ?? ''}/${who.pod}`;

export interface PodOwner {
  readonly kind: string;
  readonly name: string;
}

export interface Workload {
  /** `namespace/Kind/name`, or the pod's own id when it was not grouped. */
  readonly id: string;
  readonly namespace: string | null;
  readonly kind: WorkloadKind;
  readonly name: string;
  /** Indices of its pods in the data's order. */
  readonly pods: number[];
  /** Where the grouping came from. */
  readonly from: 'owner' | 'name' | 'none';
}

export interface Grouping {
  readonly workloads: Workload[];
  /** Ids of the pods kept per pod (no owner, no controller's name pattern). */
  readonly ungrouped: string[];
}

/** The API server's safe alphabet (k8s.io/apimachinery `rand.SafeEncodeString`): no vowels, no 0, 1, 3. */
const SAFE = '[bcdfghjklmnpqrstvwxz2456789]';
const REPLICA_SET_POD = new RegExp(`^(.+)-(${SAFE}{6,10}|[0-9]{6,10})-(${SAFE}{5})$`);
const CRON_JOB_POD = new RegExp(`^(.+)-([0-9]{8,})-(${SAFE}{5})$`);
const SUFFIXED_POD = new RegExp(`^(.+)-(${SAFE}{5})$`);
const ORDINAL_POD = /^(.+)-(0|[1-9][0-9]{0,5})$/;
const TEMPLATE_HASH = new RegExp(`^(.+)-(${SAFE}{6,10}|[0-9]{6,10})$`);
const CRON_JOB_NAME = /^(.+)-([0-9]{8,})$/;

/** A series' id read back as a pod: `a=x,b=y` labels (Prometheus), `namespace/pod`, or the bare id. */
export function podIdentity(id: string): PodIdentity {
  if (/^[A-Za-z_][A-Za-z0-9_]*=[^,]*(,[A-Za-z_][A-Za-z0-9_]*=[^,]*)*$/.test(id)) {
    const labels: Record<string, string> = {};
    for (const part of id.split(',')) {
      const eq = part.indexOf('=');
      labels[part.slice(0, eq)] = part.slice(eq + 1);
    }
    return { namespace: labels.namespace ?? null, pod: labels.pod ?? id, labels };
  }
  const slash = id.indexOf('/');
  if (slash > 0 && slash === id.lastIndexOf('/'))
    return {
      namespace: id.slice(0, slash),
      pod: id.slice(slash + 1),
      labels: { namespace: id.slice(0, slash), pod: id.slice(slash + 1) },
    };
  return { namespace: null, pod: id, labels: { pod: id } };
}

/** The controller an owner stands for: a ReplicaSet's Deployment, a Job's CronJob. */
function controllerOf(owner: PodOwner): { kind: WorkloadKind; name: string } | null {
  const kind = owner.kind;
  if (kind === 'ReplicaSet') {
    const m = TEMPLATE_HASH.exec(owner.name);
    return m ? { kind: 'Deployment', name: m[1] } : { kind: 'ReplicaSet', name: owner.name };
  }
  if (kind === 'Job') {
    const m = CRON_JOB_NAME.exec(owner.name);
    return m ? { kind: 'CronJob', name: m[1] } : { kind: 'Job', name: owner.name };
  }
  if (kind === 'StatefulSet' || kind === 'DaemonSet' || kind === 'Deployment' || kind === 'CronJob')
    return { kind, name: owner.name };
  return null;
}

/** The controller a pod's name stands for, or null when it follows none of their patterns. */
function controllerFromName(pod: string): { kind: WorkloadKind; name: string } | null {
  let m = CRON_JOB_POD.exec(pod);
  if (m) return { kind: 'CronJob', name: m[1] };
  m = REPLICA_SET_POD.exec(pod);
  if (m) return { kind: 'Deployment', name: m[1] };
  m = SUFFIXED_POD.exec(pod);
  if (m) return { kind: 'DaemonSet/Job', name: m[1] };
  m = ORDINAL_POD.exec(pod);
  if (m) return { kind: 'StatefulSet', name: m[1] };
  return null;
}

/** The owner labels of a pod's own series, when the query kept them. */
function ownerFromLabels(labels: Readonly<Record<string, string>>): PodOwner | null {
  const kind = labels.owner_kind ?? labels.created_by_kind;
  const name = labels.owner_name ?? labels.created_by_name;
  return kind && name ? { kind, name } : null;
}

/**
 * Groups the pods `ids` (data order) into workloads, in order of their first pod. `owners` maps
 * `namespace/pod` (or `pod`) to its owner where kube-state-metrics exported one.
 */
export function groupWorkloads(
  ids: readonly string[],
  owners: ReadonlyMap<string, PodOwner> = new Map(),
  identities: readonly PodIdentity[] = ids.map(podIdentity),
): Grouping {
  const byId = new Map<string, Workload>();
  const workloads: Workload[] = [];
  const ungrouped: string[] = [];
  ids.forEach((id, p) => {
    const who = identities[p];
    const owner =
      ownerFromLabels(who.labels) ??
      owners.get(`${who.namespace ?? ''}/${who.pod}`) ??
      owners.get(who.pod) ??
      null;
    const fromOwner = owner ? controllerOf(owner) : null;
    const controller = fromOwner ?? controllerFromName(who.pod);
    const from = fromOwner ? 'owner' : controller ? 'name' : 'none';
    const kind: WorkloadKind = controller?.kind ?? 'Pod';
    const name = controller?.name ?? who.pod;
    const key = controller
      ? `${who.namespace === null ? '' : `${who.namespace}/`}${kind}/${name}`
      : id;
    if (!controller) ungrouped.push(id);
    let w = byId.get(key);
    if (!w) {
      w = { id: key, namespace: who.namespace, kind, name, pods: [], from };
      byId.set(key, w);
      workloads.push(w);
    }
    w.pods.push(p);
  });
  return { workloads, ungrouped };
}

/** One label matcher of a selector: `k=v`, `k==v`, `k!=v` (Kubernetes' equality-based selector). */
interface LabelMatcher {
  readonly key: string;
  readonly value: string;
  readonly equal: boolean;
}

/** A label selector `app=web,tier!=db`; a malformed matcher is a RangeError naming it. */
export function parseSelector(text: string): LabelMatcher[] {
  const out: LabelMatcher[] = [];
  for (const raw of text.split(',')) {
    const part = raw.trim();
    const m = /^([A-Za-z0-9_./-]+)\s*(!=|==|=)\s*([A-Za-z0-9_.-]*)$/.exec(part);
    if (!m)
      throw new RangeError(
        `${setting('selector', 'the selector')} "${text}": "${part}" is not a label matcher (expected key=value or key!=value, e.g. app=web,tier!=db)`,
      );
    out.push({ key: m[1], value: m[3], equal: m[2] !== '!=' });
  }
  return out;
}

/** Whether a pod's labels match every matcher (a missing label reads as empty, as in Kubernetes). */
export function matchesSelector(
  labels: Readonly<Record<string, string>>,
  matchers: readonly LabelMatcher[],
): boolean {
  return matchers.every((m) => ((labels[m.key] ?? '') === m.value) === m.equal);
}
