/**
 * The standard normal distribution (SPEC §5: Φ), with relative precision in the far tail (erfc
 * from ./erfc.ts). Student's t is in ./studentT.ts, apart, so that jstat (a large CommonJS module)
 * loads only where a t quantile is needed.
 */
import { erf, erfc, erfcx, logErfc } from './erfc.ts';

export { erf, erfc, erfcx, logErfc };

const SQRT_2PI = Math.sqrt(2 * Math.PI);
const SQRT_HALF_PI = Math.sqrt(Math.PI / 2);

/**
 * P(Z > z) = ½·erfc(z/√2), relative precision ≈ 1e-15 in the upper tail down to 1e-300 (z ≈ 37);
 * z/√2 is rounded as SciPy's `ndtr` rounds it (z·√½), so the two agree to a few ulps.
 */
export function normalSurvival(z: number): number {
  return z >= 0 ? 0.5 * erfc(z * Math.SQRT1_2) : 1 - 0.5 * erfc(-z * Math.SQRT1_2);
}

/** Φ(z) = P(Z ≤ z), with relative precision in the lower tail. */
export function normalCdf(z: number): number {
  return normalSurvival(-z);
}

/** log P(Z > z) without underflow. */
function logSurvivalUpper(z: number): number {
  return logErfc(z * Math.SQRT1_2) - Math.LN2;
}

/**
 * z with P(Z > z) = p (SciPy's `norm.isf`), for 0 < p < 1, to a relative 1e-15 down to p = 1e-300.
 * Start from Abramowitz & Stegun 26.2.23, then Newton steps: on ½ − p = ½·erf(z/√2) near the centre
 * (p ≥ ¼, where ½ − p is exact), on log P(Z > z) = log p in the tail (step = Δlog·Mills ratio).
 */
export function normalSurvivalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`normal quantile needs 0 < p < 1, got ${p}`);
  if (p > 0.5) return -normalSurvivalQuantile(1 - p);
  if (p === 0.5) return 0;
  if (p >= 0.25) {
    const w = 0.5 - p;
    let z = w * SQRT_2PI;
    for (let i = 0; i < 8; i++) {
      const step = (w - 0.5 * erf(z * Math.SQRT1_2)) * SQRT_2PI * Math.exp(0.5 * z * z);
      z += step;
      if (Math.abs(step) <= 1e-17 * z) break;
    }
    return z;
  }
  const t = Math.sqrt(-2 * Math.log(p));
  let z =
    t -
    (2.515517 + t * (0.802853 + t * 0.010328)) /
      (1 + t * (1.432788 + t * (0.189269 + t * 0.001308)));
  const logP = Math.log(p);
  for (let i = 0; i < 8; i++) {
    const mills = erfcx(z * Math.SQRT1_2) * SQRT_HALF_PI;
    const step = (logSurvivalUpper(z) - logP) * mills;
    z += step;
    if (Math.abs(step) <= 1e-17 * z) break;
  }
  return z;
}

/** Φ⁻¹(p), the standard normal quantile (p near 0 keeps its relative precision). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`normal quantile needs 0 < p < 1, got ${p}`);
  return -normalSurvivalQuantile(p);
}

/** Density of N(mean, sd²) at x. */
export function normalPdf(x: number, mean: number, sd: number): number {
  const z = (x - mean) / sd;
  return Math.exp(-0.5 * z * z) / (sd * SQRT_2PI);
}
