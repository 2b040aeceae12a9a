/**
 * cf(ρ): GPA with a Cornish–Fisher skewness correction. Formula (Cornish & Fisher 1938, first-order
 * term): the (1 − p)-quantile of the machine's total is μ' + σ'·(z_p + (z_p² − 1)·γ/6) with
 * γ = Σκ₃/σ'³, since third central moments (cumulants) of independent tasks add like variances;
 * P is the level p at which that quantile meets c, and slack = ρ − P.
 */
import { normalSurvival } from '../stats/normal.ts';
import { stateOnlySlack, type FitTest, type MachineState, type MachineSums } from './fitTest.ts';
import { gaussianOverflow } from './gpa.ts';
import { checkRho } from './entries/gpa.ts';
import type { FitCode } from './entry.ts';

/** The overflow level P at which the Cornish–Fisher quantile of (mean, variance, third) meets c. */
export function cornishFisherOverflow(
  mean: number,
  variance: number,
  third: number,
  capacity: number,
): number {
  if (third === 0 || !(variance > 0)) return gaussianOverflow(mean, variance, capacity);
  const sd = Math.sqrt(variance);
  const a = third / (6 * variance * sd);
  const x = (capacity - mean) / sd;
  // Solve z + a·(z² − 1) = x on the branch where the quantile increases with z (1 + 2az > 0).
  const disc = 1 + 4 * a * (a + x);
  if (disc < 0) return a > 0 ? 1 : 0;
  const z = (2 * (a + x)) / (1 + Math.sqrt(disc));
  return normalSurvival(z);
}

function cornishFisher(rho: number): FitTest {
  checkRho(rho);
  return {
    spec: { kind: 'cf', rho },
    usesVariance: true,
    sizes(stats, rows) {
      const { third } = stats.ensureShape(rows);
      const n = rows.length;
      const size = new Float64Array(n);
      const variance = new Float64Array(n);
      const k3 = new Float64Array(n);
      for (let k = 0; k < n; k++) {
        size[k] = stats.mean[rows[k]];
        variance[k] = stats.variance[rows[k]];
        k3[k] = third[rows[k]];
      }
      const machineState = (sums: MachineSums, capacity: number): MachineState => {
        const sum3 = new Float64Array(sums.load.length);
        return {
          open(j, t) {
            sum3[j] = k3[t];
          },
          add(j, t) {
            sum3[j] += k3[t];
          },
          remove(j, _t, remaining) {
            let s = 0;
            for (const r of remaining) s += k3[r];
            sum3[j] = s;
          },
          slack(j, t) {
            const empty = j < 0;
            const P = cornishFisherOverflow(
              (empty ? 0 : sums.load[j]) + size[t],
              (empty ? 0 : sums.variance[j]) + variance[t],
              (empty ? 0 : sum3[j]) + k3[t],
              capacity,
            );
            return rho - P;
          },
        };
      };
      return { size, variance, machineState };
    },
    slack: stateOnlySlack('cf'),
  };
}

declare module './fitTest.ts' {
  interface FitSpecs {
    cf: { readonly kind: 'cf'; readonly rho: number };
  }
}

export const CF_CODE: FitCode = { kind: 'cf', create: ([rho]) => cornishFisher(rho) };
