/** The Learn view's shareable parameters: the open lesson and its step (the lesson's own meaning). */
import { intParam, type ParamSpecs } from '../common/paramSpec.ts';

export interface LearnParams {
  /** The open lesson (1 to the count of ui/learn/lessons.ts, whose test checks the bound), a navigation. */
  readonly lesson: number;
  readonly step: number;
}

/** The lesson that plays the semi-online paper's Fig. 1 and a day's window curve (its run). */
export const SEMI_ONLINE_LESSON = 7;

export const LEARN_PARAMS: ParamSpecs<LearnParams> = {
  lesson: intParam('lesson', 1, 'lesson', 1, 10, { navigates: true }),
  step: intParam('step', 0, 'step', 0, 1_000_000, { onlyChanged: true }),
};
