/**
 * Unit plausibility (SPEC §2): raw values say a lot about their unit. Percent data has values
 * above 1; fractions stay at most 1; core counts are small non-integers that pass 1; MHz are in
 * the hundreds or thousands. `guessUnit` picks the likeliest unit from a sample of raw values and
 * `unitWarnings` says, before anything is packed, when the chosen unit does not fit them.
 */
import type { Unit } from './units.ts';

/** What the warnings and the guess need to know of the raw values. */
export interface ValueStats {
  readonly count: number;
  readonly min: number;
  readonly max: number;
  readonly mean: number;
  /** Share of the values that are whole numbers. */
  readonly integerShare: number;
}

/** Statistics of raw values (NaN and infinities ignored). */
export function valueStats(values: ArrayLike<number>): ValueStats {
  let count = 0;
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  let integers = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (!Number.isFinite(v)) continue;
    count++;
    sum += v;
    if (v < min) min = v;
    if (v > max) max = v;
    if (Number.isInteger(v)) integers++;
  }
  return {
    count,
    min: count ? min : NaN,
    max: count ? max : NaN,
    mean: count ? sum / count : NaN,
    integerShare: count ? integers / count : 0,
  };
}

/** A unit guess with the reason, or null when there are no values. */
export interface UnitGuess {
  readonly unit: Unit;
  readonly reason: string;
}

/**
 * The likeliest unit of raw values. Values in [0, 1] → fraction; up to 100 with a mean above 1
 * or mostly whole numbers → percent; a maximum above 100 → absolute (MHz); otherwise (non-integer
 * values reaching past 1 but small, e.g. 0–4) → cores. A heuristic: the page preselects it, the
 * user confirms.
 */
export function guessUnit(s: ValueStats): UnitGuess | null {
  if (s.count === 0) return null;
  const range = `values ${fmt(s.min)} … ${fmt(s.max)}, mean ${fmt(s.mean)}`;
  if (s.max <= 1) return { unit: 'fraction', reason: `every value is at most 1 (${range})` };
  if (s.max > 100)
    return { unit: 'absolute', reason: `values above 100 (${range}): MHz or similar` };
  if (s.max <= 16 && s.integerShare < 0.5)
    return { unit: 'cores', reason: `small non-integer values past 1 (${range}): core counts` };
  return { unit: 'percent', reason: `values up to 100 (${range})` };
}

/**
 * Warnings when raw values are implausible for `unit` (each a sentence for the page and the
 * command line); `capacity` is the machine's cores (`cores`) or capacity (`absolute`).
 */
export function unitWarnings(s: ValueStats, unit: Unit, capacity?: number): string[] {
  if (s.count === 0) return [];
  const out: string[] = [];
  const range = `values run ${fmt(s.min)} … ${fmt(s.max)} (mean ${fmt(s.mean)})`;
  if (s.min < 0) out.push(`negative values (minimum ${fmt(s.min)}): no CPU usage is below 0`);
  switch (unit) {
    case 'percent':
      if (s.max < 1)
        out.push(`percent chosen but every value is below 1 (${range}): these look like fractions`);
      else if (s.max <= 16 && s.integerShare < 0.5 && s.mean < 2)
        out.push(`percent chosen but ${range}: these look like cores`);
      if (s.max > 100) out.push(`percent chosen but ${range}: above 100 %`);
      break;
    case 'fraction':
      if (s.max > 1 && s.max <= 100)
        out.push(
          s.max <= 16 && s.integerShare < 0.5
            ? `fraction chosen but ${range}: these look like cores`
            : `fraction chosen but ${range}: these look like percent`,
        );
      else if (s.max > 100) out.push(`fraction chosen but ${range}: these look like MHz`);
      break;
    case 'cores':
      if (capacity !== undefined && s.max > capacity)
        out.push(`cores chosen but ${range}: more than the ${fmt(capacity)} cores of a machine`);
      if (s.max > 100) out.push(`cores chosen but ${range}: these look like MHz or percent`);
      break;
    case 'absolute':
      if (capacity !== undefined && s.max > capacity)
        out.push(`absolute chosen but ${range}: above the capacity ${fmt(capacity)}`);
      if (capacity !== undefined && s.max < capacity / 1000)
        out.push(
          `absolute chosen but ${range}: every value is below a thousandth of the capacity ${fmt(capacity)}`,
        );
      break;
  }
  return out;
}

function fmt(v: number): string {
  return Number.isFinite(v) ? String(Number(v.toPrecision(4))) : String(v);
}

/**
 * A warning when the series of one file seem to be in two units (e.g. some in percent, some in
 * cores): their maxima split into two groups a factor ≥ 20 apart, the upper group above 1.
 */
export function mixedUnitsWarning(maxima: readonly number[]): string | null {
  const m = maxima.filter((v) => v > 0 && Number.isFinite(v)).sort((a, b) => a - b);
  if (m.length < 2) return null;
  let best = 1;
  let at = -1;
  for (let i = 1; i < m.length; i++) if (m[i] / m[i - 1] > best) [best, at] = [m[i] / m[i - 1], i];
  if (best < 20 || m[at] <= 1) return null;
  return `mixed units? ${m.length - at} series reach ${fmt(m[at])} … ${fmt(m[m.length - 1])} while ${at} stay at or below ${fmt(m[at - 1])}`;
}
