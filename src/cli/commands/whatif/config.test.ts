/**
 * Configuration files round-trip: the snippets `advise` writes (present/schedulers/snippets.ts)
 * read back by `replay` to the same values; and refusals name the field and the project's rule.
 */
import { describe, expect, it } from 'vitest';
import { findScheduler } from '../../../engine/index.ts';
import { schedulerSnippets } from '../../../present/schedulers/snippets.ts';
import { readSchedulerConfig } from './config.ts';

function written(name: string, values: readonly number[]): string {
  const scheduler = findScheduler(name);
  const snippets = schedulerSnippets({
    scheduler,
    settings: scheduler.config(values),
    status: 'tuned',
    machines: 7,
    judged: { mean: 0.001, worst: 0.004, p95: 0.003, over: 0 },
    target: 0.01,
    scope: 'every',
  });
  return snippets[0].text;
}

describe('replay reads what advise writes', () => {
  it('koordinator: usageThresholds and estimatedScalingFactors', () => {
    for (const [threshold, factor] of [
      [35, 85],
      [70, 60],
      [0, 100],
    ]) {
      const s = readSchedulerConfig(
        written('koordinator', [threshold, factor, 0, 0, 300]),
        'a.yaml',
      );
      expect(s).toEqual({
        scheduler: 'koordinator',
        settings: { threshold, factor, reportInterval: 60 },
      });
    }
  });

  it('koordinator: an aggregated percentile and duration', () => {
    const s = readSchedulerConfig(written('koordinator', [55, 85, 95, 3600, 300]), 'a.yaml');
    expect(s).toEqual({
      scheduler: 'koordinator',
      settings: {
        threshold: 65,
        factor: 85,
        reportInterval: 60,
        aggregation: { type: 'p95', threshold: 55, duration: 3600 },
      },
    });
  });

  it('koordinator: a percentile Koordinator does not offer is refused, naming its rule', () => {
    expect(() =>
      readSchedulerConfig(written('koordinator', [55, 85, 93, 3600, 300]), 'a.yaml'),
    ).toThrow(/aggregated\.usageAggregationType: "p93" is not one of avg, p50, p90, p95, p99/);
  });

  it('trimaran: targetUtilization and the multiplier; LVRB margin and sensitivity', () => {
    const tlp = findScheduler('trimaran-tlp');
    const values = [...tlp.defaults];
    values[0] = 55;
    const s = readSchedulerConfig(written('trimaran-tlp', values), 't.yaml');
    expect(s.scheduler).toBe('trimaran-tlp');
    if (s.scheduler !== 'trimaran-tlp') return;
    expect(s.settings.targetUtilization).toBe(55);
    expect(s.settings.defaultRequestsMultiplier).toBe(
      tlp.config(values).defaultRequestsMultiplier ?? 1.5,
    );
    expect(s.settings.defaultRequestsMilli).toBe(1000);
    const lvrb = findScheduler('trimaran-lvrb');
    const lv = [...lvrb.defaults];
    lv[0] = 2.5;
    const l = readSchedulerConfig(written('trimaran-lvrb', lv), 'l.yaml');
    expect(l.scheduler).toBe('trimaran-lvrb');
    if (l.scheduler !== 'trimaran-lvrb') return;
    const config = lvrb.config(lv);
    expect(l.settings.safeVarianceMargin).toBe(config.safeVarianceMargin);
    expect(l.settings.safeVarianceSensitivity).toBe(config.safeVarianceSensitivity);
  });

  it('kube-default: NodeResourcesFit MostAllocated by hand; other strategies refused', () => {
    const text = (type: string) =>
      `apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\nprofiles:\n- schedulerName: default-scheduler\n  pluginConfig:\n  - name: NodeResourcesFit\n    args:\n      scoringStrategy:\n        type: ${type}\n        resources:\n        - {name: cpu, weight: 1}\n`;
    expect(readSchedulerConfig(text('MostAllocated'), 'k.yaml')).toEqual({
      scheduler: 'kube-default',
      strategy: 'MostAllocated',
    });
    expect(() => readSchedulerConfig(text('RequestedToCapacityRatio'), 'k.yaml')).toThrow(
      /k\.yaml: profiles\[0\]\.pluginConfig\[0\]\.args\.scoringStrategy\.type: "RequestedToCapacityRatio"/,
    );
    expect(() => readSchedulerConfig(text('MostAllocated'), 'k.yaml', 'koordinator')).toThrow(
      /configures kube-default \(NodeResourcesFit\), but --scheduler is koordinator/,
    );
  });
});

describe('Crane policy files', () => {
  it('reads what advise writes, and the default policy (memory entries left out)', async () => {
    const crane = findScheduler('crane');
    const text = written('crane', crane.defaults);
    const s = readSchedulerConfig(text, 'policy.yaml');
    expect(s.scheduler).toBe('crane');
    if (s.scheduler !== 'crane') return;
    const config = crane.config(crane.defaults);
    for (const p of s.settings.predicates) expect(p.maxLimitPecent).toBe(config[p.name]);
    expect(s.settings.predicates.length).toBe(
      Object.keys(config).filter((k) => k.startsWith('cpu_') && config[k] > 0).length,
    );
    const policy = `apiVersion: scheduler.policy.crane.io/v1alpha1
kind: DynamicSchedulerPolicy
spec:
  syncPolicy:
    - {name: cpu_usage_avg_5m, period: 3m}
    - {name: cpu_usage_max_avg_1h, period: 15m}
    - {name: cpu_usage_max_avg_1d, period: 3h}
    - {name: mem_usage_avg_5m, period: 3m}
  predicate:
    - {name: cpu_usage_avg_5m, maxLimitPecent: 0.65}
    - {name: cpu_usage_max_avg_1h, maxLimitPecent: 0.75}
    - {name: mem_usage_avg_5m, maxLimitPecent: 0.65}
  priority:
    - {name: cpu_usage_avg_5m, weight: 0.2}
    - {name: cpu_usage_max_avg_1h, weight: 0.3}
    - {name: cpu_usage_max_avg_1d, weight: 0.5}
  hotValue:
    - {timeRange: 5m, count: 5}
    - {timeRange: 1m, count: 2}
`;
    const { CRANE_ONLINE_DEFAULTS } = await import('../../../engine/whatif/index.ts');
    expect(readSchedulerConfig(policy, 'policy.yaml')).toEqual({
      scheduler: 'crane',
      settings: CRANE_ONLINE_DEFAULTS,
    });
    expect(() =>
      readSchedulerConfig(policy.replace('count: 5', 'count: 0'), 'policy.yaml'),
    ).toThrow(/spec\.hotValue\[0\]\.count: 0 is outside an integer ≥ 1/);
    expect(() =>
      readSchedulerConfig(
        policy.replace('maxLimitPecent: 0.75', 'maxLimitPercent: 0.75'),
        'p.yaml',
      ),
    ).toThrow(/spec\.predicate\[1\]\.maxLimitPercent: unknown/);
  });
});
