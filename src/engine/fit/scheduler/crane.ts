/**
 * Crane's `Dynamic` filter, CPU only (gocrane/crane-scheduler at c2c0533, pkg/plugins/dynamic/
 * plugins.go `Filter`, stats.go `isOverLoad`; the default policy deploy/manifests/dynamic/
 * policy.yaml; the Prometheus rules in README.md; the annotator's `/100` in pkg/controller/
 * prometheus/prometheus.go). A node is refused when any predicate's metric exceeds its
 * `maxLimitPecent` (so spelled; a fraction of the node, not a percent; 0 turns a predicate off):
 * - `cpu_usage_avg_5m` = `avg_over_time(cpu_usage_active[5m])`, the node's mean usage over the
 *   last 5 minutes;
 * - `cpu_usage_max_avg_1h` = `max_over_time(cpu_usage_avg_5m[1h])`, the largest of those 5-minute
 *   means over the last hour; `cpu_usage_max_avg_1d` the same over the last day.
 * The default policy limits the first to 0.65 and the second to 0.75, and has no predicate on the
 * third. The rule reads the node alone: the pod's own size plays no part.
 *
 * Here, on a matrix of `step` seconds per column, a window of W is the last round(W/step) columns;
 * the 5-minute means are taken at every column (Crane records them every minute), so the hour's
 * maximum needs round(1h/step) + round(5min/step) − 1 columns of history. A step longer than 5 minutes,
 * or a learned part shorter than a predicate's window, is refused (the window and the history named).
 *
 * The knob is the first limit L (`cpu_usage_avg_5m`); the others are multiples of it, the hour's by
 * default 0.75/0.65 (the default policy's ratio, so L = 0.65 is the default policy) and the day's
 * by default 0 (off, as in the default policy). `craneLimits` gives the absolute limits a policy
 * file takes. Slack = min over the predicates on of (limit − metric/c).
 */
import { checkRange } from '../../ranges.ts';
import type { FitCode } from '../entry.ts';
import { stateOnlySlack, type FitTest } from '../fitTest.ts';
import { checkHistory, windowColumns, windowSizes } from './usage.ts';
import { STEP_PARAMETER } from '../entries/usage.ts';
import {
  CRANE_LIMIT,
  CRANE_HOUR,
  CRANE_DAY,
  CRANE_DEFAULTS,
  CRANE_PREDICATES,
} from '../entries/crane.ts';

/** The absolute `maxLimitPecent` of each predicate (0: off), as a policy file writes them. */
export function craneLimits(spec: { limit: number; hour: number; day: number }): {
  readonly name: string;
  readonly maxLimitPecent: number;
}[] {
  const limits = [spec.limit, spec.limit * spec.hour, spec.limit * spec.day];
  return CRANE_PREDICATES.map((p, k) => ({ name: p.name, maxLimitPecent: limits[k] }));
}

/** Columns of the 5-minute mean, and of each predicate's window (0: off), checked on `history`. */
function craneWindows(limits: readonly number[], step: number, history: number) {
  const mean = windowColumns('cpu_usage_avg_5m', 300, step, history);
  const spans = CRANE_PREDICATES.map((p, k) => {
    if (limits[k] === 0 || k === 0) return limits[k] === 0 ? 0 : 1;
    const span = Math.round(p.seconds / step);
    checkHistory(p.name, p.seconds + 300 - step, span + mean - 1, step, history);
    return span;
  });
  return { mean, spans, columns: Math.max(mean, ...spans.map((s) => s + mean - 1)) };
}

export function craneDynamic(
  limit: number,
  hour: number = CRANE_DEFAULTS.hour,
  day: number = CRANE_DEFAULTS.day,
  step: number = STEP_PARAMETER.default as number,
): FitTest {
  checkRange(CRANE_LIMIT, limit);
  checkRange(CRANE_HOUR, hour);
  checkRange(CRANE_DAY, day);
  checkRange(STEP_PARAMETER.range, step);
  const limits = craneLimits({ limit, hour, day }).map((p) => p.maxLimitPecent);
  return {
    spec: { kind: 'crane', limit, hour, day, step },
    usesVariance: false,
    sizes(stats, rows) {
      stats.ensureMoments(rows);
      const size = Float64Array.from(rows, (r) => stats.mean[r]);
      let w = { mean: 1, spans: [] as number[], columns: 1 };
      let means = new Float64Array(0);
      const columns = () => {
        w = craneWindows(limits, step, stats.width);
        means = new Float64Array(w.columns);
        return w.columns;
      };
      return windowSizes(stats, rows, columns, size, (view, j, _t, capacity) => {
        const total = view.total(j);
        if (total !== null) rollingMeans(total, w.mean, means);
        let slack = Infinity;
        for (let k = 0; k < limits.length; k++) {
          if (limits[k] === 0) continue;
          let metric = 0;
          if (total !== null) {
            for (let c = w.columns - w.spans[k]; c < w.columns; c++)
              metric = Math.max(metric, means[c]);
          }
          slack = Math.min(slack, limits[k] - metric / capacity);
        }
        return slack;
      });
    },
    slack: stateOnlySlack('crane'),
  };
}

/** out[c] = the mean of series[c − width + 1 … c] (from c = width − 1 on). */
function rollingMeans(series: Float64Array, width: number, out: Float64Array): void {
  let sum = 0;
  for (let c = 0; c < series.length; c++) {
    sum += series[c];
    if (c >= width) sum -= series[c - width];
    out[c] = sum / width;
  }
}

declare module '../fitTest.ts' {
  interface FitSpecs {
    crane: {
      readonly kind: 'crane';
      readonly limit: number;
      readonly hour: number;
      readonly day: number;
      readonly step: number;
    };
  }
}

export const CRANE_CODE: FitCode = {
  kind: 'crane',
  create: ([limit, hour, day, step]) => craneDynamic(limit, hour, day, step),
};
