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
import { checkRange } from '../../ranges.ts';
import { sortFloat32 } from '../../stats/sortFloat32.ts';
import type { FitCode } from '../entry.ts';
import { deterministicSlack, type FitTest } from '../fitTest.ts';
import { VPA_PERCENTILE, VPA_MARGIN, VPA_DEFAULTS } from '../entries/vpa.ts';

/** The smallest value of ascending `sorted` with a share ≥ p of the values at or below it. */
function inversePercentile(sorted: ArrayLike<number>, p: number): number {
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

export const VPA_CODE: FitCode = {
  kind: 'vpa',
  create: ([percentile, margin]) => vpaSizing(percentile, margin),
};
