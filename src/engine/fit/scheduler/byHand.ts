/**
 * Test helper: each scheduler's rule written out directly from its project's text (plain loops over
 * a machine's task list and a realization matrix, no aligned-totals machinery), and First Fit over
 * such a rule, for the tests that check the fit tests make the same admission decisions.
 */
import type { RealizationMatrix } from '../../matrix.ts';
import { withinCapacity } from '../../capacity.ts';

/** "Does task t fit beside the tasks on a node of capacity c?" over matrix m's columns. */
export type Rule = (m: RealizationMatrix, node: readonly number[], t: number, c: number) => boolean;

function row(m: RealizationMatrix, i: number): number[] {
  return Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols));
}

/** Type-7 percentile (linear between order statistics), q in [0, 100]. */
function type7(values: readonly number[], q: number): number {
  const s = [...values].sort((a, b) => a - b);
  const h = (s.length - 1) * (q / 100);
  const lo = Math.floor(h);
  return lo + 1 < s.length ? s[lo] + (h - lo) * (s[lo + 1] - s[lo]) : s[lo];
}

/** Per matrix and key, each row's value of `of`, computed once. */
function perRow(key: string, of: (values: number[]) => number) {
  const cache = new WeakMap<RealizationMatrix, Map<string, number[]>>();
  return (m: RealizationMatrix, i: number) => {
    let byKey = cache.get(m);
    if (!byKey) cache.set(m, (byKey = new Map()));
    let values = byKey.get(key);
    if (!values) byKey.set(key, (values = Array.from({ length: m.rows }, (_, r) => of(row(m, r)))));
    return values[i];
  };
}

const request = perRow('p95', (values) => type7(values, 95));

/** The node's usage at each of the last `w` columns (all columns for w = 0). */
function nodeSeries(m: RealizationMatrix, node: readonly number[], w: number): number[] {
  const from = w === 0 ? 0 : m.cols - w;
  const out: number[] = [];
  for (let col = from; col < m.cols; col++) {
    let s = 0;
    for (const i of node) s += m.data[i * m.cols + col];
    out.push(s);
  }
  return out;
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * Koordinator: round(100·(usage + f % × request)/c) ≤ the threshold (a percent); usage the latest
 * sample or koordlet's pA.
 */
export function koordinator(
  thresholdPercent: number,
  f: number,
  a: number,
  windowColumns: number,
): Rule {
  return (m, node, t, c) => {
    let usage = 0;
    if (node.length > 0) {
      const series = nodeSeries(m, node, a === 0 ? 1 : windowColumns);
      if (a === 0) usage = series[series.length - 1];
      else {
        series.sort((x, y) => x - y);
        const index = Math.trunc(Math.fround(series.length * Math.fround(a / 100))) - 1;
        usage = series[index < 0 ? 0 : index];
      }
    }
    const estimated = usage + (request(m, t) * f) / 100;
    return Math.round((estimated / c) * 100) <= thresholdPercent;
  };
}

/** Trimaran TargetLoadPacking as a filter: 100·(window mean + m × request)/c ≤ the target (a percent). */
export function targetLoadPacking(
  targetPercent: number,
  multiplier: number,
  windowColumns: number,
): Rule {
  return (m, node, t, c) => {
    const average = node.length ? mean(nodeSeries(m, node, windowColumns)) : 0;
    return (100 * (average + multiplier * request(m, t))) / c <= targetPercent;
  };
}

/** Trimaran LVRB as a filter: the code's risk (its clamps) ≤ ½, and the mean with the pod ≤ c. */
export function loadVariationRisk(
  margin: number,
  sensitivity: number,
  windowColumns: number,
): Rule {
  return (m, node, t, c) => {
    let usedAvg = 0;
    let usedStdev = 0;
    if (node.length) {
      const series = nodeSeries(m, node, windowColumns);
      usedAvg = mean(series);
      usedStdev = Math.sqrt(mean(series.map((x) => (x - usedAvg) ** 2)));
    }
    const muRaw = (usedAvg + request(m, t)) / c;
    const mu = Math.min(1, Math.max(0, muRaw));
    let sigma = Math.min(1, Math.max(0, usedStdev / c));
    sigma = Math.pow(sigma, 1 / sensitivity) * margin;
    sigma = Math.min(1, Math.max(0, sigma));
    const risk = (mu + sigma) / 2;
    return muRaw <= 1 && risk <= 0.5;
  };
}

/** Crane Dynamic: every predicate on has its metric (a max of k-column means) ≤ its limit. */
export function crane(
  limits: readonly number[],
  meanColumns: number,
  spans: readonly number[],
): Rule {
  return (m, node, _t, c) => {
    if (node.length === 0) return true;
    const series = nodeSeries(m, node, 0);
    for (let k = 0; k < limits.length; k++) {
      if (limits[k] === 0) continue;
      let metric = -Infinity;
      for (let end = series.length - spans[k]; end < series.length; end++)
        metric = Math.max(metric, mean(series.slice(end - meanColumns + 1, end + 1)));
      if (metric / c > limits[k]) return false;
    }
    return true;
  };
}

/** Σ requests with the task ≤ ratio·c (up to the project's capacity tolerance). */
export function overcommit(ratio: number): Rule {
  return (m, node, t, c) => {
    const sum = [...node, t].reduce((s, i) => s + request(m, i), 0);
    return withinCapacity(sum, ratio * c);
  };
}

/** VPA: size = the smallest sample with a share ≥ p at or below it, × (1 + margin); Σ ≤ c. */
export function vpa(p: number, margin: number): Rule {
  const size = perRow(`vpa:${p}:${margin}`, (values) => {
    const s = values.sort((a, b) => a - b);
    const atOrBelow = (x: number) => s.filter((y) => y <= x).length;
    return s.find((x) => atOrBelow(x) >= p * s.length - 1e-9)! * (1 + margin);
  });
  return (m, node, t, c) => {
    const sum = [...node, t].reduce((s, i) => s + size(m, i), 0);
    return withinCapacity(sum, c);
  };
}

/** First Fit over a rule: tasks in order, the first node that admits, else a new node. */
export function firstFitByHand(m: RealizationMatrix, rule: Rule, c: number): number[][] {
  const nodes: number[][] = [];
  for (let t = 0; t < m.rows; t++) {
    const node = nodes.find((n) => rule(m, n, t, c));
    if (node) node.push(t);
    else nodes.push([t]);
  }
  return nodes;
}
