/**
 * log Φ for the Anderson–Darling statistic (SPEC §9), fast and with full relative precision in both
 * tails. SciPy's `norm.logcdf`/`norm.logsf` keep relative precision far out (|z| up to 40 in a skewed
 * sum of ten tasks), which `log(1 − erf)` cannot.
 *
 * Method (Chebyshev approximation of a smooth transform of erfc, as in Numerical Recipes §6.2.2):
 * for x ≥ 0, t = 2/(2 + x), g(t) = log(erfc(x)) + x² − log t is analytic on t ∈ (0, 1]; it is
 * expanded in Chebyshev polynomials of u = 2t − 1. The coefficients are computed here, once, by
 * Chebyshev interpolation of an accurate reference (the Maclaurin series of erf for small x and
 * the Laplace continued fraction of erfc beyond), so no table is copied from anywhere.
 */

const SQRT_PI = Math.sqrt(Math.PI);
const LN2 = Math.LN2;

/** log(erfc(x)·e^{x²}) for x ≥ 0, to about 1e-15 relative; slow, for building the table. */
function logScaledErfcReference(x: number): number {
  if (x < 0.5) {
    // erf(x) = 2/√π Σ (−1)^n x^{2n+1} / (n! (2n+1)); terms shrink fast for x < 0.5.
    let term = x;
    let sum = x;
    for (let n = 1; n < 40; n++) {
      term *= (-x * x) / n;
      sum += term / (2 * n + 1);
    }
    return Math.log(1 - (2 / SQRT_PI) * sum) + x * x;
  }
  // erfc(x) = e^{−x²}/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + ...)))), evaluated backwards.
  let f = x;
  for (let k = 6000; k >= 1; k--) f = x + k / 2 / f;
  return Math.log(1 / f / SQRT_PI);
}

const TERMS = 30;
const COEF: Float64Array = (() => {
  const M = 64;
  const values = new Float64Array(M);
  for (let k = 0; k < M; k++) {
    const u = Math.cos((Math.PI * (k + 0.5)) / M);
    const t = (u + 1) / 2;
    const x = 2 / t - 2;
    values[k] = logScaledErfcReference(x) - Math.log(t);
  }
  const c = new Float64Array(TERMS);
  for (let j = 0; j < TERMS; j++) {
    let s = 0;
    for (let k = 0; k < M; k++) s += values[k] * Math.cos((Math.PI * j * (k + 0.5)) / M);
    c[j] = (2 / M) * s;
  }
  return c;
})();

/** log erfc(x) for x ≥ 0 (no underflow: log erfc(30) ≈ −904.3). */
export function logErfc(x: number): number {
  if (!(x >= 0)) {
    if (Number.isNaN(x)) return NaN;
    throw new RangeError(`logErfc needs x ≥ 0, got ${x}`);
  }
  if (x === Infinity) return -Infinity;
  const t = 2 / (2 + x);
  const u2 = 2 * (2 * t - 1);
  // Clenshaw recurrence for Σ' c_j T_j(u).
  let b1 = 0;
  let b2 = 0;
  for (let j = TERMS - 1; j >= 1; j--) {
    const b0 = u2 * b1 - b2 + COEF[j];
    b2 = b1;
    b1 = b0;
  }
  const g = (u2 / 2) * b1 - b2 + COEF[0] / 2;
  return g + Math.log(t) - x * x;
}

/** log Φ(z), the log of the standard normal CDF, with relative precision in both tails. */
export function logNormalCdf(z: number): number {
  if (z < 0) return logErfc(-z / Math.SQRT2) - LN2;
  return Math.log1p(-Math.exp(logErfc(z / Math.SQRT2) - LN2));
}

// A piecewise-polynomial copy of log Φ on [−LIMIT, LIMIT) for the hot loop of the A–D statistic
// (two evaluations per sample, 1.4e9 at the paper's sizes): degree-DEGREE Chebyshev interpolants on
// intervals of width 1/PER_UNIT, converted to powers of the local variable s ∈ [−1, 1]. Absolute error
// below 1e-15 against logNormalCdf, which is what a sum of 20,000 such terms needs.
const LIMIT = 12;
const PER_UNIT = 16;
const DEGREE = 7;
const STRIDE = DEGREE + 1;
const PIECES = 2 * LIMIT * PER_UNIT;
const TABLE: Float64Array = (() => {
  const table = new Float64Array(PIECES * STRIDE);
  const nodes = STRIDE;
  const f = new Float64Array(nodes);
  const cheb = new Float64Array(STRIDE);
  for (let p = 0; p < PIECES; p++) {
    const lo = -LIMIT + p / PER_UNIT;
    const half = 0.5 / PER_UNIT;
    for (let k = 0; k < nodes; k++) {
      const s = Math.cos((Math.PI * (k + 0.5)) / nodes);
      f[k] = logNormalCdf(lo + half + half * s);
    }
    for (let j = 0; j < STRIDE; j++) {
      let acc = 0;
      for (let k = 0; k < nodes; k++) acc += f[k] * Math.cos((Math.PI * j * (k + 0.5)) / nodes);
      cheb[j] = ((j === 0 ? 1 : 2) / nodes) * acc;
    }
    // Chebyshev series → monomials: T_{j+1} = 2s·T_j − T_{j−1}, tracked as coefficient vectors.
    const mono = new Float64Array(STRIDE);
    let prev = new Float64Array(STRIDE);
    let cur = new Float64Array(STRIDE);
    prev[0] = 1;
    cur[1] = 1;
    mono[0] += cheb[0];
    if (STRIDE > 1) mono[1] += cheb[1];
    for (let j = 2; j < STRIDE; j++) {
      const next = new Float64Array(STRIDE);
      for (let d = 0; d < STRIDE - 1; d++) next[d + 1] += 2 * cur[d];
      for (let d = 0; d < STRIDE; d++) next[d] -= prev[d];
      for (let d = 0; d < STRIDE; d++) mono[d] += cheb[j] * next[d];
      prev = cur;
      cur = next;
    }
    table.set(mono, p * STRIDE);
  }
  return table;
})();

/** log Φ(z) from the piecewise table where |z| < 12 (absolute error < 1e-15), else exactly. */
export function logNormalCdfFast(z: number): number {
  const v = (z + LIMIT) * PER_UNIT;
  if (!(v >= 0 && v < PIECES)) return logNormalCdf(z);
  const p = v | 0;
  const s = 2 * (v - p) - 1;
  const o = p * STRIDE;
  const T = TABLE;
  let r = T[o + 7];
  r = T[o + 6] + s * r;
  r = T[o + 5] + s * r;
  r = T[o + 4] + s * r;
  r = T[o + 3] + s * r;
  r = T[o + 2] + s * r;
  r = T[o + 1] + s * r;
  return T[o] + s * r;
}
