/**
 * The tuner's pick among families tuned on the same learned part (`tuneAligned`, walk-forward):
 * of the families whose tuned value met the target on every fold, the one whose packing of the
 * whole learned part takes the fewest machines; ties go to the lower worst fold, then to the
 * order given. A family none of whose values held on the folds is never picked. The pick is made
 * on the learned part alone; its judged figures (`judgeMachines`) and the drift alarm
 * (`driftAlarm`) say afterwards whether it held.
 */
import type { AlignedTuneResult } from './tuneAligned.ts';
import { scopeValue, type SloScope } from './slo.ts';

export function pickTuned<T extends AlignedTuneResult>(
  results: readonly T[],
  scope: SloScope,
): T | null {
  let best: T | null = null;
  for (const r of results) {
    if (r.fit === null || r.cv === null) continue;
    if (
      best === null ||
      r.machines.length < best.machines.length ||
      (r.machines.length === best.machines.length &&
        scopeValue(r.cv, scope) < scopeValue(best.cv!, scope))
    )
      best = r;
  }
  return best;
}
