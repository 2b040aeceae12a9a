/**
 * VPA-style percentile sizing (kubernetes/autoscaler at 55c37cd, vertical-pod-autoscaler/pkg/
 * recommender/logic/recommender.go `CreatePodResourceRecommender`, pkg/recommender/config/config.go,
 * pkg/recommender/util/histogram.go `Percentile`, docs/flags.md): the recommender's CPU target is the
 * `--target-cpu-percentile` (default 0.9) of the container's usage × (1 + `--recommendation-margin-
 * fraction`) (default 0.15); the scheduler then packs by that request. Here a task's size is
 * s = P_p × (1 + margin) and a task fits iff Σ s + s ≤ c (the capacity comparison of `capacity.ts`).
 *
 * P_p is the smallest observed value with at least a share p of the samples at or below it (the
 * inverse of the empirical distribution function, as the histogram's `Percentile` walks its buckets
 * until the cumulative weight reaches p · total). Not modelled (written in the report layer's
 * caveats): the histogram's bucket rounding (buckets growing 5 % from 0.01 core return their upper
 * end; the data give no core count), the exponential decay of sample weights (half-life 24 h) and
 * the 25-millicore minimum. A per-VPA field for the percentile does not exist in the API at that
 * commit; docs/examples.md runs a second recommender with its own flag for a second percentile.
 */
import { checkRange, numberRange } from '../../ranges.ts';
import { sortFloat32 } from '../../stats/sortFloat32.ts';
import { linearGrid, type FitEntry } from '../entry.ts';
import { DETERMINISTIC_SLACK, deterministicSlack, type FitTest } from '../fitTest.ts';

export const VPA_PERCENTILE = numberRange('target-cpu-percentile', 'p', {
  min: 0,
  minOpen: true,
  max: 1,
});
export const VPA_MARGIN = numberRange('recommendation-margin-fraction', 'm', { min: 0 });

/** The recommender's flag defaults (config.go). */
export const VPA_DEFAULTS = { percentile: 0.9, margin: 0.15 } as const;

/** The smallest value of ascending `sorted` with a share ≥ p of the values at or below it. */
export function inversePercentile(sorted: ArrayLike<number>, p: number): number {
  const rank = Math.max(1, Math.ceil(p * sorted.length - 1e-9));
  return sorted[Math.min(sorted.length, rank) - 1];
}

export function vpaSizing(percentile: number, margin: number = VPA_DEFAULTS.margin): FitTest {
  checkRange(VPA_PERCENTILE, percentile);
  checkRange(VPA_MARGIN, margin);
  return {
    spec: { kind: 'vpa', percentile, margin },
    usesVariance: false,
    sizes(stats, rows) {
      const { data, cols } = stats.matrix;
      const size = new Float64Array(rows.length);
      for (let k = 0; k < rows.length; k++) {
        const base = rows[k] * cols;
        const sorted = sortFloat32(data.slice(base + stats.start, base + stats.end));
        size[k] = inversePercentile(sorted, percentile) * (1 + margin);
      }
      return { size, variance: new Float64Array(rows.length) };
    },
    slack: (load, _variance, size, _taskVariance, capacity) =>
      deterministicSlack(load, size, capacity),
  };
}

declare module '../fitTest.ts' {
  interface FitSpecs {
    vpa: { readonly kind: 'vpa'; readonly percentile: number; readonly margin: number };
  }
}

export const VPA_FIT: FitEntry = {
  kind: 'vpa',
  label: 'VPA percentile sizing (target-cpu-percentile × (1 + recommendation-margin-fraction))',
  group: 'scheduler',
  family: { name: 'VPA percentile' },
  slackMeaning: `${DETERMINISTIC_SLACK}, size = P_p × (1 + margin)`,
  sweep: [[0.9], [0.95]],
  parameters: [
    {
      key: 'percentile',
      range: VPA_PERCENTILE,
      input: { label: 'target-cpu-percentile p', widget: 'number', min: 0.01, max: 1 },
      arbitrary: { min: 0.01, max: 1 },
    },
    {
      key: 'margin',
      range: VPA_MARGIN,
      default: VPA_DEFAULTS.margin,
      input: { label: 'recommendation-margin-fraction', widget: 'number', min: 0, max: 2 },
      arbitrary: { min: 0, max: 1 },
    },
  ],
  example: { kind: 'vpa', percentile: 0.9, margin: 0.15 },
  create: ([percentile, margin]) => vpaSizing(percentile, margin),
  tuning: {
    label: 'VPA target-cpu-percentile',
    direction: 1,
    scale: 'linear',
    grid: linearGrid(0.5, 1, 0.025),
    nominalSlo: () => null,
    nominalSloMeaning: 'none: one container’s percentile names no machine’s overflow probability',
  },
};
