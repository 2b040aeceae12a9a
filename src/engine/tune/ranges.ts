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
