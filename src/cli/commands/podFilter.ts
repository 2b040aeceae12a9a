/**
 * `--namespace` and `--selector`, read the same way by every command on a cluster's history: a
 * pod's namespace and labels from its series (`namespace/pod` ids, or the labels a query kept), and
 * with `--prometheus` its Kubernetes labels (`kube_pod_labels`) for the selector. Nothing matching
 * is refused, naming what the pods have.
 */
import { seriesAt, type SeriesSet, type TaskSamples } from '../../engine/index.ts';
import {
  matchesSelector,
  parseSelector,
  podIdentity,
  podKey,
  type PodIdentity,
} from '../../engine/rightsize/index.ts';
import { UsageError, type Options } from '../args.ts';
import { asUsage } from './command.ts';

export { podKey };

/** Whether the options keep some pods only. */
export const filtersPods = (o: Options) => o.namespace !== undefined || o.selector !== undefined;

/**
 * The indices of the pods `--namespace` and `--selector` keep; `labelsOf` gives a pod's Kubernetes
 * labels where the cluster exports them (null: it exports none).
 */
export function keptPods(
  o: Options,
  identities: readonly PodIdentity[],
  labelsOf: ((who: PodIdentity) => Record<string, string> | undefined) | null,
): number[] {
  const namespace = o.namespace as string | undefined;
  const selector =
    o.selector === undefined ? null : asUsage(() => parseSelector(String(o.selector)));
  const keep: number[] = [];
  identities.forEach((who, p) => {
    if (namespace !== undefined && who.namespace !== namespace) return;
    const labels = { ...who.labels, ...(labelsOf?.(who) ?? {}) };
    if (selector && !matchesSelector(labels, selector)) return;
    keep.push(p);
  });
  if (keep.length > 0) return keep;
  const seen = [...new Set(identities.map((w) => w.namespace ?? '(none)'))].slice(0, 10);
  if (namespace !== undefined && !identities.some((w) => w.namespace === namespace))
    throw new UsageError(
      `--namespace ${namespace} matches none of the ${identities.length} pods (their namespaces: ${seen.join(', ')})`,
    );
  throw new UsageError(
    `--selector ${String(o.selector)} matches none of the ${identities.length} pods${namespace ? ` of namespace ${namespace}` : ''}${labelsOf === null ? ' (the server exports no kube_pod_labels: the series’ own labels were matched)' : ''}`,
  );
}

function pickSeries(s: SeriesSet, keep: readonly number[]): Float64Array[] {
  return keep.map((i) => seriesAt(s, i));
}

/** The samples of the tasks `keep` names, in that order. */
export function keepTasks(s: TaskSamples, keep: readonly number[]): TaskSamples {
  const requests = s.requests;
  const times = s.times;
  return {
    ids: keep.map((i) => s.ids[i]),
    inst: pickSeries(s.inst, keep),
    ...(s.avg ? { avg: pickSeries(s.avg, keep) } : {}),
    ...(requests
      ? {
          requests: {
            cpu: Float64Array.from(keep, (i) => requests.cpu[i]),
            memory: Float64Array.from(keep, (i) => requests.memory[i]),
          },
        }
      : {}),
    ...(times ? { times: keep.map((i) => times[i]) } : {}),
  };
}

/** The identities of the samples' tasks (pods). */
export const identitiesOf = (ids: readonly string[]) => ids.map(podIdentity);
