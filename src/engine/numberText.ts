/**
 * The one rule for a number written as text (task lists, typed boxes, link parameters, JSON
 * samples given as strings): a plain decimal — optional sign, digits with an optional point, an
 * optional exponent — whose value is finite. `NaN`, `Infinity`, `null`, hex (`0x1F`), binary,
 * octal, `1_000`, empty text and text with inner spaces are never numbers (JavaScript's `Number`
 * reads `0x1F` as 31 and `''` as 0); 1e400 overflows to Infinity and is refused too.
 */

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** The value of a plain finite decimal, or null (after trimming spaces and tabs). */
export function decimalOrNull(text: string): number | null {
  const s = text.trim();
  if (!DECIMAL.test(s)) return null;
  const v = Number(s);
  return Number.isFinite(v) ? v : null;
}

/** What a refused value is, for messages: "empty", "not finite" or "not a decimal number". */
export function whyNotDecimal(text: string): string {
  const s = text.trim();
  if (s === '') return 'empty';
  if (DECIMAL.test(s)) return 'not finite';
  return 'not a decimal number';
}

/** A range check of a unit: inclusive or exclusive bounds, named in messages. */
export interface ValueRange {
  readonly min: number;
  readonly max: number;
  readonly minOpen?: boolean;
  readonly maxOpen?: boolean;
  /** What a value in range is, e.g. "a fraction in (0, 1]". */
  readonly what: string;
}

export function withinRange(v: number, r: ValueRange): boolean {
  if (!Number.isFinite(v)) return false;
  if (r.minOpen ? v <= r.min : v < r.min) return false;
  if (r.maxOpen ? v >= r.max : v > r.max) return false;
  return true;
}

/** Why `text` is not a value of `range`, or null when it is (then `decimalOrNull` gives it). */
export function refusal(text: string, range: ValueRange): string | null {
  const v = decimalOrNull(text);
  if (v === null) return `${JSON.stringify(text.trim())} is ${whyNotDecimal(text)}`;
  if (!withinRange(v, range)) return `${JSON.stringify(text.trim())} is not ${range.what}`;
  return null;
}
