/**
 * An upper confidence bound on one machine's aligned q that accounts for autocorrelation, so that
 * "q = 0 on 144 instants" is read as what it is: 144 instants that are far from 144 independent
 * trials when the load moves slowly.
 *
 * The method is an effective sample size (docs/advice.md, "The bound on every machine"): the
 * machine's per-instant total is read as a stationary series, its integrated autocorrelation time
 * τ = 1 + 2 Σ ρ_k is estimated with Geyer's initial positive sequence (pairs ρ_{2m−1} + ρ_{2m}
 * summed while positive), and the q̂·n overflows are taken as q̂·n/τ successes in n/τ Bernoulli
 * trials, bounded by Clopper–Pearson's one-sided upper limit (the Beta quantile, fractional
 * counts allowed). The load's autocorrelation, not the overflow indicator's, is read: it exists
 * when nothing overflowed (the case the bound is for), and for a Gaussian load the indicator of
 * exceeding a level is less correlated than the load itself, so τ errs on the safe side.
 */
import { betaQuantile } from '../stats/beta.ts';

/** The confidence of the per-machine bound. */
export const BOUND_CONFIDENCE = 0.95;

/**
 * The integrated autocorrelation time of `series` (its first `n` values): 1 for white noise, about
 * (1 + φ)/(1 − φ) for an AR(1) of coefficient φ, `n` at most (a constant series is one observation).
 */
export function autocorrelationTime(series: ArrayLike<number>, n = series.length): number {
  if (n < 2) return 1;
  let mean = 0;
  for (let t = 0; t < n; t++) mean += series[t];
  mean /= n;
  const centred = new Float64Array(n);
  let c0 = 0;
  for (let t = 0; t < n; t++) {
    centred[t] = series[t] - mean;
    c0 += centred[t] * centred[t];
  }
  if (!(c0 > 0)) return n;
  const rho = (k: number): number => {
    let s = 0;
    for (let t = k; t < n; t++) s += centred[t] * centred[t - k];
    return s / c0;
  };
  let tau = 1;
  for (let k = 1; k + 1 < n; k += 2) {
    const pair = rho(k) + rho(k + 1);
    if (!(pair > 0)) break;
    tau += 2 * pair;
  }
  return Math.min(n, Math.max(1, tau));
}

/**
 * The one-sided upper limit at `confidence` on a rate seen `overflows` times in `columns`
 * instants that count as `effective` independent ones (Clopper–Pearson with fractional counts).
 */
export function qUpperBound(
  overflows: number,
  columns: number,
  effective: number,
  confidence = BOUND_CONFIDENCE,
): number {
  if (!(columns > 0)) return 1;
  const n = Math.max(1, Math.min(columns, effective));
  const x = (overflows / columns) * n;
  if (x >= n) return 1;
  return betaQuantile(confidence, x + 1, n - x);
}
