/**
 * bern(ρ): a bound-based test, safe for any tasks bounded above. Formula (Bernstein's inequality,
 * e.g. Boucheron, Lugosi & Massart 2013, §2.8): if X_i − μ_i ≤ M for all tasks on the machine,
 * P(S − μ' ≥ u) ≤ exp(−u²/(2(σ'² + M·u/3))); with L = ln(1/ρ) that is ≤ ρ for
 * u = L·M/3 + √((L·M/3)² + 2·L·σ'²), so slack = c − (μ' + u). M_i = observed max − μ_i.
 */
import { capacityLimit } from '../capacity.ts';
import { checkRho } from './entries/gpa.ts';
import type { FitCode } from './entry.ts';
import { stateOnlySlack, type FitTest, type MachineState, type MachineSums } from './fitTest.ts';

/** The deviation u above the mean that Bernstein's inequality bounds by ρ, given ln(1/ρ). */
export function bernsteinMargin(
  logInverseRho: number,
  variance: number,
  maxDeviation: number,
): number {
  const a = (logInverseRho * maxDeviation) / 3;
  return a + Math.sqrt(a * a + 2 * logInverseRho * variance);
}

function bernstein(rho: number): FitTest {
  checkRho(rho);
  const L = -Math.log(rho);
  return {
    spec: { kind: 'bern', rho },
    usesVariance: true,
    sizes(stats, rows) {
      const { max } = stats.ensureShape(rows);
      const n = rows.length;
      const size = new Float64Array(n);
      const variance = new Float64Array(n);
      const dev = new Float64Array(n);
      for (let k = 0; k < n; k++) {
        const r = rows[k];
        size[k] = stats.mean[r];
        variance[k] = stats.variance[r];
        dev[k] = Math.max(0, max[r] - stats.mean[r]);
      }
      const machineState = (sums: MachineSums, capacity: number): MachineState => {
        const M = new Float64Array(sums.load.length);
        return {
          open(j, t) {
            M[j] = dev[t];
          },
          add(j, t) {
            if (dev[t] > M[j]) M[j] = dev[t];
          },
          remove(j, _t, remaining) {
            let m = 0;
            for (const r of remaining) if (dev[r] > m) m = dev[r];
            M[j] = m;
          },
          slack(j, t) {
            const empty = j < 0;
            const mean = (empty ? 0 : sums.load[j]) + size[t];
            const v = (empty ? 0 : sums.variance[j]) + variance[t];
            const m = empty ? dev[t] : Math.max(M[j], dev[t]);
            return capacityLimit(capacity) - (mean + bernsteinMargin(L, v, m));
          },
        };
      };
      return { size, variance, machineState };
    },
    slack: stateOnlySlack('bern'),
  };
}

declare module './fitTest.ts' {
  interface FitSpecs {
    bern: { readonly kind: 'bern'; readonly rho: number };
  }
}

export const BERN_CODE: FitCode = { kind: 'bern', create: ([rho]) => bernstein(rho) };
