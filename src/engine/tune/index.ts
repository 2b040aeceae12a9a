/** SLO calibration and auto-tuning: the public surface of `tune/`. */
export * from './families.ts';
export * from './intervals.ts';
export {
  checkRunConfig,
  columnRange,
  countOverflows,
  folds,
  instanceRows,
  type RunConfig,
} from './runs.ts';
export * from './sloCalibration.ts';
export * from './tune.ts';
export * from './tuneSpec.ts';
export { boundary, smartValues } from './search.ts';
export {
  CALIBRATION_POOL,
  REFINE_POINTS,
  REFINE_ROUNDS,
  TUNE_BATCH,
  TUNE_CONFIDENCE,
  TUNE_TARGET,
} from './ranges.ts';
