/** Gamma variates for the synthetic workload (Marsaglia & Tsang 2000, from the paper's definition). */
import type { Rng } from '../random/rng.ts';

/** A Gamma(shape, 1) variate; shape > 0. */
export function gamma(rng: Rng, shape: number): number {
  if (shape < 1) {
    // Gamma(k) = Gamma(k + 1) · U^{1/k}.
    let u = 0;
    while (u === 0) u = rng.nextFloat();
    return gamma(rng, shape + 1) * Math.pow(u, 1 / shape);
  }
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = rng.nextGaussian();
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = rng.nextFloat();
    if (u < 1 - 0.0331 * x * x * x * x) return d * v;
    if (Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}
