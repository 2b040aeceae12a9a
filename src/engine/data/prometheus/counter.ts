/**
 * The counter test of a Prometheus series and its refusal, alone so that unit conversion can use
 * them cheaply (the Prometheus reader refuses while reading, `applyUnits` after a conversion).
 */

/** A series whose values never decrease and grow at most steps is a counter (≥ 5 points). */
export function isCounter(values: ArrayLike<number>): boolean {
  let rises = 0;
  let n = 0;
  let prev = NaN;
  for (let j = 0; j < values.length; j++) {
    const v = values[j];
    if (!Number.isFinite(v)) continue;
    if (n > 0) {
      if (v < prev) return false;
      if (v > prev) rises++;
    }
    prev = v;
    n++;
  }
  return n >= 5 && rises >= 0.75 * (n - 1);
}

/** Why a counter that passes the machine is refused (`points` read, the last at `last`). */
export function counterReason(last: number, points: number): string {
  return `only grows (to ${last} over ${points} points): it is a counter, not a usage; query rate(…[5m]) of it instead (clamping would only cap nonsense)`;
}
