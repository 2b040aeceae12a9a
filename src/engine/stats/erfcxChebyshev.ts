/**
 * How erfc.ts's tables of erfcx are made (SPEC §5: Φ): Chebyshev interpolants of erfcx(x) =
 * e^{x²}·erfc(x) on [½, TAIL_FROM) in steps of ½, and on s = 1/x² ∈ (0, 1/TAIL_FROM²] for the tail,
 * where x·√π·erfcx(x) → 1. The interpolated values come from the Laplace continued fraction of erfc,
 * evaluated backwards to convergence, so no coefficient table is copied from anywhere. Making them
 * takes some 1.4 million divisions, so `scripts/erfcxTables.ts` writes them once into
 * erfcxTables.ts, and erfcxTables.test.ts checks that file against this code bit for bit.
 */

export const SQRT_PI = Math.sqrt(Math.PI);
export const SERIES_BELOW = 0.5;
export const TAIL_FROM = 6;
export const WIDTH = 0.5;
const PIECES = (TAIL_FROM - SERIES_BELOW) / WIDTH;
export const DEGREE = 13;
export const STRIDE = DEGREE + 1;
export const TAIL_DEGREE = 18;

/** s's scale in the tail: s = 1/x² / TAIL_HALF − 1 ∈ [−1, 1]. */
export const TAIL_HALF = 0.5 / (TAIL_FROM * TAIL_FROM);

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

export function makeErfcxTables(): { readonly body: Float64Array; readonly tail: Float64Array } {
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

/** The text of erfcxTables.ts: every coefficient in the shortest decimal that reads back exactly. */
export function erfcxTablesSource(): string {
  const { body, tail } = makeErfcxTables();
  const list = (a: Float64Array) => Array.from(a, (v) => `  ${String(v)},`).join('\n');
  return `/**
 * erfc.ts's erfcx tables, written by scripts/erfcxTables.ts from erfcxChebyshev.ts (do not edit:
 * erfcxTables.test.ts checks them against a fresh computation bit for bit). ERFCX_BODY: per piece
 * of [½, TAIL_FROM) the monomial coefficients of degree 0…DEGREE; ERFCX_TAIL: the tail's.
 */
export const ERFCX_BODY = Float64Array.of(
${list(body)}
);

export const ERFCX_TAIL = Float64Array.of(
${list(tail)}
);
`;
}
