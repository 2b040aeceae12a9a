/**
 * The complementary error function with full relative precision in the far tail (SPEC §5: Φ).
 *
 * Method: erfc(x) = 1 − erf(x) from the Maclaurin series of erf for 0 ≤ x < ½ (no cancellation:
 * erfc ≥ 0.47 there), and erfc(x) = e^{−x²}·erfcx(x) beyond, where the scaled function erfcx is
 * smooth and slowly varying. erfcx is read from piecewise polynomial tables made by this project's
 * own code from the Laplace continued fraction of erfc (erfcxChebyshev.ts; written once into
 * erfcxTables.ts, checked against a fresh computation bit for bit), so no page or worker spends
 * its start making them and no coefficient table is copied from anywhere.
 * e^{−x²} is taken as Math.exp(−x·x), the same rounding SciPy's `erfc`/`ndtr` make, so the two
 * agree to a few units in the last place up to x ≈ 26.6 (z = 37.6), where both return 0.
 */

import {
  DEGREE,
  SERIES_BELOW,
  SQRT_PI,
  STRIDE,
  TAIL_DEGREE,
  TAIL_FROM,
  TAIL_HALF,
  WIDTH,
} from './erfcxChebyshev.ts';
import { ERFCX_BODY, ERFCX_TAIL } from './erfcxTables.ts';

// Past x² = log(2^1024) e^{−x²} leaves the normal range: erfc is 0 there, as in SciPy (Cephes'
// MAXLOG), so that ties among tiny overflow probabilities fall the same way as the peer's.
const UNDERFLOW = 1024 * Math.LN2;

function horner(table: Float64Array, offset: number, degree: number, s: number): number {
  let r = table[offset + degree];
  for (let d = degree - 1; d >= 0; d--) r = table[offset + d] + s * r;
  return r;
}

/** erf(x) for |x| < ½ by its Maclaurin series (16 terms: the next is below 1e-20·x). */
function erfSeries(x: number): number {
  const x2 = x * x;
  let term = x;
  let sum = x;
  for (let n = 1; n < 16; n++) {
    term *= -x2 / n;
    sum += term / (2 * n + 1);
  }
  return (2 / SQRT_PI) * sum;
}

/** erfcx(x) = e^{x²}·erfc(x) for x ≥ ½. */
function erfcxTable(x: number): number {
  const body = ERFCX_BODY;
  const tail = ERFCX_TAIL;
  if (x >= TAIL_FROM) {
    const s = 1 / (x * x) / TAIL_HALF - 1;
    return horner(tail, 0, TAIL_DEGREE, s) / (x * SQRT_PI);
  }
  const v = (x - SERIES_BELOW) / WIDTH;
  const p = v | 0;
  return horner(body, p * STRIDE, DEGREE, 2 * (v - p) - 1);
}

/** The complementary error function, with relative precision ≈ 1e-15 for every x ≥ 0. */
export function erfc(x: number): number {
  if (x < SERIES_BELOW) {
    if (x > -SERIES_BELOW) return 1 - erfSeries(x);
    if (Number.isNaN(x)) return NaN;
    return 2 - erfc(-x);
  }
  const x2 = x * x;
  if (x2 > UNDERFLOW) return 0;
  return Math.exp(-x2) * erfcxTable(x);
}

/** The error function (relative precision near 0 from its series). */
export function erf(x: number): number {
  if (x < SERIES_BELOW && x > -SERIES_BELOW) return erfSeries(x);
  return x > 0 ? 1 - erfc(x) : erfc(-x) - 1;
}

/** The scaled complementary error function e^{x²}·erfc(x), for x ≥ 0. */
export function erfcx(x: number): number {
  if (x < SERIES_BELOW) return Math.exp(x * x) * (1 - erfSeries(x));
  if (x === Infinity) return 0;
  return erfcxTable(x);
}

/** log erfc(x) for x ≥ 0, with no underflow (log erfc(30) ≈ −904.3). */
export function logErfc(x: number): number {
  if (!(x >= 0)) {
    if (Number.isNaN(x)) return NaN;
    throw new RangeError(`logErfc needs x ≥ 0, got ${x}`);
  }
  if (x < SERIES_BELOW) return Math.log1p(-erfSeries(x));
  if (x === Infinity) return -Infinity;
  return Math.log(erfcxTable(x)) - x * x;
}
