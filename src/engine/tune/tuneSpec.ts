/** The tuner's spec and the records its cross-validation passes between workers. */
import { DEFAULT_BIN } from '../fit/index.ts';
import {
  byConservativeness,
  DEFAULT_FAMILIES,
  FAMILY_INFO,
  checkFamily,
  familySpec,
  type FitFamily,
} from './families.ts';
import { checkRunConfig, type RunConfig } from './runs.ts';
import { inRange, rangeText } from '../ranges.ts';
import { REFINE_POINTS, REFINE_ROUNDS } from './ranges.ts';

export interface TuneSpec extends RunConfig {
  readonly families: readonly FitFamily[];
  /** Target SLOs q*, e.g. [0.01, 0.001]; one table each, from the same cross-validation. */
  readonly targets: readonly number[];
  /** Refinement rounds after the coarse grid, and new values per bracket and round. */
  readonly refineRounds: number;
  readonly refinePoints: number;
  /** Coarse grids per family (default: the family's grid). */
  readonly grids?: Partial<Record<FitFamily, readonly number[]>>;
  /** Which candidates are cross-validated (search.ts); default smart, same winners as exhaustive. */
  readonly search?: TuneSearch;
  /** Smart search: candidates evaluated beyond each bracket it finds (default 2). */
  readonly verify?: number;
  /**
   * Smart search: instances a new value runs on first (default ⌈K/4⌉ for one target, K — no early
   * stopping — for several: see `firstBatch`); a value whose overflow there already puts its CV q
   * above every target is not run on the others (early stopping).
   */
  readonly batch?: number;
}

export type TuneSearch = 'smart' | 'exhaustive';
export const TUNE_SEARCHES: readonly TuneSearch[] = ['smart', 'exhaustive'];

export const DEFAULT_TUNE = {
  seed: 1,
  instances: 20,
  tasks: 1000,
  packer: 'bf',
  capacity: 1,
  clairvoyance: 0.5,
  source: 'inst',
  rebalance: 5,
  bin: DEFAULT_BIN,
  confidence: 0.95,
  families: DEFAULT_FAMILIES,
  targets: [0.001],
  refineRounds: 2,
  refinePoints: 4,
  search: 'smart',
} as const satisfies TuneSpec;

export function checkTuneSpec(spec: TuneSpec, poolSize: number): TuneSpec {
  checkRunConfig(spec, poolSize);
  if (spec.families.length === 0) throw new RangeError('invalid families: none given');
  spec.families.forEach(checkFamily);
  if (spec.targets.length === 0) throw new RangeError('invalid targets: none given');
  for (const q of spec.targets)
    if (!(q > 0 && q < 1)) throw new RangeError(`invalid target q*: ${q} (need 0 < q* < 1)`);
  if (!inRange(REFINE_ROUNDS, spec.refineRounds))
    throw new RangeError(
      `invalid refinement rounds: ${spec.refineRounds} (need ${rangeText(REFINE_ROUNDS)})`,
    );
  if (!inRange(REFINE_POINTS, spec.refinePoints))
    throw new RangeError(
      `invalid refinement points: ${spec.refinePoints} (need ${rangeText(REFINE_POINTS)})`,
    );
  if (spec.batch !== undefined && !(Number.isInteger(spec.batch) && spec.batch >= 1))
    throw new RangeError(`invalid batch: ${spec.batch} (need an integer ≥ 1)`);
  if (spec.search !== undefined && !TUNE_SEARCHES.includes(spec.search))
    throw new RangeError(
      `invalid search: "${spec.search}" (expected ${TUNE_SEARCHES.join(' or ')})`,
    );
  for (const family of spec.families)
    for (const v of coarseGrid(spec, family)) familySpec(family, v, spec.bin);
  return spec;
}

/**
 * Instances a new value runs on first in the smart search (all of them: no early stopping). By
 * default early stopping is on for one target only: with several, a value stops only where it fails
 * the largest, which the bisection rarely evaluates (4 of 153 values at q* ∈ {0.01, 0.001}), and the
 * extra step per bisection step costs more wall time than that saves.
 */
export function firstBatch(spec: TuneSpec): number {
  if ((spec.search ?? 'smart') === 'exhaustive') return spec.instances;
  const fallback = spec.targets.length === 1 ? Math.ceil(spec.instances / 4) : spec.instances;
  return Math.min(spec.instances, spec.batch ?? fallback);
}

/** The family's coarse grid, aggressive to conservative. */
export function coarseGrid(spec: TuneSpec, family: FitFamily): number[] {
  return byConservativeness(family, spec.grids?.[family] ?? FAMILY_INFO[family].grid);
}

export interface CvJob {
  readonly family: FitFamily;
  readonly instance: number;
  readonly round: number;
  readonly values: readonly number[];
  /** Runs already known for further values (equal decision keys: see `cvJobs`), copied as is. */
  readonly known?: readonly CvRun[];
}

export interface CvRun {
  readonly value: number;
  /** Overflows counted on the held-out fold, summed over both folds; trials = Σ m_abs·|fold|. */
  readonly overflows: number;
  readonly trials: number;
  /** Machines used, mean of the two fold packings. */
  readonly mAbs: number;
}

export interface CvChunk {
  readonly family: FitFamily;
  readonly instance: number;
  readonly round: number;
  readonly runs: readonly CvRun[];
  /** Columns of the two folds (for decision keys). */
  readonly foldColumns?: readonly number[];
}

/** The CV q of one value over all instances. */
export interface CvPoint {
  readonly value: number;
  /** Mean over instances of each instance's pooled CV q. */
  readonly q: number;
  /** One-sided upper bound at the spec's confidence. */
  readonly upper: number;
  readonly mAbs: number;
  /**
   * Set when early stopping left the value after this many instances: q and upper are then a lower
   * bound of both (Σ q over those instances / K), already above every target; mAbs their mean.
   */
  readonly instances?: number;
}
