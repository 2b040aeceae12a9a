import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SCHEDULERS, findScheduler } from '../../engine/index.ts';
import { SNIPPET_SCHEDULERS, schedulerSnippets, type SnippetFacts } from './snippets.ts';
import { gpaRiskQuery } from './kubeSnippets.ts';

function facts(name: string, values?: readonly number[]): SnippetFacts {
  const scheduler = findScheduler(name);
  return {
    scheduler,
    settings: scheduler.config(values ?? scheduler.defaults),
    status: 'tuned',
    machines: 7,
    judged: { mean: 0.004, worst: 0.0123, p95: 0.011, over: 1 },
    target: 0.01,
    scope: 'every',
  };
}

/** Each snippet parsed back as YAML. */
const parsed = (f: SnippetFacts) => schedulerSnippets(f).map((s) => parse(s.text));

type Doc = Record<string, unknown> & {
  profiles: { pluginConfig: { name: string; args: Record<string, unknown> }[] }[];
};

describe('configuration snippets', () => {
  it('has a snippet writer for every scheduler of the catalog', () => {
    expect([...SNIPPET_SCHEDULERS].sort()).toEqual(SCHEDULERS.map((s) => s.name).sort());
  });

  it('writes comments with the nodes and the worst node’s q, and YAML that parses back', () => {
    for (const s of SCHEDULERS) {
      const f = facts(s.name);
      for (const snippet of schedulerSnippets(f)) {
        expect(snippet.text).toMatch(/^# slopack advise: /);
        expect(snippet.text).toContain('7 nodes');
        expect(snippet.text).toContain('worst-node q 0.0123');
        if (s.requests) expect(snippet.text).toContain(s.requests);
        expect(() => parse(snippet.text)).not.toThrow();
      }
    }
  });

  it('Koordinator: LoadAwareSchedulingArgs in integer percents, and the per-node annotation', () => {
    const [config, node] = parsed(facts('koordinator', [72.5, 85, 0, 0, 300]));
    const args = (config as Doc).profiles[0].pluginConfig[0];
    expect(args.name).toBe('LoadAwareScheduling');
    expect(args.args).toMatchObject({
      kind: 'LoadAwareSchedulingArgs',
      usageThresholds: { cpu: 72 },
      estimatedScalingFactors: { cpu: 85 },
    });
    const annotation = node.metadata.annotations['scheduling.koordinator.sh/usage-thresholds'];
    expect(JSON.parse(annotation)).toEqual({ usageThresholds: { cpu: 72 } });
  });

  it('Koordinator: an aggregated threshold goes under aggregated, with a Go duration', () => {
    const [config, node] = parsed(facts('koordinator', [60, 85, 95, 1800, 300]));
    const args = (config as Doc).profiles[0].pluginConfig[0].args;
    expect(args.usageThresholds).toBeUndefined();
    expect(args.aggregated).toEqual({
      usageThresholds: { cpu: 60 },
      usageAggregationType: 'p95',
      usageAggregatedDuration: '30m',
    });
    const annotation = node.metadata.annotations['scheduling.koordinator.sh/usage-thresholds'];
    expect(JSON.parse(annotation).aggregatedUsage.usageAggregationType).toBe('p95');
  });

  it('Trimaran: TargetLoadPackingArgs, and LoadVariationRiskBalancingArgs with both fields', () => {
    const [tlp] = parsed(facts('trimaran-tlp', [55, 1.5, 900, 300]));
    const t = (tlp as Doc).profiles[0].pluginConfig[0];
    expect(t.name).toBe('TargetLoadPacking');
    expect(t.args).toMatchObject({ targetUtilization: 55, defaultRequestsMultiplier: '1.5' });
    const [lvrb] = parsed(facts('trimaran-lvrb', [2.25, 2, 900, 300]));
    const l = (lvrb as Doc).profiles[0].pluginConfig[0];
    expect(l.name).toBe('LoadVariationRiskBalancing');
    expect(l.args).toMatchObject({ safeVarianceMargin: 2.25, safeVarianceSensitivity: 2 });
    const [codeDefaults] = parsed(facts('trimaran-lvrb'));
    const d = (codeDefaults as Doc).profiles[0].pluginConfig[0].args;
    expect(d).toMatchObject({ safeVarianceMargin: 1, safeVarianceSensitivity: 1 });
    expect(schedulerSnippets(facts('trimaran-lvrb'))[0].text).toContain('only score');
  });

  it('Crane: a DynamicSchedulerPolicy with maxLimitPecent as Crane spells it', () => {
    const [policy, config] = parsed(facts('crane', [0.6, 0.75 / 0.65, 0, 300]));
    expect(policy.kind).toBe('DynamicSchedulerPolicy');
    expect(policy.apiVersion).toBe('scheduler.policy.crane.io/v1alpha1');
    expect(policy.spec.predicate).toEqual([
      { name: 'cpu_usage_avg_5m', maxLimitPecent: 0.6 },
      { name: 'cpu_usage_max_avg_1h', maxLimitPecent: 0.6923 },
    ]);
    expect(policy.spec.syncPolicy.map((p: { name: string }) => p.name)).toEqual([
      'cpu_usage_avg_5m',
      'cpu_usage_max_avg_1h',
    ]);
    expect((config as Doc).profiles[0].pluginConfig[0].name).toBe('Dynamic');
  });

  it('overcommit: Volcano’s overcommit-factor, Nova’s cpu_allocation_ratio, Katalyst’s ratio', () => {
    const [volcano, nova, katalyst] = parsed(facts('overcommit', [1.7]));
    expect(volcano.tiers[0].plugins[0]).toEqual({
      name: 'overcommit',
      arguments: { 'overcommit-factor': 1.7 },
    });
    expect(nova.conf.nova.DEFAULT.cpu_allocation_ratio).toBe(1.7);
    expect(katalyst.kind).toBe('NodeOvercommitConfig');
    expect(katalyst.spec.resourceOvercommitRatio).toEqual({ cpu: '1.7' });
  });

  it('VPA: the recommender’s flags and the proposed per-VPA field', () => {
    const [flags, object] = parsed(facts('vpa', [0.95, 0.15]));
    expect(flags.containers[0].args).toEqual([
      '--target-cpu-percentile=0.95',
      '--recommendation-margin-fraction=0.15',
    ]);
    const policy = object.spec.resourcePolicy.containerPolicies[0];
    expect(policy.targetCPUPercentile).toBe(0.95);
  });

  it('descheduler: LowNodeUtilization whose Prometheus query carries z', () => {
    const [policy] = parsed(facts('descheduler', [0.001]));
    expect(policy.apiVersion).toBe('descheduler/v1alpha2');
    const plugin = policy.profiles[0].pluginConfig[0];
    expect(plugin.name).toBe('LowNodeUtilization');
    expect(plugin.args.metricsUtilization.source).toBe('Prometheus');
    expect(plugin.args.metricsUtilization.prometheus.query).toBe(gpaRiskQuery(3.0902));
    expect(plugin.args.metricsUtilization.prometheus.query).toContain('+ 3.0902 * sqrt(');
    expect(plugin.args.targetThresholds).toEqual({ MetricResource: 99 });
    expect(policy.profiles[0].plugins.balance.enabled).toEqual(['LowNodeUtilization']);
  });

  it('says so when no value keeps q*', () => {
    const f = { ...facts('overcommit', [0.5]), status: 'closest' as const };
    expect(schedulerSnippets(f)[0].text).toContain('NO value keeps q* = 0.01 on every node');
  });
});
