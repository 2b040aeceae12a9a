/**
 * The Learn view's shareable parameters: the open lesson, its step (the lesson's own meaning), the
 * prediction asked before its reveal, and the lessons' own ρ, rule and hand packing. A lesson
 * reads and writes these alone, never Pack's fit, packer or dataset, so nothing done in a lesson
 * changes Pack until the learner opens the lesson's state there; and they are written only in
 * the Learn view's link, so Pack's link never carries them.
 */
import {
  choiceParam,
  customParam,
  intParam,
  numberParam,
  type ParamSpecs,
} from '../common/store/paramSpec.ts';
import { fitFields } from '../common/store/fitFields.ts';
import type { UrlCodec } from '../common/link/codecs.ts';

export interface LearnParams {
  /** The open lesson (1 to the count of ui/learn/lessons.ts, whose test checks the bound), a navigation. */
  readonly lesson: number;
  readonly step: number;
  /** The prediction: 0 none yet, 1–9 the choice picked, that plus 10 once checked (the reveal). */
  readonly guess: number;
  /** The SLO ρ of the lessons on GPA (the fit test, the price of an SLO, the stepper, the game). */
  readonly lessonRho: number;
  /** The rule the step-through lesson shows. */
  readonly lessonPacker: 'ff' | 'bf';
  /** The semi-online lesson's window on a day, in seconds. */
  readonly lessonWindow: number;
  /** The game's hand packing: per task, its machine (1–9, a–z: 10–35) or '.', unplaced. */
  readonly hand: string;
}

/** The lesson that plays the semi-online paper's Fig. 1 and a day's window curve (its run). */
export const SEMI_ONLINE_LESSON = 7;

const HAND_DIGITS = '123456789abcdefghijklmnopqrstuvwxyz';

/** A hand packing's text: one character per task, the unplaced ones at the end left out. */
export function writeHand(where: readonly number[]): string {
  return where
    .map((m) => (m < 0 ? '.' : HAND_DIGITS[m]))
    .join('')
    .replace(/\.+$/, '');
}

/** The machine of each of `tasks` tasks in a hand packing's text (−1: unplaced). */
export function readHand(text: string, tasks: number): number[] {
  return Array.from({ length: tasks }, (_, t) =>
    t < text.length && text[t] !== '.' ? HAND_DIGITS.indexOf(text[t]) : -1,
  );
}

const handCodec: UrlCodec<string> = {
  read: (raw) =>
    raw.length <= 100 && /^[.1-9a-z]*$/.test(raw)
      ? { value: raw }
      : {
          problem: `not a hand packing (one character per task: '.' for unplaced, 1–9 or a–z for its machine)`,
        },
  write: (v) => v,
};

const RHO_RANGE = fitFields({ kind: 'gpa', rho: 0.01 })[0].range;

const inLearn = { onlyInView: true } as const;

export const LEARN_PARAMS: ParamSpecs<LearnParams> = {
  lesson: intParam('lesson', 1, 'lesson', 1, 10, { navigates: true, ...inLearn }),
  step: intParam('step', 0, 'step', 0, 1_000_000, { onlyChanged: true }),
  guess: intParam('guess', 0, 'prediction', 0, 19, { onlyChanged: true, ...inLearn }),
  lessonRho: numberParam('lrho', 0.01, RHO_RANGE, { onlyChanged: true, ...inLearn }),
  lessonPacker: choiceParam('lpacker', 'bf', 'rule', ['ff', 'bf'], {
    onlyChanged: true,
    ...inLearn,
  }),
  lessonWindow: intParam('lw', 2, 'window', 0, 3600, { onlyChanged: true, ...inLearn }),
  hand: customParam('hand', '', handCodec, { onlyChanged: true, ...inLearn }),
};
