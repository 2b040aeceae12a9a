/**
 * hoeff(ρ): a bound-based test, safe for any tasks with bounded support [a_i, b_i]. Formula
 * (Hoeffding 1963, Thm 2): P(S − μ' ≥ u) ≤ exp(−2u²/Σ(b_i − a_i)²), ≤ ρ for
 * u = √(ln(1/ρ)·Σ(b_i − a_i)²/2); slack = c − (μ' + u). [a_i, b_i] = observed [min, max]; the
 * running "variance" sum carries Σ(b_i − a_i)².
 */
import { capacityLimit } from '../capacity.ts';
import { checkRho } from './entries/gpa.ts';
import type { FitCode } from './entry.ts';
import type { FitTest } from './fitTest.ts';

function hoeffding(rho: number): FitTest {
  checkRho(rho);
  const L = -Math.log(rho);
  return {
    spec: { kind: 'hoeff', rho },
    usesVariance: true,
    sizes(stats, rows) {
      const { min, max } = stats.ensureShape(rows);
      const n = rows.length;
      const size = new Float64Array(n);
      const variance = new Float64Array(n);
      for (let k = 0; k < n; k++) {
        const r = rows[k];
        size[k] = stats.mean[r];
        variance[k] = (max[r] - min[r]) ** 2;
      }
      return { size, variance };
    },
    slack: (load, range2, size, taskRange2, capacity) =>
      capacityLimit(capacity) - (load + size + Math.sqrt((L * (range2 + taskRange2)) / 2)),
  };
}

declare module './fitTest.ts' {
  interface FitSpecs {
    hoeff: { readonly kind: 'hoeff'; readonly rho: number };
  }
}

export const HOEFF_CODE: FitCode = { kind: 'hoeff', create: ([rho]) => hoeffding(rho) };
