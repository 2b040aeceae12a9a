/** Fit tests on a bin's summed load (SPEC §12): hard capacity on Σq, or GPA on (Σμ, Σσ²). */
import { capacityLimit, withinCapacity } from '../capacity.ts';
import { normalQuantile } from '../stats/normal.ts';
import type { BatchTask, FitTest, Machine, PolicyContext } from './context.ts';
import type { TimelineFit } from './types.ts';

export type { FitTest, Load } from './context.ts';

/** The largest Σq that passes the hard test: fitTest({kind: 'size'}, c)(q) ≡ q ≤ hardLimit(c). */
export function hardLimit(capacity: number): number {
  return capacityLimit(capacity);
}

/** Hard: Σq ≤ c. GPA (Janus & Rzadca §4): Σμ + z_{1−ρ}·√Σσ² ≤ c. */
export function fitTest(fit: TimelineFit, capacity: number): FitTest {
  if (!(capacity > 0)) throw new RangeError(`capacity must be > 0, got ${capacity}`);
  if (fit.kind === 'size') {
    const limit = hardLimit(capacity);
    return (q) => q <= limit;
  }
  if (!(fit.rho > 0 && fit.rho < 1))
    throw new RangeError(`gpa ρ must be in (0, 1), got ${fit.rho}`);
  const z = normalQuantile(1 - fit.rho);
  return (_q, mu, v) => withinCapacity(mu + z * Math.sqrt(v), capacity);
}

/** The context's fit test for t on m, inlined under hard capacity. */
export function fitsOn(ctx: PolicyContext, m: Machine, t: BatchTask): boolean {
  const limit = ctx.hardLimit;
  if (limit !== undefined) return m.q + t.q <= limit;
  return ctx.fits(m.q + t.q, m.mu + t.mu, m.v + t.v);
}

/** Index of the first machine in order that fits t, from `from` on (−1: none). */
export function firstFitting(ctx: PolicyContext, t: BatchTask, from = 0): number {
  const ms = ctx.machines;
  const limit = ctx.hardLimit;
  if (limit !== undefined) {
    for (let k = from; k < ms.length; k++) if (ms[k].q + t.q <= limit) return k;
    return -1;
  }
  for (let k = from; k < ms.length; k++) if (fitsOn(ctx, ms[k], t)) return k;
  return -1;
}
