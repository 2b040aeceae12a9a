/**
 * The one comparison of a total against a capacity (SPEC §7, §12–§14): a total exceeds c when it is
 * above c by more than a relative 1e-6. Sums that fill a machine exactly (0.25 + 0.75, ten times
 * 0.1, PlanetLab's integer percents adding up to 400 % at scale 0.25) fill it, they do not overflow
 * it; in floating point they land just above c. Realizations are float32, each off its decimal value
 * by up to 2⁻²⁴ ≈ 6·10⁻⁸ of itself, so a sum of non-negative values is off by at most that share of
 * the total: 1e-6 covers it sixteen times over and is a millionth of a machine. Every overflow
 * count (q, the timeline's overflowing machine-steps, hot spots) and every fit test's final check
 * goes through here, so "fits" and "does not overflow" are the same statement.
 */

/** Relative tolerance of every capacity comparison. */
export const CAPACITY_TOLERANCE = 1e-6;

/** The largest total that does not exceed c: c·(1 + 1e-6) (for loops and kernels that compare `>`). */
export function capacityLimit(capacity: number): number {
  return capacity + CAPACITY_TOLERANCE * Math.abs(capacity);
}

/** True when `total` is over capacity c beyond the tolerance (NaN never exceeds). */
export function exceeds(total: number, capacity: number): boolean {
  return total > capacityLimit(capacity);
}

/** True when `total` is within capacity c (up to the tolerance); NaN never fits. */
export function withinCapacity(total: number, capacity: number): boolean {
  return total <= capacityLimit(capacity);
}
