/**
 * Trimaran's load-aware scores, online (kubernetes-sigs/scheduler-plugins, pkg/trimaran):
 * - TargetLoadPacking (targetloadpacking/targetloadpacking.go `Score`, `PredictUtilisation`): the
 *   node's average usage over load-watcher's window, plus the pod's predicted usage (its request ×
 *   `defaultRequestsMultiplier`, rounded; `defaultRequests` 1000 m without one), plus the predicted
 *   usage of the pods bound to the node after the window's end or less than the metrics agent's
 *   60 s before it; P = 100 · that / capacity; score round((100 − U) · P / U + U) up to the target
 *   U, round(U · (100 − P) / (100 − U)) above it, 0 above 100;
 * - LoadVariationRiskBalancing (loadvariationriskbalancing/loadvariationriskbalancing.go `Score`,
 *   analysis.go `computeScore`): μ = (average + the pod's request) / capacity and σ = the usage's
 *   standard deviation / capacity, each clamped to [0, 1], σ ← (σ^(1/sensitivity)) · margin clamped;
 *   score round((1 − (μ + σ) / 2) · 100) (CPU only: memory has no data, so the CPU score stands).
 * The window is load-watcher's (paypal/load-watcher pkg/watcher: 15 minutes, its end the latest
 * instant before the arrival): the node's totals over the last round(window / step) instants it
 * ran (a window not yet filled reads what there is; a node with none scores 0, as upstream scores
 * a node without metrics). Both plugins only score; kube's NodeResourcesFit filter on requests
 * stays, as in Trimaran's sample profiles. Ties go to the lowest node name. Each node's window
 * figures (and TLP's pods not yet in the metrics) are kept for the instant until a bind or unbind
 * on it (perInstant.ts), not read again at every arrival.
 */
import { checkRange } from '../ranges.ts';
import { TLP_MULTIPLIER, TLP_TARGET } from '../fit/entries/trimaranTlp.ts';
import { LVRB_MARGIN, LVRB_SENSITIVITY } from '../fit/entries/trimaranLvrb.ts';
import type { ClusterView, OnlineScheduler } from './model.ts';
import { bestNode, fitsRequest } from './kubeDefault.ts';
import { keptPerInstant } from './perInstant.ts';

/** load-watcher's window and the metrics agent's reporting interval (s). */
const LOAD_WATCHER_WINDOW = 900;
const METRICS_AGENT_INTERVAL = 60;

export interface TlpSettings {
  readonly targetUtilization: number;
  readonly defaultRequestsMultiplier: number;
  /** defaultRequests.cpu in millicores. */
  readonly defaultRequestsMilli: number;
}

export const TLP_ONLINE_DEFAULTS: TlpSettings = {
  targetUtilization: 40,
  defaultRequestsMultiplier: 1.5,
  defaultRequestsMilli: 1000,
};

export interface LvrbSettings {
  readonly safeVarianceMargin: number;
  readonly safeVarianceSensitivity: number;
}

export const LVRB_ONLINE_DEFAULTS: LvrbSettings = {
  safeVarianceMargin: 1,
  safeVarianceSensitivity: 1,
};

/** Mean and population standard deviation of node n's totals over the window, or null. */
function windowStats(
  view: ClusterView,
  n: number,
  instants: number,
): { mean: number; sd: number; end: number } | null {
  const end = view.t - 1;
  const values: number[] = [];
  for (let u = Math.max(0, end - instants + 1); u <= end; u++) {
    const v = view.nodeUsageMilli(n, u);
    if (v !== null) values.push(v);
  }
  if (values.length === 0) return null;
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const variance = values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length;
  return { mean, sd: Math.sqrt(variance), end };
}

function windowInstants(step: number): number {
  return Math.max(1, Math.round(LOAD_WATCHER_WINDOW / step));
}

export function targetLoadPacking(
  settings: TlpSettings = TLP_ONLINE_DEFAULTS,
  step: number,
): OnlineScheduler {
  checkRange(TLP_TARGET, settings.targetUtilization);
  checkRange(TLP_MULTIPLIER, settings.defaultRequestsMultiplier);
  const window = windowInstants(step);
  const U = settings.targetUtilization;
  const predict = (view: ClusterView, p: number) => {
    const r = view.requestMilli(p);
    return r === 0
      ? settings.defaultRequestsMilli
      : Math.round(r * settings.defaultRequestsMultiplier);
  };
  /** The node's window mean plus its pods not yet in the metrics (NaN: no metrics). */
  const loadOf = keptPerInstant((view, n) => {
    const stats = windowStats(view, n, window);
    if (stats === null) return NaN;
    let missing = 0;
    for (const a of view.assignedSince(n, stats.end - Math.ceil(METRICS_AGENT_INTERVAL / step)))
      if (a.at > stats.end || (stats.end - a.at) * step < METRICS_AGENT_INTERVAL)
        missing += predict(view, a.pod);
    return stats.mean + missing;
  });
  const score = (view: ClusterView, n: number, pod: number): number => {
    const load = loadOf(view, n);
    if (Number.isNaN(load)) return 0;
    const capacity = view.node(n).capacityMilli;
    const P = capacity === 0 ? 0 : (100 * (load + predict(view, pod))) / capacity;
    if (P > U) return P > 100 ? 0 : Math.round((U * (100 - P)) / (100 - U));
    return Math.round(((100 - U) * P) / U + U);
  };
  return {
    name: 'trimaran-tlp',
    settings: {
      targetUtilization: U,
      defaultRequestsMultiplier: settings.defaultRequestsMultiplier,
      'defaultRequests.cpu': `${settings.defaultRequestsMilli}m`,
      loadWatcherWindowSeconds: LOAD_WATCHER_WINDOW,
    },
    historyInstants: window + 1,
    window: { what: 'the load-watcher window', seconds: LOAD_WATCHER_WINDOW, instants: window },
    place(pod, view) {
      const request = view.requestMilli(pod);
      return bestNode(
        view,
        (n) => fitsRequest(view, n, request),
        (n) => score(view, n, pod),
      );
    },
  };
}

export function loadVariationRiskBalancing(
  settings: LvrbSettings = LVRB_ONLINE_DEFAULTS,
  step: number,
): OnlineScheduler {
  checkRange(LVRB_MARGIN, settings.safeVarianceMargin);
  checkRange(LVRB_SENSITIVITY, settings.safeVarianceSensitivity);
  const window = windowInstants(step);
  const clamp = (x: number) => Math.max(Math.min(x, 1), 0);
  const meanOf = keptPerInstant((view, n) => windowStats(view, n, window)?.mean ?? NaN);
  const sdOf = keptPerInstant((view, n) => windowStats(view, n, window)?.sd ?? NaN);
  const score = (view: ClusterView, n: number, pod: number): number => {
    const mean = meanOf(view, n);
    const capacity = view.node(n).capacityMilli;
    if (Number.isNaN(mean) || capacity <= 0) return 0;
    const stats = { mean, sd: sdOf(view, n) };
    const used = clamp(stats.mean / capacity) * capacity;
    const mu = clamp((used + view.requestMilli(pod)) / capacity);
    let sigma = clamp(stats.sd / capacity);
    if (settings.safeVarianceSensitivity >= 0)
      sigma = Math.pow(sigma, 1 / settings.safeVarianceSensitivity);
    sigma = clamp(sigma * settings.safeVarianceMargin);
    return Math.round((1 - (mu + sigma) / 2) * 100);
  };
  return {
    name: 'trimaran-lvrb',
    settings: {
      safeVarianceMargin: settings.safeVarianceMargin,
      safeVarianceSensitivity: settings.safeVarianceSensitivity,
      loadWatcherWindowSeconds: LOAD_WATCHER_WINDOW,
    },
    historyInstants: window,
    window: { what: 'the load-watcher window', seconds: LOAD_WATCHER_WINDOW, instants: window },
    place(pod, view) {
      const request = view.requestMilli(pod);
      return bestNode(
        view,
        (n) => fitsRequest(view, n, request),
        (n) => score(view, n, pod),
      );
    },
  };
}
