/**
 * Snippets for Trimaran, Crane, the overcommit ratios and the VPA recommender.
 *
 * Fields read from: kubernetes-sigs/scheduler-plugins apis/config/v1/types.go and
 * apis/config/v1/defaults.go (TargetLoadPackingArgs: targetUtilization, an integer percent, default
 * 40; defaultRequests cpu 1000m; defaultRequestsMultiplier "1.5"; LoadVariationRiskBalancingArgs:
 * safeVarianceMargin and safeVarianceSensitivity, floats, both defaulting to 1, while
 * pkg/trimaran/loadvariationriskbalancing/README.md shows sensitivity 2); gocrane/crane-scheduler
 * deploy/manifests/policy.yaml (DynamicSchedulerPolicy, scheduler.policy.crane.io/v1alpha1,
 * predicate[].maxLimitPecent — Crane's spelling — a fraction of the node); volcano-sh/volcano
 * pkg/scheduler/plugins/overcommit/overcommit.go (argument `overcommit-factor`, default 1.2);
 * OpenStack nova's `cpu_allocation_ratio` ([DEFAULT], vCPU per physical CPU), as openstack-helm's
 * values `conf.nova.DEFAULT`; kubewharf/katalyst-api NodeOvercommitConfig
 * (overcommit.katalyst.kubewharf.io/v1alpha1, spec.resourceOvercommitRatio.cpu, a string);
 * kubernetes/autoscaler vertical-pod-autoscaler pkg/recommender/input flags
 * (`--target-cpu-percentile` 0.9, `--recommendation-margin-fraction` 0.15) and the per-VPA
 * `targetCPUPercentile` in resourcePolicy.containerPolicies that AEP-9970 proposes (the draft pull
 * request kubernetes/autoscaler#10056, behind a feature gate; no release has it).
 */
import type { SnippetBody } from './body.ts';
import { overcommitVerdicts } from '../../engine/index.ts';

type Settings = Readonly<Record<string, number>>;

const PROMETHEUS = 'http://prometheus-k8s.monitoring.svc.cluster.local:9090';

export function trimaran(
  plugin: 'TargetLoadPacking' | 'LoadVariationRiskBalancing',
  s: Settings,
): SnippetBody {
  const args =
    plugin === 'TargetLoadPacking'
      ? {
          targetUtilization: s.targetUtilization,
          defaultRequests: { cpu: '1000m' },
          defaultRequestsMultiplier: String(s.defaultRequestsMultiplier ?? 1.5),
          metricProvider: { type: 'Prometheus', address: PROMETHEUS },
        }
      : {
          safeVarianceMargin: s.safeVarianceMargin,
          safeVarianceSensitivity: s.safeVarianceSensitivity,
          metricProvider: { type: 'Prometheus', address: PROMETHEUS },
        };
  return {
    title: `Trimaran: KubeSchedulerConfiguration pluginConfig (${plugin}Args)`,
    body: {
      apiVersion: 'kubescheduler.config.k8s.io/v1',
      kind: 'KubeSchedulerConfiguration',
      profiles: [
        {
          schedulerName: 'trimaran',
          plugins: { score: { enabled: [{ name: plugin }] } },
          pluginConfig: [{ name: plugin, args }],
        },
      ],
    },
    notes: [
      `${plugin} only scores nodes: Kubernetes may still place a pod on a node past the value`,
      'slopack judged it as a filter; the Prometheus address is an example',
    ],
  };
}

const CRANE_METRICS = ['cpu_usage_avg_5m', 'cpu_usage_max_avg_1h', 'cpu_usage_max_avg_1d'] as const;
const CRANE_SYNC: Record<string, string> = {
  cpu_usage_avg_5m: '3m',
  cpu_usage_max_avg_1h: '15m',
  cpu_usage_max_avg_1d: '3h',
};

export function crane(s: Settings): SnippetBody[] {
  const used = CRANE_METRICS.filter((m) => s[m] !== undefined);
  return [
    {
      title: 'Crane: DynamicSchedulerPolicy (the file policyConfigPath names)',
      body: {
        apiVersion: 'scheduler.policy.crane.io/v1alpha1',
        kind: 'DynamicSchedulerPolicy',
        spec: {
          syncPolicy: used.map((name) => ({ name, period: CRANE_SYNC[name] })),
          predicate: used.map((name) => ({ name, maxLimitPecent: s[name] })),
        },
      },
      notes: [
        'maxLimitPecent (Crane’s spelling) is a fraction of the node; memory predicates are not tuned here',
      ],
    },
    {
      title: 'Crane: KubeSchedulerConfiguration enabling Dynamic',
      body: {
        apiVersion: 'kubescheduler.config.k8s.io/v1',
        kind: 'KubeSchedulerConfiguration',
        profiles: [
          {
            schedulerName: 'crane-scheduler',
            plugins: { filter: { enabled: [{ name: 'Dynamic' }] } },
            pluginConfig: [
              {
                name: 'Dynamic',
                args: { policyConfigPath: '/etc/kubernetes/policy.yaml' },
              },
            ],
          },
        ],
      },
    },
  ];
}

export function overcommit(s: Settings): SnippetBody[] {
  const ratio = s.ratio;
  const refused = (project: string) =>
    overcommitVerdicts(ratio)
      .filter((v) => v.project === project && !v.accepted)
      .map((v) => `NOT TAKEN: ${project} applies ${v.applied} instead (${v.rule})`);
  return [
    {
      title: 'Volcano: volcano-scheduler.conf, overcommit plugin',
      body: {
        actions: 'enqueue, allocate, backfill',
        tiers: [{ plugins: [{ name: 'overcommit', arguments: { 'overcommit-factor': ratio } }] }],
      },
      notes: [
        ...refused('Volcano'),
        'Volcano applies the factor when jobs enqueue, to the cluster’s idle resources',
      ],
    },
    {
      title: 'OpenStack nova: cpu_allocation_ratio (openstack-helm values)',
      body: { conf: { nova: { DEFAULT: { cpu_allocation_ratio: ratio } } } },
      notes: [`in nova.conf itself: [DEFAULT] cpu_allocation_ratio = ${ratio}`],
    },
    {
      title: 'Katalyst: NodeOvercommitConfig',
      body: {
        apiVersion: 'overcommit.katalyst.kubewharf.io/v1alpha1',
        kind: 'NodeOvercommitConfig',
        metadata: { name: 'slopack-advised' },
        spec: {
          nodeOvercommitSelectorVal: 'slopack-advised',
          resourceOvercommitRatio: { cpu: String(ratio) },
        },
      },
      notes: [
        ...refused('Katalyst'),
        'label the nodes: katalyst.kubewharf.io/overcommit_node_pool=slopack-advised',
      ],
    },
  ];
}

export function vpa(s: Settings): SnippetBody[] {
  const percentile = s.targetCPUPercentile;
  const margin = s.recommendationMarginFraction;
  return [
    {
      title: 'VPA recommender: command-line flags (container args)',
      body: {
        containers: [
          {
            name: 'recommender',
            args: [
              `--target-cpu-percentile=${percentile}`,
              ...(margin !== undefined ? [`--recommendation-margin-fraction=${margin}`] : []),
            ],
          },
        ],
      },
      notes: ['the flags apply to every VPA the recommender serves'],
    },
    {
      title:
        'VPA: per-VPA targetCPUPercentile as AEP-9970 proposes it (kubernetes/autoscaler#10056, a draft: not in a release)',
      body: {
        apiVersion: 'autoscaling.k8s.io/v1',
        kind: 'VerticalPodAutoscaler',
        metadata: { name: 'my-app' },
        spec: {
          targetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'my-app' },
          resourcePolicy: {
            containerPolicies: [{ containerName: '*', targetCPUPercentile: percentile }],
          },
        },
      },
      notes: ['the margin stays the recommender’s flag; the percentile is a fraction (0.9 = p90)'],
    },
  ];
}
