/**
 * The tuner's pick among families tuned on the same learned part (`tuneAligned`, walk-forward):
 * of the families whose tuned value met the target on every fold, the one whose packing of the
 * whole learned part takes the fewest machines; ties go to the lower worst fold, then to the
 * order given. A family none of whose values held on the folds is never picked. The pick is made
 * on the learned part alone; its judged figures (`judgeMachines`) and the drift alarm
 * (`driftAlarm`) say afterwards whether it held.
 */
import type { RealizationMatrix } from '../matrix.ts';
import type { FitFamily } from '../tune/families.ts';
import { tuneAligned, type AlignedTuneConfig, type AlignedTuneResult } from './tuneAligned.ts';
import { scopeValue, type MachineSlo, type SloScope } from './slo.ts';

export function pickTuned<T extends AlignedTuneResult>(
  results: readonly T[],
  scope: SloScope,
): T | null {
  return pickFewest(results, (r) => (r.fit && r.cv ? [r.machines.length, r.cv] : null), scope);
}

/**
 * The rule of `pickTuned` over any candidates: `held` gives a candidate's machines and worst fold
 * when it met the target on every fold, null when it did not (never picked).
 */
export function pickFewest<T>(
  candidates: readonly T[],
  held: (t: T) => readonly [machines: number, cv: MachineSlo] | null,
  scope: SloScope,
): T | null {
  let best: { t: T; machines: number; cv: number } | null = null;
  for (const t of candidates) {
    const h = held(t);
    if (h === null) continue;
    const cv = scopeValue(h[1], scope);
    if (best === null || h[0] < best.machines || (h[0] === best.machines && cv < best.cv))
      best = { t, machines: h[0], cv };
  }
  return best && best.t;
}

/** Every family tuned on the same learned part, and the pick among them. */
export interface PickedTuning {
  readonly results: readonly AlignedTuneResult[];
  readonly pick: AlignedTuneResult | null;
}

/**
 * Each of `families` tuned on `learn` (`tuneAligned`, by the folds `c.validation` names), then
 * `pickTuned` at `c.scope`; `onTuned` hears each family as it is done.
 */
export function tunePicked(
  learn: RealizationMatrix,
  families: readonly FitFamily[],
  c: AlignedTuneConfig,
  onTuned?: (r: AlignedTuneResult) => void,
): PickedTuning {
  const results = families.map((family) => {
    const r = tuneAligned(learn, family, c);
    onTuned?.(r);
    return r;
  });
  return { results, pick: pickTuned(results, c.scope) };
}
