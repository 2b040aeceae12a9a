/**
 * apw(m, p, h, Δ): an Autopilot-style moving-window recommender as a fit test (Rzadca, Findeisen,
 * Świderski, Zych, Broniek, Kusmierek, Nowak, Strack, Witusowski, Hand & Wilkes, "Autopilot:
 * workload autoscaling at Google", EuroSys 2020, §4.1 moving-window recommenders): each task's
 * usage samples weighted by 2^(−age / h), the age of the sample at column t of the observed part
 * O being (|O| − 1 − t)·Δ seconds; its recommendation is the p-th percentile of that weighted
 * distribution (the smallest sample value whose cumulative weight reaches p % of the total) times
 * (1 + m), the safety margin; a task fits iff the machine's sum of recommendations stays within c.
 * The paper's CPU recommender reads a decaying histogram with a 12-hour half-life; here the exact
 * samples are weighted (no buckets), and the tuner learns the margin.
 */
import { checkRange } from '../ranges.ts';
import type { FitCode } from './entry.ts';
import { deterministicSlack, sizesFrom, type FitTest } from './fitTest.ts';
import {
  AUTOPILOT_HALF_LIFE,
  AUTOPILOT_MARGIN,
  AUTOPILOT_PERCENTILE,
  AUTOPILOT_STEP,
} from './entries/autopilot.ts';

/** The p-th percentile of `values` weighted by `weights` (smallest value reaching p % of the weight). */
export function weightedPercentile(
  values: ArrayLike<number>,
  weights: ArrayLike<number>,
  p: number,
): number {
  const order = Array.from({ length: values.length }, (_, k) => k).sort(
    (a, b) => values[a] - values[b],
  );
  let total = 0;
  for (let k = 0; k < weights.length; k++) total += weights[k];
  const reach = (p / 100) * total;
  let sum = 0;
  for (const k of order) {
    sum += weights[k];
    if (sum >= reach * (1 - 1e-12)) return values[k];
  }
  return values[order[order.length - 1]];
}

/** Weights 2^(−age / half-life) of `width` samples `step` seconds apart, the last the newest. */
export function decayWeights(width: number, halfLifeHours: number, step: number): Float64Array {
  const perStep = step / (3600 * halfLifeHours);
  return Float64Array.from({ length: width }, (_, t) => 2 ** (-(width - 1 - t) * perStep));
}

function autopilot(margin: number, percentile: number, halfLife: number, step: number): FitTest {
  checkRange(AUTOPILOT_MARGIN, margin);
  checkRange(AUTOPILOT_PERCENTILE, percentile);
  checkRange(AUTOPILOT_HALF_LIFE, halfLife);
  checkRange(AUTOPILOT_STEP, step);
  return {
    spec: { kind: 'apw', margin, percentile, halfLife, step },
    usesVariance: false,
    sizes(stats, rows) {
      const { data, cols } = stats.matrix;
      const width = stats.width;
      const weights = decayWeights(width, halfLife, step);
      return sizesFrom(rows, (r) => {
        const from = r * cols + stats.start;
        const values = data.subarray(from, from + width);
        return (1 + margin) * weightedPercentile(values, weights, percentile);
      });
    },
    slack: (load, _v, size, _tv, capacity) => deterministicSlack(load, size, capacity),
  };
}

declare module './fitTest.ts' {
  interface FitSpecs {
    apw: {
      readonly kind: 'apw';
      readonly margin: number;
      readonly percentile: number;
      readonly halfLife: number;
      readonly step: number;
    };
  }
}

export const AUTOPILOT_CODE: FitCode = {
  kind: 'apw',
  create: ([margin, percentile, halfLife, step]) => autopilot(margin, percentile, halfLife, step),
};
