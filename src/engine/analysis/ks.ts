/**
 * Two-sample Kolmogorov–Smirnov test, two-sided (SPEC §9, GPA paper §3.4), with the p-value method
 * of `scipy.stats.ks_2samp(a, b)` (method 'auto'):
 * - D = sup |F_a − F_b| over the pooled values (ties handled as in SciPy, right-continuous CDFs).
 * - max(n_a, n_b) ≤ 10,000: exact. D is snapped to the lattice, h = round(D·lcm(n_a, n_b)).
 *   Equal sizes n: P(D ≥ h/n) = 2 Σ_{k≥1} (−1)^{k−1} C(2n, n − kh)/C(2n, n) (Gnedenko–Korolyuk).
 *   Unequal sizes: 1 − the probability that a uniformly random lattice path from (0, 0) to
 *   (n_a, n_b) keeps |i·n_b − j·n_a| < h·gcd, by dynamic programming in probability space.
 *   (Both assume no ties, as SciPy's do.)
 * - Larger samples: as SciPy, the finite-n Kolmogorov distribution kstwo.sf(D, n) at
 *   n = round(n_a n_b/(n_a + n_b)) (half to even), method per region as SciPy chooses it
 *   (./kolmogorov.ts); agrees with SciPy to 1e-11 absolute (the Pelz–Good and Smirnov formulas are
 *   SciPy's own; only rounding differs). The paper's windows are Δ = 12 samples, always exact.
 */
import { kolmogorovSurvival } from './kolmogorov.ts';

export interface KsResult {
  /** D, the largest distance between the two empirical CDFs. */
  readonly statistic: number;
  readonly pvalue: number;
  readonly method: 'exact' | 'asymptotic';
  /** p < 0.05. */
  readonly rejected: boolean;
}

const MAX_EXACT = 10_000;

function sortedCopy(x: ArrayLike<number>, name: string): Float64Array {
  const y = new Float64Array(x.length);
  for (let i = 0; i < x.length; i++) {
    if (Number.isNaN(x[i]))
      throw new RangeError(`invalid value in sample ${name} at index ${i}: NaN`);
    y[i] = x[i];
  }
  return y.sort();
}

/** D for two ascending-sorted samples. */
export function ksStatisticSorted(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n1 = a.length;
  const n2 = b.length;
  let i = 0;
  let j = 0;
  let d = 0;
  while (i < n1 && j < n2) {
    const v = a[i] <= b[j] ? a[i] : b[j];
    while (i < n1 && a[i] === v) i++;
    while (j < n2 && b[j] === v) j++;
    const diff = Math.abs(i / n1 - j / n2);
    if (diff > d) d = diff;
  }
  return d;
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** P(D_{n,n} ≥ h/n) for two samples of n values each, exactly. */
function outsideSquare(n: number, h: number): number {
  const kmax = Math.floor(n / h);
  const terms: number[] = [];
  let term = 1;
  let j = 0;
  for (let k = 1; k <= kmax; k++) {
    // C(2n, n − kh)/C(2n, n) = Π_{j<kh} (n − j)/(n + 1 + j), extended from k − 1.
    for (; j < k * h; j++) term *= (n - j) / (n + 1 + j);
    terms.push(term);
  }
  let p = 0;
  for (let k = terms.length - 1; k >= 0; k--) p += k % 2 === 0 ? terms[k] : -terms[k];
  return Math.min(1, Math.max(0, 2 * p));
}

/** P(D ≥ h·g/(n1 n2)) for sizes n1 ≠ n2, as 1 − P(every lattice point stays inside). */
function outsideLattice(n1: number, n2: number, g: number, h: number): number {
  const bound = h * g;
  let row = new Float64Array(n2 + 1);
  let next = new Float64Array(n2 + 1);
  row[0] = 1;
  for (let j = 1; j <= n2; j++) {
    row[j] = Math.abs(-j * n1) < bound ? (row[j - 1] * (n2 - j + 1)) / (n1 + n2 - j + 1) : 0;
  }
  for (let i = 1; i <= n1; i++) {
    for (let j = 0; j <= n2; j++) {
      if (Math.abs(i * n2 - j * n1) >= bound) {
        next[j] = 0;
        continue;
      }
      const rest = n1 + n2 - (i - 1) - j; // items left before the step into (i, j) from (i − 1, j)
      let p = (row[j] * (n1 - i + 1)) / rest;
      if (j > 0) p += (next[j - 1] * (n2 - j + 1)) / (n1 + n2 - i - (j - 1));
      next[j] = p;
    }
    [row, next] = [next, row];
  }
  return Math.min(1, Math.max(0, 1 - row[n2]));
}

/** x rounded to the nearest integer, ties to even (NumPy's `round`). */
function roundHalfEven(x: number): number {
  const r = Math.round(x);
  return r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/** Two-sided p-value for D between samples of sizes n1 and n2 (SciPy's 'auto' method). */
export function ksPvalue(
  d: number,
  n1: number,
  n2: number,
): { pvalue: number; method: 'exact' | 'asymptotic'; statistic: number } {
  if (!(Number.isInteger(n1) && n1 >= 1 && Number.isInteger(n2) && n2 >= 1))
    throw new RangeError(`invalid sample sizes: ${n1}, ${n2}`);
  if (!(d >= 0 && d <= 1)) throw new RangeError(`invalid KS statistic: ${d}`);
  if (Math.max(n1, n2) <= MAX_EXACT) {
    const g = gcd(n1, n2);
    const lcm = (n1 / g) * n2;
    const h = Math.round(d * lcm);
    const snapped = h / lcm;
    if (h === 0) return { pvalue: 1, method: 'exact', statistic: snapped };
    const pvalue = n1 === n2 ? outsideSquare(n1, h) : outsideLattice(n1, n2, g, h);
    return { pvalue, method: 'exact', statistic: snapped };
  }
  const [m, n] = n1 >= n2 ? [n1, n2] : [n2, n1];
  const en = roundHalfEven((m * n) / (m + n));
  return { pvalue: kolmogorovSurvival(en, d), method: 'asymptotic', statistic: d };
}

/** The two-sample KS test of a against b at 5 % (SPEC §9), like `scipy.stats.ks_2samp(a, b)`. */
export function ks2samp(a: ArrayLike<number>, b: ArrayLike<number>): KsResult {
  if (a.length === 0 || b.length === 0)
    throw new RangeError(
      `the KS test needs two non-empty samples, got ${a.length} and ${b.length} values`,
    );
  const d = ksStatisticSorted(sortedCopy(a, 'a'), sortedCopy(b, 'b'));
  const r = ksPvalue(d, a.length, b.length);
  return { statistic: r.statistic, pvalue: r.pvalue, method: r.method, rejected: r.pvalue < 0.05 };
}
