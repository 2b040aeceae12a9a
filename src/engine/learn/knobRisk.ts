/**
 * The knob lesson: what Trimaran's LoadVariationRiskBalancing (LVRB) promises, read as a filter.
 *
 * The plugin (kubernetes-sigs/scheduler-plugins, pkg/trimaran/loadvariationriskbalancing/
 * analysis.go, `computeScore`; μ and σ from pkg/trimaran/resourcestats.go, `GetMuSigma`) scores a
 * node by risk = [μ + min(1, margin·σ^(1/sensitivity))] / 2, with μ the node's mean usage plus the
 * new pod's request and σ the node's usage deviation (the pod adds no variance), both as fractions
 * of the capacity clipped to [0, 1]. The plugin only scores; read as a filter at risk ≤ ½ (the
 * reading this project takes), a node fits iff μ + min(1, margin·σ^(1/s)) ≤ 1: a headroom of
 * z = min(1, margin·σ^(1/s)) / σ deviations above the mean, so under a Gaussian the node overflows
 * with probability ρ = 1 − Φ(z). GPA keeps z = Φ⁻¹(1 − ρ) fixed; LVRB's z moves with σ unless s = 1.
 * The documented recommendation is margin 1, sensitivity 2 (the README); the code defaults are 1, 1
 * (apis/config/v1/defaults.go), which put z = 1 (ρ ≈ 0.159) on every node.
 */
import { lvrbLoad } from '../fit/scheduler/trimaranLvrb.ts';
import { LVRB_CODE_DEFAULTS, LVRB_RECOMMENDED } from '../fit/entries/trimaranLvrb.ts';
import { normalSurvival, normalSurvivalQuantile } from '../stats/normal.ts';

export interface LvrbKnob {
  /** `safeVarianceMargin`: the multiplier of σ^(1/s), non-negative. */
  readonly margin: number;
  /** `safeVarianceSensitivity`: the root power s, positive. */
  readonly sensitivity: number;
}

export const LVRB_DOCUMENTED: LvrbKnob = LVRB_RECOMMENDED;
export const LVRB_CODE_DEFAULT: LvrbKnob = LVRB_CODE_DEFAULTS;

function checkSigma(sigma: number): void {
  if (!(sigma > 0 && sigma <= 1))
    throw new RangeError(`σ must be a fraction of the capacity in (0, 1], got ${sigma}`);
}

function checkKnob({ margin, sensitivity }: LvrbKnob): void {
  if (!(margin >= 0 && Number.isFinite(margin)))
    throw new RangeError(`safeVarianceMargin must be a finite number ≥ 0, got ${margin}`);
  if (!(sensitivity > 0 && Number.isFinite(sensitivity)))
    throw new RangeError(`safeVarianceSensitivity must be a finite number > 0, got ${sensitivity}`);
}

/**
 * The headroom LVRB keeps above the mean: min(1, margin·σ^(1/s)), as in `computeScore` (the fit
 * test's own sum, fit/scheduler/trimaranLvrb.ts, at μ = 0).
 */
export function lvrbHeadroom(sigma: number, knob: LvrbKnob): number {
  checkSigma(sigma);
  checkKnob(knob);
  return lvrbLoad(0, sigma, 0, 1, knob.margin, knob.sensitivity);
}

/** The z-score of that headroom: how many of the node's deviations lie between μ and the capacity. */
export function lvrbImpliedZ(sigma: number, knob: LvrbKnob): number {
  return lvrbHeadroom(sigma, knob) / sigma;
}

/** The overflow probability a node at the fit boundary has under a Gaussian: 1 − Φ(z). */
export function lvrbImpliedRisk(sigma: number, knob: LvrbKnob): number {
  return normalSurvival(lvrbImpliedZ(sigma, knob));
}

/** Whether a node of mean μ (with the pod's request) and deviation σ passes LVRB read as a filter. */
export function lvrbFits(mu: number, sigma: number, knob: LvrbKnob): boolean {
  return mu + lvrbHeadroom(sigma, knob) <= 1;
}

/**
 * The σ where LVRB and GPA at ρ keep the same headroom (margin·σ^(1/s) = Φ⁻¹(1 − ρ)·σ, unclipped):
 * below it LVRB is the stricter, above it the looser. Null when s = 1 (the two are then parallel:
 * the same everywhere or nowhere) or when the crossing is not in (0, 1].
 */
export function lvrbCrossing(knob: LvrbKnob, rho: number): number | null {
  checkKnob(knob);
  const z = normalSurvivalQuantile(rho);
  if (knob.sensitivity === 1 || knob.margin === 0 || z <= 0) return null;
  const sigma = (knob.margin / z) ** (knob.sensitivity / (knob.sensitivity - 1));
  return sigma > 0 && sigma <= 1 ? sigma : null;
}

export interface KnobRiskPoint {
  readonly sigma: number;
  /** LVRB's implied risk at σ. */
  readonly rho: number;
  readonly z: number;
}

/** The implied risk over `count` log-spaced σ in [lo, hi] (the lesson's curve). */
export function lvrbRiskCurve(
  knob: LvrbKnob,
  lo: number,
  hi: number,
  count = 121,
): KnobRiskPoint[] {
  checkSigma(lo);
  checkSigma(hi);
  const a = Math.log(lo);
  const b = Math.log(hi);
  return Array.from({ length: count }, (_, i) => {
    const sigma = Math.exp(a + ((b - a) * i) / Math.max(1, count - 1));
    const z = lvrbImpliedZ(sigma, knob);
    return { sigma, z, rho: normalSurvival(z) };
  });
}
