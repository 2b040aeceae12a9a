/**
 * Walk-forward validation (rolling origin, expanding window) of a setting on the learned part of a
 * time-aligned history: learn days 1..k, judge day k+1, for each k the part allows, so that no
 * judged instant ever informs the packing it judges, and the setting is seen on several futures
 * rather than one. The fold rule:
 * - with a sampling step and at least two whole days in the learned part, a fold per day: learn the
 *   first k days (counted from the part's first instant), judge day k + 1 (the last fold's judged
 *   day takes the part's trailing partial day too), the last `WALK_MAX_FOLDS` days at most;
 * - otherwise (no step, or less than two days) `WALK_BLOCKS` equal contiguous blocks: learn blocks
 *   1..k, judge block k + 1 (three folds).
 * `half` is the older single fold (learn the first half, judge the second), kept for comparison.
 */
import type { RealizationMatrix } from '../matrix.ts';
import type { FitSpec } from '../fit/index.ts';
import type { ColumnRange } from './timeSplit.ts';
import { sliceColumns } from './timeSplit.ts';
import { judgeMachines, scopeValue, type MachineSlo, type SloScope } from './slo.ts';

export const VALIDATIONS = ['walk', 'half'] as const;
export type Validation = (typeof VALIDATIONS)[number];

export const WALK_MAX_FOLDS = 7;
export const WALK_BLOCKS = 4;

export interface Fold {
  readonly learn: ColumnRange;
  readonly judge: ColumnRange;
}

/** The folds over `cols` learned columns (`step` seconds apart, or null: see the file's comment). */
export function validationFolds(
  cols: number,
  step: number | null,
  validation: Validation = 'walk',
): Fold[] {
  if (cols < 2)
    throw new RangeError(`cannot validate on ${cols} learned column(s): need at least 2`);
  if (validation === 'half') {
    const half = Math.floor(cols / 2);
    return [{ learn: { start: 0, end: half }, judge: { start: half, end: cols } }];
  }
  const perDay = step === null ? 0 : Math.round(86_400 / step);
  const days = perDay >= 1 ? Math.floor(cols / perDay) : 0;
  const bounds =
    days >= 2
      ? Array.from({ length: days + 1 }, (_, d) => (d === days ? cols : d * perDay))
      : Array.from({ length: Math.min(WALK_BLOCKS, cols) + 1 }, (_, b) =>
          Math.floor((b * cols) / Math.min(WALK_BLOCKS, cols)),
        );
  const folds: Fold[] = [];
  for (let k = 1; k + 1 < bounds.length; k++)
    folds.push({
      learn: { start: 0, end: bounds[k] },
      judge: { start: bounds[k], end: bounds[k + 1] },
    });
  return folds.slice(-WALK_MAX_FOLDS);
}

/** One fold's figures of a setting: its machines packed on the fold's learned columns, judged. */
export interface FoldSlo {
  readonly fold: Fold;
  readonly machines: number;
  readonly slo: MachineSlo;
}

/** A setting scored on every fold; `worst` is the fold whose scope figure is highest. */
export interface FoldsScore {
  readonly folds: readonly FoldSlo[];
  readonly worst: MachineSlo;
}

/** The setting `fit` packed by `pack` on each fold's learned columns of `m` and judged on its next. */
export function scoreFolds(
  m: RealizationMatrix,
  folds: readonly Fold[],
  fit: FitSpec,
  pack: (past: RealizationMatrix, fit: FitSpec) => Int32Array[],
  c: { readonly capacity: number; readonly target: number; readonly scope: SloScope },
): FoldsScore {
  const scored = folds.map((fold) => {
    const machines = pack(sliceColumns(m, fold.learn), fit);
    const slo = judgeMachines(machines, sliceColumns(m, fold.judge), c.capacity, c.target);
    return { fold, machines: machines.length, slo };
  });
  let worst = scored[0].slo;
  for (const f of scored)
    if (scopeValue(f.slo, c.scope) > scopeValue(worst, c.scope)) worst = f.slo;
  return { folds: scored, worst };
}
