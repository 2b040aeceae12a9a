/**
 * The descheduler's balance plugins, run at their interval during a replay: the pods they evict are
 * re-created by their controllers and scheduled again at once by the replay's scheduler. CPU only.
 *
 * **LowNodeUtilization** (kubernetes-sigs/descheduler pkg/framework/plugins/nodeutilization:
 * lownodeutilization.go `Balance`; nodeutilization.go `assessNodesUsagesAndStaticThresholds`,
 * `assessNodesUsagesAndRelativeThresholds`, `capNodeCapacityToThreshold`,
 * `assessAvailableResourceInNodes`, `evictPodsFromSourceNodes`, `evictPods`, `sortNodesByUsage`;
 * validation.go `validateLowNodeUtilizationThresholds`). A node's utilisation is the sum of its
 * pods' requests (the default), or with `metricsUtilization.source: KubernetesMetrics` its usage
 * at the latest instant before the run (metrics-server's; a run before every node has one evicts
 * nothing, and a pod created since has no metric and is not evicted); in % of allocatable. Underutilised: at or
 * below `thresholds`; overutilised: above `targetThresholds` (with `useDeviationThresholds`, the
 * mean utilisation − / + them, clamped to [0, 100]). Nothing is evicted when no node is
 * underutilised, when they are `numberOfNodes` or fewer, when every node is, or when none is over.
 * The room = Σ over underutilised nodes of (⌊target % × allocatable⌋ − their utilisation). The
 * overutilised nodes, most utilised first, evict their pods in priority order (all pods here share
 * one priority and QoS class: the data's order) while the node stays above ⌊target % × allocatable⌋
 * and the room is positive, each eviction taking the pod's request (or usage) off both; at most
 * `evictionLimits.node` per node. The default evictor does not check that the pod fits elsewhere.
 *
 * **LowNodeLoad** (koordinator-sh/koordinator pkg/descheduler/framework/plugins/loadaware:
 * low_node_load.go `processOneNodePool`, `filterRealAbnormalNodes`; utilization_util.go
 * `getNodeUsage`, `getNodeThresholds`, `resourceThreshold`, `evictPodsFromSourceNodes`,
 * `balancePods`, `evictPods`, `sortPodsOnOneOverloadedNode`, `podFitsAnyNodeWithThreshold`;
 * utils/sorter pod.go `SortPodsByUsage`, scorer.go `mostRequestedScorePod`; utils/anomaly
 * basic_detector.go; defaults of apis/config/v1alpha2/defaults.go `SetDefaults_LowNodeLoadArgs`).
 * A node's usage is its NodeMetric, read as its total at the latest instant before the run (a node
 * without one yet is left out). Low: usage ≤ ⌊lowThresholds % × allocatable⌋; high: above
 * ⌊highThresholds %⌋. A high node is abnormal only once it has been high more than
 * `anomalyCondition.consecutiveAbnormalities` runs in a row (default 5; 1: at once), its detector
 * kept for `detectorCacheTimeout` (5 min) after it was last marked, so a run interval of 5 min or
 * more never lets the count grow past 1 — as upstream; once abnormal its count restarts. With
 * `nodeFit` (default true) a pod is removable only if some low node takes its usage without going
 * above its high threshold (the first such node keeps the pod's usage added, as upstream's check
 * leaves it) and its request fits there. Pods are evicted first whose usage best covers the node's
 * excess over its high threshold (score u/e below the excess, 1 + e/u above), newest first among
 * equals, then the data's order; while the node stays high and the room (Σ over low nodes of high
 * threshold − usage) is positive; at most 2 per node and run (the migration controller's
 * arbitration, `maxMigratingPerNode` default 2, each migration done within an interval).
 */
import type { ClusterView } from './model.ts';

export interface LowNodeUtilizationSettings {
  readonly plugin: 'LowNodeUtilization';
  /** thresholds.cpu and targetThresholds.cpu (%). */
  readonly low: number;
  readonly high: number;
  readonly deviation: boolean;
  readonly numberOfNodes: number;
  /** What utilisation is: the pods' requests, or metrics-server's usage. */
  readonly source: 'requests' | 'usage';
  /** evictionLimits.node (null: none). */
  readonly perNodeLimit: number | null;
  /** --descheduling-interval (s). */
  readonly interval: number;
}

export interface LowNodeLoadSettings {
  readonly plugin: 'LowNodeLoad';
  /** lowThresholds.cpu and highThresholds.cpu (%). */
  readonly low: number;
  readonly high: number;
  readonly deviation: boolean;
  readonly numberOfNodes: number;
  readonly consecutiveAbnormalities: number;
  /** detectorCacheTimeout (s). */
  readonly detectorCacheTimeout: number;
  readonly nodeFit: boolean;
  /** deschedulingInterval (s). */
  readonly interval: number;
}

export type DeschedulerSettings = LowNodeUtilizationSettings | LowNodeLoadSettings;

export const LOW_NODE_LOAD_DEFAULTS = {
  consecutiveAbnormalities: 5,
  detectorCacheTimeout: 300,
  nodeFit: true,
} as const;

/** The migration controller's arbitration: migrating pods per node (maxMigratingPerNode). */
export const KOORD_MAX_MIGRATING_PER_NODE = 2;

/** A descheduler run at instant t: the pods to evict, in order. */
export interface Descheduler {
  readonly name: string;
  readonly settings: Readonly<Record<string, number | string>>;
  /** Runs at instants 0, k, 2k, … */
  readonly everyInstants: number;
  evict(view: ClusterView, podsOn: readonly (readonly number[])[], createdAt: Int32Array): number[];
}

const clampPercent = (x: number) => Math.min(100, Math.max(0, x));
/** nodeutilization.go `capNodeCapacityToThreshold` / utilization_util.go `resourceThreshold`. */
const capped = (percent: number, milli: number) => Math.trunc(percent * 0.01 * milli);

/** The low and high thresholds in %, static or around the mean utilisation. */
function thresholds(
  s: DeschedulerSettings,
  percents: readonly number[],
): { low: number; high: number } {
  if (!s.deviation) return { low: s.low, high: s.high };
  const mean = percents.reduce((a, b) => a + b, 0) / Math.max(1, percents.length);
  if (s.plugin === 'LowNodeLoad' && s.low === 0) return { low: 100, high: 100 };
  return { low: clampPercent(mean - s.low), high: clampPercent(mean + s.high) };
}

function lowNodeUtilization(s: LowNodeUtilizationSettings, step: number): Descheduler {
  return {
    name: 'LowNodeUtilization',
    settings: settingsOf(s),
    everyInstants: Math.max(1, Math.round(s.interval / step)),
    evict(view, podsOn, createdAt) {
      const t = view.t;
      const N = view.nodeCount;
      const podUse = (p: number) =>
        s.source === 'requests'
          ? view.requestMilli(p)
          : createdAt[p] < t
            ? view.podUsageMilli(p, t - 1)
            : null;
      const usage: number[] = [];
      for (let n = 0; n < N; n++) {
        const u =
          s.source === 'requests' ? view.node(n).requestedMilli : view.nodeUsageMilli(n, t - 1);
        if (u === null) return [];
        usage.push(u);
      }
      const percents = usage.map((u, n) => (u / view.node(n).capacityMilli) * 100);
      const { low, high } = thresholds(s, percents);
      const lowNodes: number[] = [];
      const highNodes: number[] = [];
      for (let n = 0; n < N; n++) {
        if (!(low < percents[n])) lowNodes.push(n);
        else if (high < percents[n]) highNodes.push(n);
      }
      if (!lowNodes.length || lowNodes.length <= s.numberOfNodes || lowNodes.length === N)
        return [];
      if (!highNodes.length) return [];
      const available = (n: number) => capped(high, view.node(n).capacityMilli);
      let room = lowNodes.reduce((a, n) => a + available(n) - usage[n], 0);
      const goOn = (n: number) => usage[n] > available(n) && room > 0;
      highNodes.sort(
        (a, b) => usage[b] - usage[a] || (view.node(a).name < view.node(b).name ? -1 : 1),
      );
      const out: number[] = [];
      for (const n of highNodes) {
        if (!goOn(n)) continue;
        let evicted = 0;
        for (const p of podsOn[n]) {
          if (s.perNodeLimit !== null && evicted >= s.perNodeLimit) break;
          const u = podUse(p);
          if (u === null) continue;
          out.push(p);
          evicted++;
          usage[n] -= u;
          room -= u;
          if (!goOn(n)) break;
        }
      }
      return out;
    },
  };
}

/** sorter/scorer.go `mostRequestedScorePod`: how well a pod's usage covers the node's excess. */
export function coverScore(podMilli: number, excessMilli: number): number {
  if (excessMilli === 0) return 0;
  const ratio = podMilli / excessMilli;
  return ratio >= 1 ? 1 / ratio + 1 : ratio;
}

function lowNodeLoad(s: LowNodeLoadSettings, step: number): Descheduler {
  const marks = new Map<string, { count: number; at: number }>();
  return {
    name: 'LowNodeLoad',
    settings: settingsOf(s),
    everyInstants: Math.max(1, Math.round(s.interval / step)),
    evict(view, podsOn, createdAt) {
      const t = view.t;
      const reported: number[] = [];
      const usage = new Map<number, number>();
      for (let n = 0; n < view.nodeCount; n++) {
        const u = view.nodeUsageMilli(n, t - 1);
        if (u === null) continue;
        reported.push(n);
        usage.set(n, u);
      }
      const cap = (n: number) => view.node(n).capacityMilli;
      const { low, high } = thresholds(
        s,
        reported.map((n) => (usage.get(n)! / cap(n)) * 100),
      );
      const lowMilli = (n: number) => capped(low, cap(n));
      const highMilli = (n: number) => capped(high, cap(n));
      const lowNodes = reported.filter((n) => !(usage.get(n)! > lowMilli(n)));
      const source = reported.filter((n) => usage.get(n)! > highMilli(n));
      if (!source.length) return [];
      const abnormal = source.filter((n) => {
        if (s.consecutiveAbnormalities === 1) return true;
        const name = view.node(n).name;
        const last = marks.get(name);
        const fresh = !last || (t - last.at) * view.step >= s.detectorCacheTimeout;
        const count = (fresh ? 0 : last.count) + 1;
        const anomaly = count > s.consecutiveAbnormalities;
        marks.set(name, { count: anomaly ? 0 : count, at: t });
        return anomaly;
      });
      if (!abnormal.length || !lowNodes.length) return [];
      if (lowNodes.length <= s.numberOfNodes || lowNodes.length === reported.length) return [];
      let room = lowNodes.reduce((a, n) => a + highMilli(n) - usage.get(n)!, 0);
      const goOn = (n: number) => usage.get(n)! > highMilli(n) && room > 0;
      const score = (n: number) => Math.floor((Math.min(usage.get(n)!, cap(n)) * 1000) / cap(n));
      abnormal.sort(
        (a, b) => score(b) - score(a) || (view.node(a).name < view.node(b).name ? -1 : 1),
      );
      const metric = (p: number) => (createdAt[p] < t ? view.podUsageMilli(p, t - 1) : null);
      const fitsSomewhere = (p: number, use: number) => {
        for (const n of lowNodes) {
          const node = view.node(n);
          const request = view.requestMilli(p);
          if (request > 0 && request > node.capacityMilli - node.requestedMilli) continue;
          if (usage.get(n)! + use > highMilli(n)) continue;
          usage.set(n, usage.get(n)! + use);
          return true;
        }
        return false;
      };
      const out: number[] = [];
      for (const n of abnormal) {
        const removable = podsOn[n].filter((p) => {
          const use = metric(p);
          return !s.nodeFit || (use !== null && fitsSomewhere(p, use));
        });
        if (!removable.length) continue;
        const excess = usage.get(n)! - highMilli(n);
        const order = removable.map((p, k) => ({ p, k, s: coverScore(metric(p) ?? 0, excess) }));
        order.sort((a, b) => b.s - a.s || createdAt[b.p] - createdAt[a.p] || a.k - b.k);
        let evicted = 0;
        for (const { p } of order) {
          if (!goOn(n)) break;
          if (evicted >= KOORD_MAX_MIGRATING_PER_NODE) continue;
          out.push(p);
          evicted++;
          const use = metric(p);
          if (use === null) continue;
          room -= use;
          usage.set(n, usage.get(n)! - use);
        }
      }
      return out;
    },
  };
}

function settingsOf(s: DeschedulerSettings): Record<string, number | string> {
  const { plugin: _plugin, ...rest } = s;
  return Object.fromEntries(
    Object.entries(rest).map(([k, v]) => [k, typeof v === 'boolean' ? String(v) : (v ?? 'none')]),
  ) as Record<string, number | string>;
}

export function descheduler(s: DeschedulerSettings, step: number): Descheduler {
  return s.plugin === 'LowNodeUtilization' ? lowNodeUtilization(s, step) : lowNodeLoad(s, step);
}
