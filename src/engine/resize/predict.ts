/**
 * Size sources for resizing (SPEC §13): the FUSD predictor (VISBP paper §3.2, "fast up, slow
 * down"), the last value, the oracle (the actual value of the step), and the stochastic bridge
 * e = μ + z·σ over the recent window. A series holds NaN where the VM is absent.
 */

export type PredictorSpec =
  | {
      readonly kind: 'fusd';
      readonly upAlpha: number;
      readonly downAlpha: number;
      readonly window: number;
      readonly percentile: number;
    }
  | { readonly kind: 'last' }
  | { readonly kind: 'oracle' }
  | { readonly kind: 'stochastic'; readonly window: number; readonly z: number };

/** Validates a predictor's parameters; a RangeError names the bad one. */
export function checkPredictor(p: PredictorSpec): PredictorSpec {
  if (p.kind === 'fusd') {
    for (const [k, a] of [
      ['up-alpha', p.upAlpha],
      ['down-alpha', p.downAlpha],
    ] as const)
      if (!(a >= -1 && a <= 1)) throw new RangeError(`invalid ${k}: ${a} (must be in [-1, 1])`);
    if (!(p.percentile >= 0 && p.percentile <= 100))
      throw new RangeError(`invalid percentile: ${p.percentile} (must be in [0, 100])`);
  }
  if (
    (p.kind === 'fusd' || p.kind === 'stochastic') &&
    !(Number.isInteger(p.window) && p.window >= 1)
  )
    throw new RangeError(`invalid window: ${p.window} (an integer ≥ 1)`);
  if (p.kind === 'stochastic' && !Number.isFinite(p.z)) throw new RangeError(`invalid z: ${p.z}`);
  return p;
}

/**
 * The size used at each step from the actual series: step k sees observations up to k − 1 (the
 * oracle sees k). A VM's first present step has no history: it is sized by its actual usage there
 * (our choice; the paper does not say). Sizes are clamped to [0, 1] (an item over a machine is
 * outside the model). For 'stochastic', `mu` and `sigma` receive the window's mean and deviation.
 */
export function predictSeries(
  actual: Float64Array,
  p: PredictorSpec,
  mu?: Float64Array,
  sigma?: Float64Array,
): Float64Array {
  if (p.kind === 'fusd') return fusdSeries(actual, p);
  const n = actual.length;
  const out = new Float64Array(n);
  const win = new Float64Array(p.kind === 'stochastic' ? p.window : 1);
  let count = 0;
  let head = 0;
  for (let k = 0; k < n; k++) {
    const a = actual[k];
    if (Number.isNaN(a)) {
      out[k] = NaN;
      count = 0;
      head = 0;
      continue;
    }
    let size: number;
    if (p.kind === 'oracle' || count === 0) size = a;
    else if (p.kind === 'last') size = actual[k - 1];
    else {
      const m = meanOf(win, count);
      const s = stdOf(win, count, m);
      if (mu) mu[k] = m;
      if (sigma) sigma[k] = s;
      size = m + p.z * s;
    }
    if (count === 0 && p.kind === 'stochastic') {
      if (mu) mu[k] = a;
      if (sigma) sigma[k] = 0;
    }
    out[k] = size < 0 ? 0 : size > 1 ? 1 : size;
    win[head] = a;
    head = (head + 1) % win.length;
    if (count < win.length) count++;
  }
  return out;
}

/** FUSD (paper §3.2): E(k) = α·E(k − 1) + (1 − α)·O(k), ↑α when O rises, ↓α when it falls. */
function fusdSeries(
  actual: Float64Array,
  p: Extract<PredictorSpec, { kind: 'fusd' }>,
): Float64Array {
  const observed = windowPercentiles(actual, p.window, p.percentile);
  const n = actual.length;
  const out = new Float64Array(n);
  let estimate = NaN;
  for (let k = 0; k < n; k++) {
    const a = actual[k];
    if (Number.isNaN(a)) {
      out[k] = NaN;
      estimate = NaN;
      continue;
    }
    const size = Number.isNaN(estimate) ? a : estimate;
    out[k] = size < 0 ? 0 : size > 1 ? 1 : size;
    const o = observed[k];
    if (Number.isNaN(estimate)) estimate = o;
    else {
      const alpha = o >= estimate ? p.upAlpha : p.downAlpha;
      estimate = alpha * estimate + (1 - alpha) * o;
    }
  }
  return out;
}

/**
 * O(k): the percentile of the last `window` observations up to step k (since the VM's latest
 * arrival; NaN where absent). Independent of the α's, so cached per series, window and percentile:
 * a sweep over α's computes it once.
 */
const percentileCache = new WeakMap<Float64Array, Map<string, Float64Array>>();
function windowPercentiles(actual: Float64Array, window: number, percentile: number): Float64Array {
  const key = `${window}:${percentile}`;
  let perSeries = percentileCache.get(actual);
  const hit = perSeries?.get(key);
  if (hit) return hit;
  const n = actual.length;
  const out = new Float64Array(n);
  const win = new Float64Array(window);
  const sorted = new Float64Array(window);
  let count = 0;
  let head = 0;
  for (let k = 0; k < n; k++) {
    const a = actual[k];
    if (Number.isNaN(a)) {
      out[k] = NaN;
      count = head = 0;
      continue;
    }
    win[head] = a;
    head = (head + 1) % window;
    if (count < window) count++;
    out[k] = percentileOfWindow(win, count, sorted, percentile);
  }
  if (!perSeries) percentileCache.set(actual, (perSeries = new Map()));
  perSeries.set(key, out);
  return out;
}

/** The p-th percentile (linear interpolation between order statistics) of the window's values. */
function percentileOfWindow(
  win: Float64Array,
  count: number,
  sorted: Float64Array,
  p: number,
): number {
  for (let i = 0; i < count; i++) {
    const v = win[i];
    let j = i - 1;
    while (j >= 0 && sorted[j] > v) {
      sorted[j + 1] = sorted[j];
      j--;
    }
    sorted[j + 1] = v;
  }
  const h = ((count - 1) * p) / 100;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, count - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

function meanOf(win: Float64Array, count: number): number {
  let s = 0;
  for (let i = 0; i < count; i++) s += win[i];
  return s / count;
}

function stdOf(win: Float64Array, count: number, m: number): number {
  if (count < 2) return 0;
  let s = 0;
  for (let i = 0; i < count; i++) s += (win[i] - m) * (win[i] - m);
  return Math.sqrt(s / (count - 1));
}
