/**
 * The complementary error function with full relative precision in the far tail (SPEC §5: Φ).
 *
 * Method: erfc(x) = 1 − erf(x) from the Maclaurin series of erf for 0 ≤ x < ½ (no cancellation:
 * erfc ≥ 0.47 there), and erfc(x) = e^{−x²}·erfcx(x) beyond, where the scaled function erfcx is
 * smooth and slowly varying. erfcx is tabulated once, on first use, as piecewise polynomials: Chebyshev
 * interpolants on [½, TAIL_FROM) in steps of ½, and on s = 1/x² ∈ (0, 1/TAIL_FROM²] for the tail,
 * where x·√π·erfcx(x) → 1. The interpolated values come from the Laplace continued fraction of
 * erfc, evaluated backwards to convergence, so no coefficient table is copied from anywhere.
 * e^{−x²} is taken as Math.exp(−x·x), the same rounding SciPy's `erfc`/`ndtr` make, so the two
 * agree to a few units in the last place up to x ≈ 26.6 (z = 37.6), where both return 0.
 */

const SQRT_PI = Math.sqrt(Math.PI);
const SERIES_BELOW = 0.5;
const TAIL_FROM = 6;
const WIDTH = 0.5;
const PIECES = (TAIL_FROM - SERIES_BELOW) / WIDTH;
const DEGREE = 13;
const STRIDE = DEGREE + 1;
const TAIL_DEGREE = 18;
// Past x² = log(2^1024) e^{−x²} leaves the normal range: erfc is 0 there, as in SciPy (Cephes'
// MAXLOG), so that ties among tiny overflow probabilities fall the same way as the peer's.
const UNDERFLOW = 1024 * Math.LN2;

/** erfcx(x) = e^{x²}·erfc(x) for x ≥ ½ from the continued fraction; slow, for the tables. */
function erfcxReference(x: number): number {
  // erfc(x) = e^{−x²}/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + ...)))).
  let f = x;
  for (let k = 8000; k >= 1; k--) f = x + k / 2 / f;
  return 1 / (f * SQRT_PI);
}

/** Monomial coefficients (in s ∈ [−1, 1]) of the degree-`degree` Chebyshev interpolant of f. */
function interpolant(f: (s: number) => number, degree: number): Float64Array {
  const n = degree + 1;
  const values = new Float64Array(n);
  for (let k = 0; k < n; k++) values[k] = f(Math.cos((Math.PI * (k + 0.5)) / n));
  const mono = new Float64Array(n);
  let prev = new Float64Array(n);
  let cur = new Float64Array(n);
  prev[0] = 1;
  cur[1] = 1;
  for (let j = 0; j < n; j++) {
    let acc = 0;
    // cos(π·j·(2k+1)/(2n)) with the angle reduced exactly, so its rounding does not grow with j.
    for (let k = 0; k < n; k++)
      acc += values[k] * Math.cos((Math.PI * ((j * (2 * k + 1)) % (4 * n))) / (2 * n));
    const c = ((j === 0 ? 1 : 2) / n) * acc;
    if (j >= 2) {
      const next = new Float64Array(n);
      for (let d = 0; d < n - 1; d++) next[d + 1] += 2 * cur[d];
      for (let d = 0; d < n; d++) next[d] -= prev[d];
      prev = cur;
      cur = next;
    }
    const basis = j === 0 ? prev : cur;
    for (let d = 0; d < n; d++) mono[d] += c * basis[d];
  }
  return mono;
}

/** The tables, made on first use: some 1.4 million divisions, kept off the page's start. */
let tables: { readonly body: Float64Array; readonly tail: Float64Array } | null = null;

function makeTables(): { readonly body: Float64Array; readonly tail: Float64Array } {
  const body = new Float64Array(PIECES * STRIDE);
  for (let p = 0; p < PIECES; p++) {
    const mid = SERIES_BELOW + (p + 0.5) * WIDTH;
    body.set(
      interpolant((s) => erfcxReference(mid + (WIDTH / 2) * s), DEGREE),
      p * STRIDE,
    );
  }
  const tail = interpolant((s) => {
    const q = TAIL_HALF * (1 + s);
    if (q === 0) return 1;
    const x = 1 / Math.sqrt(q);
    return x * SQRT_PI * erfcxReference(x);
  }, TAIL_DEGREE);
  return { body, tail };
}

const TAIL_HALF = 0.5 / (TAIL_FROM * TAIL_FROM);

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
  const { body, tail } = (tables ??= makeTables());
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
