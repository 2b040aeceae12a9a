/**
 * Probability axes (q, ρ, P(total > x)) read the same everywhere: decades as powers of ten
 * (1, 10⁻¹, 10⁻², 10⁻³ …), other ticks as a mantissa times a power of ten (2·10⁻³), never SI
 * prefixes ("100m", "100µ") nor a mix of "1e-8" and "0.000001". On log axes Plot hands this
 * formatter to d3, which still blanks the minor ticks that would crowd.
 */

const SUPERSCRIPT: Record<string, string> = {
  '-': '⁻',
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
};

function power(exponent: number): string {
  if (exponent === 0) return '1';
  return `10${[...String(exponent)].map((c) => SUPERSCRIPT[c]).join('')}`;
}

/** One probability tick label: 1, 10⁻³, 2·10⁻³, 0 (values ≥ 1 as plain numbers). */
export function probabilityTick(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (value === 0) return '0';
  if (Math.abs(value) >= 1) return String(Number(value.toPrecision(3)));
  const sign = value < 0 ? '−' : '';
  const magnitude = Math.abs(value);
  let exponent = Math.floor(Math.log10(magnitude));
  let mantissa = Number((magnitude / 10 ** exponent).toPrecision(2));
  if (mantissa >= 10) {
    mantissa /= 10;
    exponent += 1;
  }
  const tail = power(exponent);
  return `${sign}${mantissa === 1 ? tail : `${mantissa}·${tail}`}`;
}

/** The x or y scale options of a log probability axis (spread the rest of the options after it). */
export const LOG_PROBABILITY = { type: 'log', tickFormat: probabilityTick } as const;
