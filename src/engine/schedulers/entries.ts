/**
 * The schedulers whose admission rule is a fit test of the registry's group 'scheduler'
 * (engine/fit/scheduler/, where each module cites the project files its rule, fields and defaults
 * come from), with their projects' field names and units. Parameter orders follow the fit tests:
 * koord T:f:a:d:Δ, tlp U:m:w:Δ, lvrb margin:sensitivity:w:Δ, crane L:k_hour:k_day:Δ, oc R, vpa p:m.
 */
import { CRANE_DEFAULTS } from '../fit/entries/crane.ts';
import { KOORD_DEFAULTS } from '../fit/entries/koordinator.ts';
import { OVERCOMMIT_DEFAULTS } from '../fit/entries/overcommit.ts';
import { TLP_DEFAULTS } from '../fit/entries/trimaranTlp.ts';
import { LVRB_CODE_DEFAULTS } from '../fit/entries/trimaranLvrb.ts';
import { DEFAULT_STEP, REQUEST_ASSUMPTION } from '../fit/entries/usage.ts';
import { VPA_DEFAULTS } from '../fit/entries/vpa.ts';
import type { SchedulerInfo } from './types.ts';

const TRIMARAN_SCORES =
  'Trimaran plugins only score: Kubernetes may still bind a pod to a node past the value when no better node is left; slopack reads the rule as a filter';
const STEP_NOTE = 'windows are mapped onto the data’s sampling step (Δ, the last parameter)';
const r4 = (v: number) => Number(v.toFixed(4));

const KOORDINATOR: SchedulerInfo = {
  name: 'koordinator',
  title: 'Koordinator LoadAwareScheduling',
  kind: 'koord',
  knob: { field: 'usageThresholds.cpu', unit: 'integer percent of the node’s CPU' },
  defaults: [
    KOORD_DEFAULTS.threshold,
    KOORD_DEFAULTS.factor,
    KOORD_DEFAULTS.aggregation,
    KOORD_DEFAULTS.duration,
    DEFAULT_STEP,
  ],
  defaultsNote:
    'code defaults: usageThresholds cpu 65, estimatedScalingFactors cpu 85, no aggregation',
  rule: 'a pod fits a node when the node’s CPU usage (latest, or a percentile over a duration) plus estimatedScalingFactors % of the pod’s request stays within usageThresholds % of the node',
  caveats: [
    'millicore rounding and the cap at the pod’s limit are not modelled',
    'the threshold is tuned with the estimatedScalingFactors and aggregation kept at their defaults',
    STEP_NOTE,
  ],
  requests: REQUEST_ASSUMPTION,
  sources: [
    'koordinator-sh/koordinator pkg/scheduler/plugins/loadaware/load_aware.go',
    'koordinator-sh/koordinator pkg/scheduler/apis/config/v1/defaults.go',
    'koordinator-sh/koordinator apis/extension/load_aware.go',
  ],
  config: ([threshold, factor, aggregation, duration]) => ({
    'usageThresholds.cpu': Math.floor(threshold),
    'estimatedScalingFactors.cpu': factor,
    ...(aggregation ? { 'aggregated.percentile': aggregation } : {}),
    ...(aggregation && duration ? { 'aggregated.durationSeconds': duration } : {}),
  }),
};

const TLP: SchedulerInfo = {
  name: 'trimaran-tlp',
  title: 'Trimaran TargetLoadPacking',
  kind: 'tlp',
  knob: { field: 'targetUtilization', unit: 'integer percent of the node’s CPU' },
  defaults: [TLP_DEFAULTS.target, TLP_DEFAULTS.multiplier, TLP_DEFAULTS.window, DEFAULT_STEP],
  defaultsNote:
    'code defaults: targetUtilization 40, defaultRequestsMultiplier 1.5 (load-watcher window 15 min)',
  rule: 'a pod fits a node when the node’s average CPU over load-watcher’s window plus the pod’s predicted usage (defaultRequestsMultiplier × request) stays within targetUtilization % of the node',
  caveats: [TRIMARAN_SCORES, STEP_NOTE],
  requests: REQUEST_ASSUMPTION,
  sources: [
    'kubernetes-sigs/scheduler-plugins pkg/trimaran/targetloadpacking/targetloadpacking.go',
    'kubernetes-sigs/scheduler-plugins apis/config/v1/defaults.go',
  ],
  config: ([target, multiplier]) => ({
    targetUtilization: Math.floor(target),
    defaultRequestsMultiplier: multiplier,
  }),
};

const LVRB: SchedulerInfo = {
  name: 'trimaran-lvrb',
  title: 'Trimaran LoadVariationRiskBalancing',
  kind: 'lvrb',
  knob: { field: 'safeVarianceMargin', unit: 'multiplier of σ^(1/safeVarianceSensitivity)' },
  defaults: [
    LVRB_CODE_DEFAULTS.margin,
    LVRB_CODE_DEFAULTS.sensitivity,
    TLP_DEFAULTS.window,
    DEFAULT_STEP,
  ],
  defaultsNote:
    'code defaults: safeVarianceMargin 1, safeVarianceSensitivity 1 (the README recommends 1 and 2)',
  rule: 'a pod fits a node when the node’s window mean with the pod’s request, plus safeVarianceMargin × σ^(1/safeVarianceSensitivity), stays within the node (the code’s risk ≤ ½)',
  caveats: [
    TRIMARAN_SCORES,
    'the margin is tuned at safeVarianceSensitivity 2 (the README’s recommendation): the headroom then depends on each node’s σ',
    STEP_NOTE,
  ],
  requests: REQUEST_ASSUMPTION,
  sources: [
    'kubernetes-sigs/scheduler-plugins pkg/trimaran/loadvariationriskbalancing/analysis.go',
    'kubernetes-sigs/scheduler-plugins apis/config/v1/defaults.go',
  ],
  config: ([margin, sensitivity]) => ({
    safeVarianceMargin: margin,
    safeVarianceSensitivity: sensitivity,
  }),
};

const CRANE: SchedulerInfo = {
  name: 'crane',
  title: 'Crane Dynamic',
  kind: 'crane',
  knob: {
    field: 'maxLimitPecent of cpu_usage_avg_5m',
    unit: 'fraction of the node (Crane’s spelling)',
  },
  defaults: [CRANE_DEFAULTS.limit, CRANE_DEFAULTS.hour, CRANE_DEFAULTS.day, DEFAULT_STEP],
  defaultsNote:
    'default policy.yaml: cpu_usage_avg_5m 0.65, cpu_usage_max_avg_1h 0.75, no 1-day predicate',
  rule: 'a node takes no pod while its 5-minute mean CPU, or the hour’s largest 5-minute mean, exceeds its maxLimitPecent; the pod’s own size plays no part',
  caveats: [
    'the hour’s limit is tuned in the default policy’s ratio to the 5-minute one (0.75 / 0.65)',
    'Crane’s hot-value spreading is not modelled',
    STEP_NOTE,
  ],
  requests: null,
  sources: [
    'gocrane/crane-scheduler pkg/plugins/dynamic/plugins.go, stats.go',
    'gocrane/crane-scheduler deploy/manifests/dynamic/policy.yaml',
  ],
  config: ([limit, hour, day]) => ({
    cpu_usage_avg_5m: r4(limit),
    ...(hour ? { cpu_usage_max_avg_1h: r4(limit * hour) } : {}),
    ...(day ? { cpu_usage_max_avg_1d: r4(limit * day) } : {}),
  }),
};

const OVERCOMMIT: SchedulerInfo = {
  name: 'overcommit',
  title: 'Overcommit ratio on requests (Volcano, OpenStack Nova, Katalyst)',
  kind: 'oc',
  knob: {
    field: 'overcommit-factor / cpu_allocation_ratio / resourceOvercommitRatio.cpu',
    unit: 'ratio of requests to the node',
  },
  defaults: [OVERCOMMIT_DEFAULTS.volcano],
  defaultsNote:
    'Volcano’s overcommit-factor 1.2 (Nova’s initial_cpu_allocation_ratio is 4.0; Katalyst has none)',
  rule: 'a pod fits a node when the requests on it, the pod’s included, stay within ratio × the node’s CPU',
  caveats: [
    'Volcano checks the factor when a job enqueues, on the cluster’s idle resources, not per node',
    'Nova and Katalyst skip or refuse ratios below 1 and Volcano replaces them by its default',
  ],
  requests: REQUEST_ASSUMPTION,
  sources: [
    'volcano-sh/volcano pkg/scheduler/plugins/overcommit/overcommit.go',
    'openstack/nova nova/conf/compute.py',
    'kubewharf/katalyst-api pkg/apis/overcommit/v1alpha1/types.go',
  ],
  config: ([ratio]) => ({ ratio }),
};

const VPA: SchedulerInfo = {
  name: 'vpa',
  title: 'VPA recommender percentile sizing',
  kind: 'vpa',
  knob: { field: '--target-cpu-percentile', unit: 'fraction (0.9 = p90)' },
  defaults: [VPA_DEFAULTS.percentile, VPA_DEFAULTS.margin],
  defaultsNote: 'flag defaults: --target-cpu-percentile 0.9, --recommendation-margin-fraction 0.15',
  rule: 'each container is requested at its CPU percentile × (1 + margin), and pods are packed by those requests',
  caveats: [
    'the histogram’s bucket rounding, the 24 h decay of sample weights and the 25-millicore minimum are not modelled',
    'a per-VPA percentile is only proposed (AEP-9970, kubernetes/autoscaler#10056, a draft behind a feature gate)',
  ],
  requests: null,
  sources: [
    'kubernetes/autoscaler vertical-pod-autoscaler/pkg/recommender/logic/recommender.go',
    'kubernetes/autoscaler vertical-pod-autoscaler/pkg/recommender/config/config.go',
  ],
  config: ([percentile, margin]) => ({
    targetCPUPercentile: percentile,
    recommendationMarginFraction: margin,
  }),
};

export const RULE_SCHEDULERS: readonly SchedulerInfo[] = [
  KOORDINATOR,
  TLP,
  LVRB,
  CRANE,
  OVERCOMMIT,
  VPA,
];
