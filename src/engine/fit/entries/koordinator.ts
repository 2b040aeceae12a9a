/**
 * The registry's entry of Koordinator's LoadAwareScheduling rule with its parameters' ranges and
 * defaults: its description (label, parameters, sweep, tuning), which the first page reads; its
 * code is `../scheduler/koordinator.ts`.
 */
import { numberRange } from '../../ranges.ts';
import { linearGrid, type FitEntry } from '../entry.ts';
import { REQUEST_ASSUMPTION, STEP_PARAMETER } from './usage.ts';

export const KOORD_THRESHOLD = numberRange('usageThresholds[cpu]', 'T', { min: 0, max: 100 });
export const KOORD_FACTOR = numberRange('estimatedScalingFactors[cpu]', 'f', {
  min: 0,
  minOpen: true,
  max: 100,
});
export const KOORD_AGGREGATION = numberRange('usageAggregationType percentile', 'a', {
  min: 0,
  max: 100,
});
export const KOORD_DURATION = numberRange('usageAggregatedDuration', 'd', { min: 0 });

/** Koordinator's defaults (v1/defaults.go): CPU threshold 65 %, CPU scaling factor 85 %. */
export const KOORD_DEFAULTS = { threshold: 65, factor: 85, aggregation: 0, duration: 0 } as const;

export const KOORD_FIT: FitEntry = {
  kind: 'koord',
  label: `Koordinator LoadAwareScheduling (usageThresholds %; ${REQUEST_ASSUMPTION})`,
  group: 'scheduler',
  family: { name: 'Koordinator T' },
  slackMeaning: `T + ½ − 100·(node usage + f % × request) / c (${REQUEST_ASSUMPTION})`,
  sweep: [[65], [80]],
  readsPercentiles: true,
  parameters: [
    {
      key: 'threshold',
      range: KOORD_THRESHOLD,
      input: { label: 'usageThresholds cpu T (%)', widget: 'number', min: 0, max: 100 },
      arbitrary: { min: 0, max: 100 },
    },
    {
      key: 'factor',
      range: KOORD_FACTOR,
      default: KOORD_DEFAULTS.factor,
      input: { label: 'estimatedScalingFactors cpu f (%)', widget: 'number', min: 1, max: 100 },
      arbitrary: { min: 1, max: 100 },
    },
    {
      key: 'aggregation',
      range: KOORD_AGGREGATION,
      default: KOORD_DEFAULTS.aggregation,
      input: {
        label: 'aggregated percentile a (0: latest sample)',
        widget: 'number',
        min: 0,
        max: 100,
        hint: 'Koordinator accepts p50, p90, p95, p99',
      },
      arbitrary: { min: 0, max: 100 },
    },
    {
      key: 'duration',
      range: KOORD_DURATION,
      default: KOORD_DEFAULTS.duration,
      input: {
        label: 'usageAggregatedDuration d (s; 0: the whole learned part)',
        widget: 'number',
        min: 0,
        max: 30 * 86400,
      },
      arbitrary: { min: 0, max: 86400 },
    },
    STEP_PARAMETER,
  ],
  example: {
    kind: 'koord',
    threshold: 65,
    factor: 85,
    aggregation: 0,
    duration: 0,
    step: 300,
  },
  tuning: {
    label: 'Koordinator usageThresholds %',
    direction: -1,
    scale: 'linear',
    grid: linearGrid(100, 20, -5),
    nominalSlo: () => null,
    nominalSloMeaning: 'none: a usage threshold names no overflow probability',
  },
};
