/**
 * The pooling lesson (harmony-notes.md §5 item 1; GPA Eq. 3 vs HARMONY's container size): n
 * identical tasks of mean μ and deviation σ on a machine of capacity C at SLO ε (Z = Φ⁻¹(1 − ε)).
 * Adding percentiles reserves n·(μ + Zσ); pooling reserves nμ + Zσ√n, since deviations of
 * independent tasks add in quadrature. At Z = 2.326, μ = 0.05, σ = 0.02, C = 1: 10 vs 16 tasks.
 */
import { exceeds, withinCapacity } from '../capacity.ts';
import { Rng } from '../random/rng.ts';
import { normalQuantile } from '../stats/normal.ts';

export function additiveReservation(n: number, mu: number, sigma: number, z: number): number {
  return n * (mu + z * sigma);
}

export function pooledReservation(n: number, mu: number, sigma: number, z: number): number {
  return n * mu + z * sigma * Math.sqrt(n);
}

export interface PoolingCounts {
  readonly z: number;
  /** Tasks per machine when each reserves its own percentile μ + Zσ. */
  readonly additive: number;
  /** Tasks per machine when the machine's sum passes GPA's test. */
  readonly pooled: number;
}

/** How many identical tasks fit a machine, by each rule (capped at `limit`). */
export function poolingCounts(
  mu: number,
  sigma: number,
  eps: number,
  capacity: number,
  limit = 100_000,
): PoolingCounts {
  if (!(mu > 0 && sigma >= 0 && capacity > 0))
    throw new RangeError(`invalid task or machine: μ = ${mu}, σ = ${sigma}, C = ${capacity}`);
  if (!(eps > 0 && eps < 0.5)) throw new RangeError(`invalid ε: ${eps} (need 0 < ε < 0.5)`);
  const z = normalQuantile(1 - eps);
  const count = (reserve: (n: number) => number) => {
    let n = 0;
    while (n < limit && withinCapacity(reserve(n + 1), capacity)) n++;
    return n;
  };
  return {
    z,
    additive: count((n) => additiveReservation(n, mu, sigma, z)),
    pooled: count((n) => pooledReservation(n, mu, sigma, z)),
  };
}

/**
 * Measured overflow frequency of n such tasks (Gaussian demands, stream `analysis`, index 7):
 * the share of `draws` sums above C.
 */
export function poolingOverflow(
  n: number,
  mu: number,
  sigma: number,
  capacity: number,
  draws: number,
  seed: number,
): number {
  const rng = Rng.stream(seed, 'analysis', 7, n);
  let over = 0;
  for (let d = 0; d < draws; d++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += mu + sigma * rng.nextGaussian();
    if (exceeds(sum, capacity)) over++;
  }
  return draws ? over / draws : 0;
}
