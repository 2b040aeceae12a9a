/**
 * Crane's Dynamic scheduler, online, CPU only (gocrane/crane-scheduler, pkg/plugins/dynamic/
 * plugins.go `Filter`, `Score`; stats.go `isOverLoad`, `getNodeScore`, `getScore`,
 * `getNodeHotValue`, `getActiveDuration`; the default policy deploy/manifests/dynamic/policy.yaml).
 * The node's metrics are the annotations Crane's annotator writes at each metric's sync period:
 * `cpu_usage_avg_5m` the node's mean usage over 5 minutes, `cpu_usage_max_avg_1h` / `_1d` the
 * largest of those means over the hour / day (fractions of the node), each taken at its latest
 * sync instant before the arrival (every max(1, round(period / step)) instants), over as many
 * instants as the node has (a window not yet filled reads what there is). A node without a value
 * (no usage yet) is not filtered and that priority scores 0, as upstream on a missing annotation.
 * - filter: refused when a predicate's metric exceeds its `maxLimitPecent` (0: off);
 * - score: Σ (1 − metric) · weight · 100 over the priorities, over Σ weight, truncated; minus
 *   ⌊10 · hot value⌋, clamped to [0, 100]; the hot value is Σ over `hotValue` entries of the pods
 *   this scheduler bound to the node within `timeRange` before the arrival / `count`.
 * NodeResourcesFit's filter on requests stays. Memory metrics have no data: a policy's memory
 * predicates and priorities are left out (their weights too). Ties go to the lowest node name.
 */
import type { ClusterView, OnlineScheduler } from './model.ts';
import { bestNode, fitsRequest, MAX_NODE_SCORE } from './kubeDefault.ts';
import { keptPerInstant } from './perInstant.ts';

/**
 * A node's annotation as of sync instant u, kept until u moves: it reads only the node's totals
 * before the arrival's instant, which no bind or unbind changes, so every arrival between two syncs
 * reads the value the first one computed (NaN stands for no value).
 */
function keptBySync(
  compute: (view: ClusterView, n: number, u: number) => number | null,
): (view: ClusterView, n: number, u: number) => number | null {
  let keptView: ClusterView | null = null;
  let keptAt = -1;
  let values = new Float64Array(0);
  let known = new Uint8Array(0);
  return (view, n, u) => {
    if (view !== keptView || u !== keptAt || values.length < view.nodeCount) {
      if (values.length < view.nodeCount) {
        values = new Float64Array(2 * view.nodeCount);
        known = new Uint8Array(2 * view.nodeCount);
      }
      known.fill(0);
      keptView = view;
      keptAt = u;
    }
    if (!known[n]) {
      values[n] = compute(view, n, u) ?? NaN;
      known[n] = 1;
    }
    return Number.isNaN(values[n]) ? null : values[n];
  };
}

export const CRANE_METRICS = [
  'cpu_usage_avg_5m',
  'cpu_usage_max_avg_1h',
  'cpu_usage_max_avg_1d',
] as const;
export type CraneMetric = (typeof CRANE_METRICS)[number];

const METRIC_WINDOW: Record<CraneMetric, number> = {
  cpu_usage_avg_5m: 0,
  cpu_usage_max_avg_1h: 3600,
  cpu_usage_max_avg_1d: 86400,
};

export interface CraneSettings {
  readonly predicates: readonly { readonly name: CraneMetric; readonly maxLimitPecent: number }[];
  readonly priorities: readonly { readonly name: CraneMetric; readonly weight: number }[];
  /** syncPolicy period of each metric (s). */
  readonly sync: Readonly<Record<CraneMetric, number>>;
  readonly hotValue: readonly { readonly timeRange: number; readonly count: number }[];
}

/** policy.yaml's CPU entries. */
export const CRANE_ONLINE_DEFAULTS: CraneSettings = {
  predicates: [
    { name: 'cpu_usage_avg_5m', maxLimitPecent: 0.65 },
    { name: 'cpu_usage_max_avg_1h', maxLimitPecent: 0.75 },
  ],
  priorities: [
    { name: 'cpu_usage_avg_5m', weight: 0.2 },
    { name: 'cpu_usage_max_avg_1h', weight: 0.3 },
    { name: 'cpu_usage_max_avg_1d', weight: 0.5 },
  ],
  sync: { cpu_usage_avg_5m: 180, cpu_usage_max_avg_1h: 900, cpu_usage_max_avg_1d: 10800 },
  hotValue: [
    { timeRange: 300, count: 5 },
    { timeRange: 60, count: 2 },
  ],
};

export function craneDynamic(settings: CraneSettings, step: number): OnlineScheduler {
  const five = Math.max(1, Math.round(300 / step));
  const used = new Set<CraneMetric>([
    ...settings.predicates.map((p) => p.name),
    ...settings.priorities.map((p) => p.name),
  ]);
  const spanOf = (m: CraneMetric) => Math.max(1, Math.round(METRIC_WINDOW[m] / step));
  const everyOf = (m: CraneMetric) => Math.max(1, Math.round(settings.sync[m] / step));
  let history = five;
  for (const m of used) history = Math.max(history, five + spanOf(m) + everyOf(m));
  /** The node's 5-minute mean ending at instant u, as a fraction, or null without usage. */
  const mean5 = (view: ClusterView, n: number, u: number): number | null => {
    let sum = 0;
    let count = 0;
    for (let k = Math.max(0, u - five + 1); k <= u; k++) {
      const v = view.nodeUsageMilli(n, k);
      if (v !== null) {
        sum += v;
        count++;
      }
    }
    return count ? sum / count / view.node(n).capacityMilli : null;
  };
  const annotation = (view: ClusterView, n: number, m: CraneMetric, u: number): number | null => {
    if (m === 'cpu_usage_avg_5m') return mean5(view, n, u);
    let best: number | null = null;
    for (let v = Math.max(0, u - spanOf(m) + 1); v <= u; v++) {
      const x = mean5(view, n, v);
      if (x !== null && (best === null || x > best)) best = x;
    }
    return best;
  };
  const kept = new Map<CraneMetric, ReturnType<typeof keptBySync>>(
    [...used].map((m) => [m, keptBySync((view, n, u) => annotation(view, n, m, u))]),
  );
  const metric = (view: ClusterView, n: number, m: CraneMetric): number | null => {
    const last = view.t - 1;
    return last < 0 ? null : kept.get(m)!(view, n, last - (last % everyOf(m)));
  };
  const hot = (view: ClusterView, n: number) => {
    let value = 0;
    for (const h of settings.hotValue) {
      const recent = view
        .assignedSince(n, view.t - Math.ceil(h.timeRange / step))
        .filter((a) => (view.t - a.at) * step < h.timeRange).length;
      value += recent / h.count;
    }
    return value;
  };
  // A policy without CPU metrics reads none: its window is the 5-minute mean's.
  /**
   * The node's score, or −1 when a predicate refuses it: it reads the annotations and the node's
   * recent bindings, not the pod, so it is kept for the instant until a bind or unbind on the node.
   */
  const nodeScore = keptPerInstant((view, n) => {
    for (const p of settings.predicates) {
      if (p.maxLimitPecent === 0) continue;
      const x = metric(view, n, p.name);
      if (x !== null && x > p.maxLimitPecent) return -1;
    }
    let score = 0;
    let weight = 0;
    for (const p of settings.priorities) {
      weight += p.weight;
      const x = metric(view, n, p.name);
      if (x !== null) score += (1 - x) * p.weight * MAX_NODE_SCORE;
    }
    const base = weight === 0 ? 0 : Math.trunc(score / weight);
    return Math.max(0, Math.min(MAX_NODE_SCORE, base - Math.trunc(hot(view, n) * 10)));
  });
  const longest = [...used].reduce<CraneMetric>(
    (a, b) => (METRIC_WINDOW[b] > METRIC_WINDOW[a] ? b : a),
    'cpu_usage_avg_5m',
  );
  return {
    name: 'crane',
    settings: Object.fromEntries([
      ...settings.predicates.map((p) => [`predicate.${p.name}.maxLimitPecent`, p.maxLimitPecent]),
      ...settings.priorities.map((p) => [`priority.${p.name}.weight`, p.weight]),
    ]),
    historyInstants: history,
    window: {
      what: `Crane's ${longest} window`,
      seconds: Math.max(300, METRIC_WINDOW[longest]),
      instants: Math.max(five, ...[...used].map(spanOf)),
    },
    place(pod, view) {
      const request = view.requestMilli(pod);
      return bestNode(
        view,
        (n) => fitsRequest(view, n, request) && nodeScore(view, n) >= 0,
        (n) => nodeScore(view, n),
      );
    },
  };
}
