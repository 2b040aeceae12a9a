/**
 * The page's one way of writing a number, for tables, axes and text alike.
 *
 * A number is written in fixed notation when its magnitude is in [10⁻³, 10⁶) and in scientific
 * notation otherwise, as a mantissa times a power of ten with a superscript exponent (2.5·10⁻⁴),
 * never with SI prefixes ("300m") nor e-notation ("-1.27e-2"). Negative numbers carry a real minus
 * sign (−), −0 is written 0, NaN is "—" and infinities "∞" and "−∞". `readNumber` reads every one of
 * these forms back, so tests and scripts can compare what the page shows.
 */

const MINUS = '−';
/** Below this magnitude a non-zero number is written in scientific notation. */
const SCIENTIFIC_BELOW = 1e-3;
/** From this magnitude on a number is written in scientific notation. */
const SCIENTIFIC_FROM = 1e6;

const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';

function superscript(exponent: number): string {
  const digits = [...String(Math.abs(exponent))].map((c) => SUPERSCRIPT[Number(c)]).join('');
  return `${exponent < 0 ? '⁻' : ''}${digits}`;
}

const trimZeros = (s: string) => (s.includes('.') ? s.replace(/\.?0+$/, '') : s);

function special(x: number): string | null {
  if (Number.isNaN(x)) return '—';
  if (x === Infinity) return '∞';
  if (x === -Infinity) return `${MINUS}∞`;
  if (x === 0) return '0';
  return null;
}

/** |x| as mantissa · 10^exponent, rounded to `significant` digits (mantissa in [1, 10)). */
function decompose(a: number, significant: number): { mantissa: string; exponent: number } {
  const [mantissa, exponent] = a.toExponential(Math.max(0, significant - 1)).split('e');
  return { mantissa, exponent: Number(exponent) };
}

function scientific(x: number, significant: number, trim: boolean): string {
  const { mantissa, exponent } = decompose(Math.abs(x), significant);
  const m = trim ? trimZeros(mantissa) : mantissa;
  return `${x < 0 ? MINUS : ''}${m}·10${superscript(exponent)}`;
}

const inFixedRange = (a: number) => a >= SCIENTIFIC_BELOW && a < SCIENTIFIC_FROM;

/**
 * x to `significant` significant digits (trailing zeros dropped): 0.0128, 3.5, 1234, 2.5·10⁻⁴.
 * The choice of notation follows x as rounded, so 999999.9 is 1·10⁶ at 3 digits.
 */
export function formatNumber(x: number, significant = 4): string {
  const s = special(x);
  if (s !== null) return s;
  const digits = Math.max(1, Math.min(21, Math.round(significant)));
  const { mantissa, exponent } = decompose(Math.abs(x), digits);
  const rounded = Number(`${mantissa}e${exponent}`);
  if (!inFixedRange(rounded)) return scientific(x, digits, true);
  const fixed = trimZeros(rounded.toFixed(Math.max(0, digits - 1 - exponent)));
  return `${x < 0 ? MINUS : ''}${fixed}`;
}

/**
 * x with `decimals` digits after the point, for columns of comparable numbers (0.0128, 12.35);
 * a non-zero x too small to show at those decimals, or beyond the fixed range, is written in
 * scientific notation with three significant digits instead of as 0.000 or a long row of digits.
 */
export function formatFixed(x: number, decimals: number): string {
  const s = special(x);
  if (s !== null) return s;
  const d = Math.max(0, Math.min(20, Math.round(decimals)));
  const a = Math.abs(x);
  if (a < Math.max(SCIENTIFIC_BELOW, 0.5 * 10 ** -d) || a >= SCIENTIFIC_FROM)
    return scientific(x, 3, false);
  const fixed = a.toFixed(d);
  return Number(fixed) === 0 ? '0' : `${x < 0 ? MINUS : ''}${fixed}`;
}

/** x with an explicit sign (+0.0128, −1.27·10⁻², ±0), for differences. */
export function formatSigned(x: number, format: (a: number) => string = formatNumber): string {
  if (Number.isNaN(x)) return '—';
  if (x === 0) return '±0';
  return `${x > 0 ? '+' : MINUS}${format(Math.abs(x))}`;
}

/** A term added to a formula: "+ 0.0040" or "− 0.0040" (never "+ -0.0040"). */
export function formatTerm(x: number, format: (a: number) => string = formatNumber): string {
  return `${x < 0 ? MINUS : '+'} ${format(Math.abs(x))}`;
}

/** A share as a percentage with `decimals` decimals: 12.5 %. */
export function formatPercent(share: number, decimals = 1): string {
  return `${formatFixed(100 * share, decimals)} %`;
}

/** A count with thousands separators (12,345); a non-integer falls back to formatNumber. */
export function formatCount(n: number): string {
  if (!Number.isInteger(n) || Math.abs(n) >= 1e21) return formatNumber(n);
  const digits = String(Math.abs(n));
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${n < 0 ? MINUS : ''}${grouped}`;
}

/** An overflow frequency q measured over `evaluated` columns; 0 says what it is below. */
export function formatQ(q: number, evaluated: number): string {
  if (q === 0) return `0 (below 1/|E| = ${formatNumber(1 / evaluated, 1)})`;
  return formatFixed(q, 4);
}

/** x rounded to `significant` significant digits, as a number (for snapping inputs). */
export function roundSignificant(x: number, significant: number): number {
  if (!Number.isFinite(x) || x === 0) return x;
  return Number(Math.abs(x).toPrecision(Math.max(1, Math.min(21, significant)))) * Math.sign(x);
}

/** A tick of a Plot axis: numbers through formatNumber (3 digits), dates by day, the rest as is. */
export function formatTick(value: unknown): string {
  if (typeof value === 'number') return formatNumber(value, 3);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value ?? '');
}

/** One probability tick label: 1, 10⁻³, 2·10⁻³, 0 (values ≥ 1 as plain numbers). */
export function probabilityTick(value: number): string {
  if (!Number.isFinite(value) || value === 0 || Math.abs(value) >= 1) return formatNumber(value, 3);
  const { mantissa, exponent } = decompose(Math.abs(value), 2);
  const m = trimZeros(mantissa);
  const power = `10${superscript(exponent)}`;
  return `${value < 0 ? MINUS : ''}${m === '1' ? power : `${m}·${power}`}`;
}

/** Reads back any number written by this module ("−1.27·10⁻²", "12,345", "∞", "45 %" → 45). */
export function readNumber(text: string): number {
  const t = text.trim().replace(/ ?%$/, '').replace(/,/g, '').replace(MINUS, '-');
  if (t === '—') return NaN;
  if (t === '∞' || t === '-∞') return t === '∞' ? Infinity : -Infinity;
  const sci = /^(-?)(?:([\d.]+)·)?10([⁻]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)$/.exec(t);
  if (!sci) return Number(t);
  const exponent = Number(
    [...sci[3]].map((c) => (c === '⁻' ? '-' : String(SUPERSCRIPT.indexOf(c)))).join(''),
  );
  return Number(`${sci[1]}${sci[2] ?? '1'}e${exponent}`);
}

const WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
];

/** A small count as a word in running text (eight), larger ones as digits (12). */
export const countWord = (n: number): string => WORDS[n] ?? formatCount(n);
