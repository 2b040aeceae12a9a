/**
 * P(D_n ≥ x), the survival function of the one-sample Kolmogorov statistic for n observations, which
 * `scipy.stats.ks_2samp` uses past 10,000 values per sample (kstwo.sf at n = round(n₁n₂/(n₁+n₂))).
 * The same method is chosen in each region as SciPy's `kolmogn` does (Simard & L'Ecuyer 2011):
 * - n·x ≤ 1 or ≥ n − 1, or x ≥ ½: closed forms (Ruben & Gambino 1982; twice the one-sided Smirnov).
 * - n ≤ 140: exact Durbin matrix where n·x² ≤ 4 (SciPy takes Pomeranz's equally exact recursion for
 *   0.754693 < n·x² ≤ 4), else twice the exact one-sided Smirnov probability.
 * - n > 140: n·x² ≥ 370: 0; n·x² ≥ 2.2: twice the one-sided Smirnov probability; else the Durbin
 *   matrix where n·x^{3/2} ≤ 1.4 (n ≤ 100,000) and the Pelz–Good expansion (to n^{−3/2}) elsewhere.
 * Coded from the published formulas: Durbin (1968) with Marsaglia, Tsang & Wang (2003); Birnbaum &
 * Tingey (1951) for the one-sided Smirnov; Pelz & Good (1976) as restated by Simard & L'Ecuyer.
 */

const SQRT_2PI = Math.sqrt(2 * Math.PI);
const PI2 = Math.PI * Math.PI;
const PI4 = PI2 * PI2;
const PI6 = PI4 * PI2;

const clip = (p: number) => Math.min(1, Math.max(0, p));

/** log(n!/nⁿ) = Σ log(i/n). */
function logFactorialOverPower(n: number): number {
  let s = 0;
  for (let i = 1; i <= n; i++) s += Math.log(i / n);
  return s;
}

/** P(D⁺_n ≥ x), exactly (Birnbaum–Tingey): x Σ_{j ≤ n(1−x)} C(n,j)(1 − x − j/n)^{n−j}(x + j/n)^{j−1}. */
function smirnovSurvival(n: number, x: number): number {
  if (x <= 0) return 1;
  if (x >= 1) return 0;
  const jmax = Math.floor(n * (1 - x) + 1e-12 * n);
  let logBinomial = 0;
  let sum = 0;
  for (let j = 0; j <= jmax; j++) {
    if (j > 0) logBinomial += Math.log((n - j + 1) / j);
    const rest = (n - j) / n - x;
    if (rest <= 0) {
      if (n - j === 0) sum += Math.exp(logBinomial + (j - 1) * Math.log(x + j / n));
      continue;
    }
    sum += Math.exp(logBinomial + (n - j) * Math.log(rest) + (j - 1) * Math.log(x + j / n));
  }
  return clip(x * sum);
}

/** P(D_n < x) by the Durbin matrix: n!/nⁿ · (Hⁿ)_{kk} with x = (k − h)/n, H of order 2k − 1. */
function durbinCdf(n: number, x: number): number {
  const nx = n * x;
  if (nx <= 0.5) return 0;
  const k = Math.ceil(nx);
  const h = k - nx;
  const m = 2 * k - 1;
  const H = new Float64Array(m * m);
  const inverseFactorial = new Float64Array(m + 1);
  inverseFactorial[0] = 1;
  for (let i = 1; i <= m; i++) inverseFactorial[i] = inverseFactorial[i - 1] / i;
  for (let i = 0; i < m; i++)
    for (let j = 0; j < m; j++) if (i - j + 1 >= 0) H[i * m + j] = inverseFactorial[i - j + 1];
  for (let i = 0; i < m; i++) {
    H[i * m] = (1 - h ** (i + 1)) * inverseFactorial[i + 1];
    H[(m - 1) * m + (m - 1 - i)] = (1 - h ** (i + 1)) * inverseFactorial[i + 1];
  }
  H[(m - 1) * m] = (1 - 2 * h ** m + Math.max(0, 2 * h - 1) ** m) * inverseFactorial[m];
  const { matrix, log2Scale } = matrixPower(H, m, n, k - 1);
  const logP = Math.log(matrix[(k - 1) * m + (k - 1)]) + log2Scale * Math.LN2;
  return clip(Math.exp(logP + logFactorialOverPower(n)));
}

function multiply(a: Float64Array, b: Float64Array, m: number): Float64Array {
  const c = new Float64Array(m * m);
  for (let i = 0; i < m; i++)
    for (let l = 0; l < m; l++) {
      const ail = a[i * m + l];
      if (ail === 0) continue;
      for (let j = 0; j < m; j++) c[i * m + j] += ail * b[l * m + j];
    }
  return c;
}

/** Hⁿ by squaring, rescaled by powers of two (exact) to stay in range; the scale is returned. */
function matrixPower(
  H: Float64Array,
  m: number,
  n: number,
  watch: number,
): { matrix: Float64Array; log2Scale: number } {
  let result: Float64Array | null = null;
  let resultScale = 0;
  let base = H;
  let baseScale = 0;
  const rescale = (a: Float64Array): number => {
    const v = Math.abs(a[watch * m + watch]);
    if (!(v > 2 ** 256 || (v > 0 && v < 2 ** -256))) return 0;
    const e = Math.round(Math.log2(v));
    const f = 2 ** -e;
    for (let i = 0; i < a.length; i++) a[i] *= f;
    return e;
  };
  for (let e = n; e > 0; e = Math.floor(e / 2)) {
    if (e % 2 === 1) {
      result = result ? multiply(result, base, m) : base.slice();
      resultScale += baseScale;
      resultScale += rescale(result);
    }
    if (e > 1) {
      base = multiply(base, base, m);
      baseScale *= 2;
      baseScale += rescale(base);
    }
  }
  return { matrix: result!, log2Scale: resultScale };
}

/** P(D_n ≤ x) ≈ K₀ + K₁/√n + K₂/n + K₃/n^{3/2} with z = x√n (Pelz–Good). */
function pelzGoodCdf(n: number, x: number): number {
  const z = Math.sqrt(n) * x;
  const z2 = z * z;
  const z4 = z2 * z2;
  const z6 = z4 * z2;
  const logQ = -PI2 / (8 * z2);
  if (logQ < -745) return 0;
  // Sums over odd m of polynomials in m² times e^{−m²π²/(8z²)}.
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  for (let m = 1; ; m += 2) {
    const m2 = m * m;
    const w = Math.exp(m2 * logQ);
    s0 += w;
    s1 += ((PI2 * m2) / 4 - z2) * w;
    s2 +=
      (6 * z6 + 2 * z4 + ((2 * z4 - 5 * z2) * PI2 * m2) / 4 + (PI4 * (1 - 2 * z2) * m2 * m2) / 16) *
      w;
    s3 +=
      (-30 * z6 -
        90 * z6 * z2 +
        (PI2 * (135 * z4 - 96 * z6) * m2) / 4 +
        (PI4 * (212 * z4 - 60 * z2) * m2 * m2) / 16 +
        (PI6 * (5 - 30 * z2) * m2 * m2 * m2) / 64) *
      w;
    if (w < 1e-18 * s0 || w === 0) break;
  }
  // Sums over all k ≥ 1 of k²·e^{−k²π²/(2z²)} terms.
  let t2 = 0;
  let t3 = 0;
  for (let k = 1; ; k++) {
    const k2 = k * k;
    const w = Math.exp((-k2 * PI2) / (2 * z2));
    t2 += k2 * w;
    t3 += (3 * z2 - PI2 * k2) * k2 * w;
    if (w < 1e-18 * (t2 || 1) || w === 0) break;
  }
  const K0 = (SQRT_2PI / z) * s0;
  const K1 = (SQRT_2PI / (6 * z4)) * s1;
  const K2 = (SQRT_2PI / (72 * z6 * z)) * s2 - ((PI2 * SQRT_2PI) / (36 * z2 * z)) * t2;
  const K3 = (SQRT_2PI / (6480 * z6 * z4)) * s3 + ((PI2 * SQRT_2PI) / (216 * z6)) * t3;
  const rn = Math.sqrt(n);
  return K0 + K1 / rn + K2 / n + K3 / (n * rn);
}

/** P(D_n ≥ x) for the one-sample Kolmogorov statistic, method as SciPy's `kstwo.sf` chooses it. */
export function kolmogorovSurvival(n: number, x: number): number {
  if (!(Number.isInteger(n) && n >= 1)) throw new RangeError(`invalid sample size: ${n}`);
  if (x >= 1) return 0;
  if (x <= 0) return 1;
  const t = n * x;
  if (t <= 1) {
    if (t <= 0.5) return 1;
    return clip(1 - Math.exp(logFactorialOverPower(n) + n * Math.log(2 * t - 1)));
  }
  if (t >= n - 1) return clip(2 * (1 - x) ** n);
  if (x >= 0.5) return clip(2 * smirnovSurvival(n, x));
  const nx2 = t * x;
  if (n <= 140) return nx2 <= 4 ? clip(1 - durbinCdf(n, x)) : clip(2 * smirnovSurvival(n, x));
  if (nx2 >= 370) return 0;
  if (nx2 >= 2.2) return clip(2 * smirnovSurvival(n, x));
  if (n <= 100_000 && n * x ** 1.5 <= 1.4) return clip(1 - durbinCdf(n, x));
  return clip(1 - pelzGoodCdf(n, x));
}
