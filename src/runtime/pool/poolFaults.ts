/**
 * Worker losses a test plans (`globalThis.slopackFaults`). Before the app starts (e.g. from
 * Playwright's addInitScript, as `slopackLiveness` is set): the pool's worker handed the first unit
 * of a named job (`sweep`, or a job's name such as `paperSums`) vanishes before the unit reaches
 * it, and with `times: 2` so does the worker handed that unit's rerun. While the page runs
 * (`loseNextCallOf`): a supervised worker's next call (the ingestion worker's load) loses it the
 * same way. Each worker closes itself from inside with no event, as when a browser ends it, so it
 * is found by an unanswered ping. Deterministic: the loss falls on work in flight however fast the
 * run, never on an observed race.
 */
import type { Dispatch } from './poolParts.ts';

interface FaultPlan {
  /** The job whose first unit loses its worker. */
  readonly loseUnitOf: string;
  /** 1: that worker; 2: also the worker given the unit's rerun (the work is then lost twice). */
  readonly times: number;
}

/** What a test set, unchecked. */
const faultsSet = () =>
  (globalThis as { slopackFaults?: Partial<Record<keyof FaultPlan | 'loseNextCallOf', unknown>> })
    .slopackFaults;

/** The plan a test set, or null (none set, or not a plan: a page never loses work otherwise). */
export function configuredFaults(): FaultPlan | null {
  const set = faultsSet();
  if (!set || typeof set !== 'object') return null;
  const { loseUnitOf, times } = set;
  if (typeof loseUnitOf !== 'string' || (times !== 1 && times !== 2)) return null;
  return { loseUnitOf, times };
}

/** Makes `vanish(slot)` happen at each dispatch the plan names. */
export function planFaults(
  plan: FaultPlan,
  pool: { onDispatch(listener: (d: Dispatch) => void): () => void },
  vanish: (slot: number) => void,
): void {
  let lost = 0;
  pool.onDispatch((d) => {
    if (d.name !== plan.loseUnitOf || lost >= plan.times || (lost > 0 && !d.retried)) return;
    lost++;
    vanish(d.slot);
  });
}

/** Whether a test asked that the next call to the supervised worker `what` lose it (used up once read). */
export function plannedLoss(what: string): boolean {
  const set = faultsSet();
  if (set?.loseNextCallOf !== what) return false;
  delete set.loseNextCallOf;
  return true;
}
