/**
 * The standard normal distribution (SPEC §5: Φ) and Student's t: the one place the engine touches jstat.
 */
import jStat from 'jstat';

/** P(Z > z), computed as ½·erfc(z/√2) so that the upper tail keeps its relative precision. */
export function normalSurvival(z: number): number {
  return z >= 0 ? 0.5 * jStat.erfc(z / Math.SQRT2) : 1 - 0.5 * jStat.erfc(-z / Math.SQRT2);
}

/** Φ(z) = P(Z ≤ z). */
export function normalCdf(z: number): number {
  return 1 - normalSurvival(z);
}

/** Φ⁻¹(p), the standard normal quantile. */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`normal quantile needs 0 < p < 1, got ${p}`);
  return jStat.normal.inv(p, 0, 1);
}

/** Density of N(mean, sd²) at x. */
export function normalPdf(x: number, mean: number, sd: number): number {
  const z = (x - mean) / sd;
  return Math.exp(-0.5 * z * z) / (sd * Math.sqrt(2 * Math.PI));
}

/** The complementary error function. */
export function erfc(x: number): number {
  return jStat.erfc(x);
}

/** The p-quantile of Student's t with `dof` degrees of freedom (confidence bands over instances). */
export function studentTQuantile(p: number, dof: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`t quantile needs 0 < p < 1, got ${p}`);
  if (!(dof > 0)) throw new RangeError(`invalid degrees of freedom: ${dof}`);
  return jStat.studentt.inv(p, dof);
}
