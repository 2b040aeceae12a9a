/** The Tune view's shareable parameters: the open panel, the families and the target SLO. */
import { DEFAULT_FAMILIES, FAMILIES, type FitFamily } from '../../engine/index.ts';
import { TUNE_CONFIDENCE, TUNE_TARGET } from '../../engine/tune/index.ts';
import { listOf } from '../common/link/codecs.ts';
import {
  choiceParam,
  customParam,
  numberParam,
  type ParamSpecs,
} from '../common/store/paramSpec.ts';

export const TUNE_MODES = ['calibrate', 'auto', 'walk'] as const;
export type TuneMode = (typeof TUNE_MODES)[number];

export interface TuneViewParams {
  /** The open panel (calibration sweep, auto-tuner or walk-forward advice on the loaded data). */
  readonly tuneMode: TuneMode;
  /** The family the calibration sweeps, and the families the auto-tuner tunes. */
  readonly tuneFamily: FitFamily;
  readonly tuneFamilies: readonly FitFamily[];
  /** Target SLO q* (an overflow frequency, e.g. 0.001) and the tuner's confidence. */
  readonly target: number;
  readonly confidence: number;
}

/** Each parameter once: key, default, range; the panel is a navigation. */
export const TUNE_PARAMS: ParamSpecs<TuneViewParams> = {
  tuneMode: choiceParam<TuneMode>('tm', 'calibrate', 'tune panel', TUNE_MODES, { navigates: true }),
  tuneFamily: choiceParam<FitFamily>('fam', 'gpa', 'fit-test family', FAMILIES),
  tuneFamilies: customParam('fams', DEFAULT_FAMILIES, listOf('list of families', FAMILIES)),
  target: numberParam('qt', 0.001, TUNE_TARGET),
  confidence: numberParam('conf', 0.95, TUNE_CONFIDENCE),
};
