/**
 * Tuning on a time-aligned matrix, past to future: a family's parameter is chosen on the learned
 * part alone, by contiguous folds — one (pack with estimates from its first half, judge on its
 * second half; the default) or walk-forward (`validation: 'walk'`, `walkForward.ts`: learn days
 * 1..k, judge day k + 1); random columns, or a reverse fold, would let the future inform the past —
 * as the most aggressive grid value that meets the target on every fold and after which every more
 * conservative value meets it too. The target reads the SLO per machine by `scope`: the mean (the paper's q), every machine
 * (the worst), or 95 % of machines (the 95th percentile of q_j). Then the chosen value packs on the
 * whole learned part and is judged on the judged part.
 */
import { familySpec, FAMILY_INFO, type FitFamily } from '../tune/families.ts';
import { runPacking, type PackParams } from '../experiment.ts';
import { WorkloadStats, identityRows } from '../workload.ts';
import type { RealizationMatrix } from '../matrix.ts';
import type { FitSpec } from '../fit/index.ts';
import { sliceColumns } from './timeSplit.ts';
import { scopeValue, type MachineSlo, type SloScope } from './slo.ts';
import { scoreFolds, validationFolds, type FoldSlo, type Validation } from './walkForward.ts';

export interface AlignedTuneConfig {
  readonly packer: PackParams['packer'];
  readonly capacity: number;
  readonly rebalance: number;
  readonly target: number;
  readonly scope: SloScope;
  /** How the learned part is cut into folds (default 'half': one fold). */
  readonly validation?: Validation;
  /** Seconds between instants (walk-forward folds by day), or null. */
  readonly step?: number | null;
}

export interface AlignedTuneResult {
  readonly family: FitFamily;
  /** null: no grid value met the target on the fold. */
  readonly value: number | null;
  readonly fit: FitSpec | null;
  /** The fold's figures of the chosen value (with several folds, its worst fold). */
  readonly cv: MachineSlo | null;
  /** Each fold's figures of the chosen value (empty when none met the target). */
  readonly folds: readonly FoldSlo[];
  /** Machines packed on the whole learned part, and their per-machine machines (pool rows). */
  readonly machines: readonly Int32Array[];
}

/** Packs `m` (all columns observed) and returns each machine's pool rows. */
export function packAligned(
  m: RealizationMatrix,
  fit: FitSpec,
  c: Pick<AlignedTuneConfig, 'packer' | 'capacity' | 'rebalance'>,
): Int32Array[] {
  const stats = new WorkloadStats({ inst: m, avg: null });
  const rows = identityRows(m.rows);
  const params: PackParams = {
    packer: c.packer,
    fit,
    capacity: c.capacity,
    clairvoyance: 1,
    source: 'inst',
    rebalance: c.rebalance,
  };
  return runPacking(stats, rows, params).machines.map((mc) => mc.tasks);
}

/**
 * The tuned value of `family` on `learn` (see the file's comment); `specOf` builds the fit test at
 * a value (default: the family's other parameters at their defaults).
 */
export function tuneAligned(
  learn: RealizationMatrix,
  family: FitFamily,
  c: AlignedTuneConfig,
  grid: readonly number[] = FAMILY_INFO[family].grid,
  specOf: (value: number) => FitSpec = (v) => familySpec(family, v),
): AlignedTuneResult {
  const folds = validationFolds(learn.cols, c.step ?? null, c.validation ?? 'half');
  const pack = (past: RealizationMatrix, fit: FitSpec) => packAligned(past, fit, c);
  const fold = grid.map((v) => scoreFolds(learn, folds, specOf(v), pack, c));
  // From the conservative end: the longest run of values that meet the target on every fold.
  let chosen = -1;
  for (let k = grid.length - 1; k >= 0; k--) {
    if (scopeValue(fold[k].worst, c.scope) > c.target) break;
    chosen = k;
  }
  if (chosen < 0) return { family, value: null, fit: null, cv: null, folds: [], machines: [] };
  const fit = specOf(grid[chosen]);
  return {
    family,
    value: grid[chosen],
    fit,
    cv: fold[chosen].worst,
    folds: fold[chosen].folds,
    machines: packAligned(learn, fit, c),
  };
}

/**
 * The matrix of independent draws with the same per-task marginals as `m`: each row's columns
 * permuted on their own (seeded per row), which keeps every task's values and removes what tasks
 * do together — the paper's independent realization, on the very same samples.
 */
export function independentShuffle(
  m: RealizationMatrix,
  next: (row: number) => (n: number) => number,
): RealizationMatrix {
  const out = sliceColumns(m, { start: 0, end: m.cols });
  for (let i = 0; i < m.rows; i++) {
    const row = out.data.subarray(i * m.cols, (i + 1) * m.cols);
    const draw = next(i);
    for (let k = row.length - 1; k > 0; k--) {
      const j = draw(k + 1);
      const x = row[k];
      row[k] = row[j];
      row[j] = x;
    }
  }
  return out;
}
