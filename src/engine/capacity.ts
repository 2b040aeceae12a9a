/**
 * The one comparison of a total against a capacity (SPEC §7, §12–§14): a total exceeds c when it is
 * above c by more than a relative 1e-9. Sums of fractions that fill a machine exactly (0.25 + 0.75,
 * ten times 0.1) land within a few ulps of c; they fill it, they do not overflow it. Every overflow
 * count (q, the timeline's overflowing machine-steps, hot spots) and every fit test's final check
 * goes through here, so "fits" and "does not overflow" are the same statement.
 */

/** Relative tolerance of every capacity comparison. */
export const CAPACITY_TOLERANCE = 1e-9;

/** The largest total that does not exceed c: c·(1 + 1e-9) (for loops and kernels that compare `>`). */
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
