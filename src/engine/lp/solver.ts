/**
 * Linear and mixed-integer programs, written as CPLEX LP text and solved by a solver handed in by the
 * caller (HiGHS compiled to WebAssembly, loaded by `runtime/lp.ts`). The engine builds models and
 * reads solutions; it never loads the solver itself, so it stays free of I/O and of WebAssembly
 * loading code.
 */

export type LpStatus = 'optimal' | 'infeasible' | 'unbounded' | 'other';

export interface LpSolution {
  readonly status: LpStatus;
  /** The solver's own status text, for messages. */
  readonly detail: string;
  readonly objective: number;
  /** Primal value of every column, by name. */
  readonly values: ReadonlyMap<string, number>;
}

export interface LpSolver {
  solve(model: string): LpSolution;
}

/** One linear term list as LP text: `+ 2 x1 - 1 x2`; zero coefficients are left out. */
export function lpTerms(
  terms: ReadonlyArray<readonly [coefficient: number, column: string]>,
): string {
  const parts: string[] = [];
  for (const [a, name] of terms) {
    if (a === 0) continue;
    if (!Number.isFinite(a)) throw new Error(`invalid LP coefficient ${a} for ${name}`);
    parts.push(`${a < 0 ? '-' : '+'} ${formatCoefficient(Math.abs(a))} ${name}`);
  }
  return parts.length === 0 ? '0' : parts.join(' ');
}

/** Full precision, never exponent notation (LP readers accept it, but some misread `1e-05`). */
function formatCoefficient(a: number): string {
  const s = String(a);
  return s.includes('e') ? a.toFixed(20).replace(/0+$/, '').replace(/\.$/, '') : s;
}
