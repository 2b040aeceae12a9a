/**
 * empm(m, ρ): the empirical sum test (`empirical.ts`) on a machine's aligned total with a safety
 * margin learned from the past: x fits iff (1 + m)·(S_j[t] + x[t]) exceeds c on at most ρ of the
 * observed instants t ∈ O, i.e. the empirical test against c / (1 + m). On a time-aligned matrix
 * it reads what the tasks did together (their peaks lined up or not), as the ex-post oracle does
 * on the judged part itself; the margin is what the past must leave for a future that peaks
 * higher than it, and the tuner learns it by walk-forward at ρ held at the target.
 */
import { checkRange } from '../ranges.ts';
import type { FitCode } from './entry.ts';
import { stateOnlySlack, type FitTest } from './fitTest.ts';
import { EMP_CODE } from './empirical.ts';
import { SAFETY_MARGIN } from './entries/empiricalMargin.ts';

function empiricalMargin(margin: number, rho: number): FitTest {
  checkRange(SAFETY_MARGIN, margin);
  const empirical = EMP_CODE.create([rho]);
  return {
    spec: { kind: 'empm', margin, rho },
    usesVariance: false,
    sizes(stats, rows) {
      const sizes = empirical.sizes(stats, rows);
      const state = sizes.machineState!;
      return { ...sizes, machineState: (sums, capacity) => state(sums, capacity / (1 + margin)) };
    },
    slack: stateOnlySlack('empm'),
  };
}

declare module './fitTest.ts' {
  interface FitSpecs {
    empm: { readonly kind: 'empm'; readonly margin: number; readonly rho: number };
  }
}

export const EMP_MARGIN_CODE: FitCode = {
  kind: 'empm',
  create: ([margin, rho]) => empiricalMargin(margin, rho),
};
