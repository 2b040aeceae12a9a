/**
 * The tuner's target SLO q* and its confidence, declared once with the page's names and the
 * command line's flags: the Tune view's boxes and links and `tune --target/--confidence` accept
 * the same values.
 */
import { numberRange } from '../ranges.ts';

export const TUNE_TARGET = numberRange('target SLO', 'q*', {
  min: 0,
  minOpen: true,
  max: 1,
  maxOpen: true,
  flag: 'target',
});
export const TUNE_CONFIDENCE = numberRange('confidence', 'confidence', {
  min: 0.5,
  minOpen: true,
  max: 1,
  maxOpen: true,
  flag: 'confidence',
});
/** `calibrate --pool`: tasks of the synthetic pool the calibration measures. */
export const CALIBRATION_POOL = numberRange('pool', 'pool', {
  min: 1,
  max: 100_000,
  integer: true,
  flag: 'pool',
});
/**
 * The tuner's grid refinement rounds after the coarse grid (0: the coarse grid only). Each round
 * divides a bracket by at least 2, so past 52 rounds no double is left inside it: more rounds
 * would only run.
 */
export const REFINE_ROUNDS = numberRange('refinement rounds', 'rounds', {
  min: 0,
  max: 52,
  integer: true,
  flag: 'refine-rounds',
});
/** New values per bracket and refinement round; 1000 bounds one round's cross-validation. */
export const REFINE_POINTS = numberRange('refinement points', 'points', {
  min: 1,
  max: 1000,
  integer: true,
  flag: 'refine-points',
});
/** The smart search's instances a new value runs on before early stopping. */
export const TUNE_BATCH = numberRange('batch', 'batch', { min: 1, integer: true, flag: 'batch' });
