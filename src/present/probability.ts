/**
 * Probability axes (q, ρ, P(total > x)) read the same everywhere: decades as powers of ten
 * (1, 10⁻¹, 10⁻², 10⁻³ …), other ticks as a mantissa times a power of ten (2·10⁻³), never SI
 * prefixes ("100m", "100µ") nor a mix of "1e-8" and "0.000001". On log axes Plot hands this
 * formatter to d3, which still blanks the minor ticks that would crowd.
 */
import { probabilityTick } from './format.ts';

export { probabilityTick };

/** The x or y scale options of a log probability axis (spread the rest of the options after it). */
export const LOG_PROBABILITY = { type: 'log', tickFormat: probabilityTick } as const;
