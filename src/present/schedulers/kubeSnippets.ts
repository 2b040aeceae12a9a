/**
 * Snippets of Kubernetes configuration: Koordinator's LoadAwareSchedulingArgs and its per-node
 * annotation, and the descheduler's LowNodeUtilization fed by a GPA-risk Prometheus query.
 *
 * Field names read from koordinator-sh/koordinator pkg/scheduler/apis/config/v1beta3/types.go
 * (LoadAwareSchedulingArgs: usageThresholds, estimatedScalingFactors, aggregated.usageThresholds,
 * aggregated.usageAggregationType, aggregated.usageAggregatedDuration; thresholds are integer
 * percents), apis/extension/load_aware.go (`scheduling.koordinator.sh/usage-thresholds`, a JSON
 * CustomUsageThresholds: usageThresholds, aggregatedUsage), and kubernetes-sigs/descheduler
 * pkg/framework/plugins/nodeutilization/types.go (metricsUtilization.source, .prometheus.query: a
 * vector labelled `instance` with the node's name, each value in [0, 1]), usageclients.go (the
 * query's value read as the resource `MetricResource`, which thresholds then name) and
 * pkg/api/types.go (DeschedulerPolicy.metricsProviders: source Prometheus, prometheus.url).
 */
import type { SnippetBody } from './body.ts';

type Settings = Readonly<Record<string, number>>;

/** A Go duration (metav1.Duration) of whole seconds: "15m", "1h", "90s". */
function goDuration(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600}h`;
  if (seconds % 60 === 0) return `${seconds / 60}m`;
  return `${seconds}s`;
}

function aggregated(s: Settings): Record<string, unknown> | null {
  const p = s['aggregated.percentile'];
  if (!p) return null;
  return {
    usageThresholds: { cpu: s['usageThresholds.cpu'] },
    usageAggregationType: `p${p}`,
    ...(s['aggregated.durationSeconds']
      ? { usageAggregatedDuration: goDuration(s['aggregated.durationSeconds']) }
      : {}),
  };
}

export function koordinator(s: Settings): SnippetBody {
  const agg = aggregated(s);
  const args: Record<string, unknown> = {
    apiVersion: 'kubescheduler.config.k8s.io/v1',
    kind: 'LoadAwareSchedulingArgs',
    ...(agg ? {} : { usageThresholds: { cpu: s['usageThresholds.cpu'] } }),
    ...(s['estimatedScalingFactors.cpu'] !== undefined
      ? { estimatedScalingFactors: { cpu: s['estimatedScalingFactors.cpu'] } }
      : {}),
    ...(agg ? { aggregated: agg } : {}),
  };
  return {
    title: 'Koordinator: KubeSchedulerConfiguration pluginConfig (LoadAwareSchedulingArgs)',
    body: {
      apiVersion: 'kubescheduler.config.k8s.io/v1',
      kind: 'KubeSchedulerConfiguration',
      profiles: [
        {
          schedulerName: 'koord-scheduler',
          pluginConfig: [{ name: 'LoadAwareScheduling', args }],
        },
      ],
    },
    notes: ['usageThresholds and estimatedScalingFactors are integer percents of the node'],
  };
}

/** The same threshold on one node (a node type whose capacity differs gets its own tuned value). */
export function koordinatorNode(s: Settings): SnippetBody {
  const agg = aggregated(s);
  const value = agg
    ? { aggregatedUsage: agg }
    : { usageThresholds: { cpu: s['usageThresholds.cpu'] } };
  return {
    title: 'Koordinator: per-node annotation scheduling.koordinator.sh/usage-thresholds',
    body: {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: {
        name: 'NODE-NAME',
        annotations: { 'scheduling.koordinator.sh/usage-thresholds': JSON.stringify(value) },
      },
    },
    notes: [
      'when node types differ: tune each type on its own data (advise --capacity for its size) and',
      'annotate its nodes (kubectl annotate node NAME scheduling.koordinator.sh/usage-thresholds=…);',
      'the annotation overrides the plugin-wide usageThresholds on that node',
    ],
  };
}

/** Pods' CPU per node over a day, every 5 minutes (cAdvisor through the kubelet). */
const POD_CPU =
  'sum by (node, namespace, pod) (rate(container_cpu_usage_seconds_total{container!="", pod!=""}[5m]))';

/** The GPA risk of each node: (Σμ + z·√Σσ²) / allocatable CPU, clamped to [0, 1]. */
export function gpaRiskQuery(z: number): string {
  const mean = `sum by (node) (avg_over_time((${POD_CPU})[1d:5m]))`;
  const variance = `sum by (node) (stddev_over_time((${POD_CPU})[1d:5m]) ^ 2)`;
  const allocatable = 'sum by (node) (kube_node_status_allocatable{resource="cpu", unit="core"})';
  return `label_replace(clamp_max((${mean} + ${z} * sqrt(${variance})) / on (node) ${allocatable}, 1), "instance", "$1", "node", "(.*)")`;
}

export function descheduler(z: number): SnippetBody {
  const zText = Math.round(z * 1e4) / 1e4;
  return {
    title: 'descheduler: DeschedulerPolicy with LowNodeUtilization on a GPA-risk query',
    body: {
      apiVersion: 'descheduler/v1alpha2',
      kind: 'DeschedulerPolicy',
      metricsProviders: [
        {
          source: 'Prometheus',
          prometheus: { url: 'http://prometheus-k8s.monitoring.svc.cluster.local:9090' },
        },
      ],
      profiles: [
        {
          name: 'gpa-risk',
          pluginConfig: [
            {
              name: 'LowNodeUtilization',
              args: {
                thresholds: { MetricResource: 50 },
                targetThresholds: { MetricResource: 99 },
                metricsUtilization: {
                  source: 'Prometheus',
                  prometheus: { query: gpaRiskQuery(zText) },
                },
              },
            },
          ],
          plugins: { balance: { enabled: ['LowNodeUtilization'] } },
        },
      ],
    },
    notes: [
      `z = ${zText}: the query is each node's Σμ + z·√Σσ² of its pods' CPU over a day, over its allocatable CPU;`,
      'a node at 99 % or more is over the SLO (targetThresholds) and has pods evicted; under 50 % is',
      'underused (thresholds: not tuned, set to your taste). Pod CPU by node assumes the `node` label',
      'of kube-prometheus; the URL is an example',
    ],
  };
}
