/**
 * A lesson's prediction, asked before its reveal: a question, choices that bracket the answer the
 * lesson computes from its data (so they stay right when the data change), the right one, and
 * why. The choices are consecutive intervals of a ladder of round cut points: the window of
 * `count` intervals that holds the answer, its first and last open-ended. The answer sits in an
 * inner choice (a closed interval) where the ladder allows, the second or the third by its place
 * on the ladder, so the right choice is neither always the same one nor a vague open end.
 */
import { formatCount, formatNumber } from '../format.ts';

export interface Prediction {
  readonly question: string;
  readonly choices: readonly string[];
  /** The index of the choice that holds the answer. */
  readonly right: number;
  /** The answer as the reveal states it. */
  readonly answer: string;
  /** Why the answer is what it is, from the lesson's numbers. */
  readonly why: string;
}

/** One interval of a ladder: [lo, hi), either end open (null). */
interface Interval {
  readonly lo: number | null;
  readonly hi: number | null;
}

type IntervalLabel = (i: Interval) => string;

/** "under 2×", "2× to 5×", "5× or more" for any unit written by `write`. */
export function rangeLabel(write: (x: number) => string): IntervalLabel {
  return ({ lo, hi }) =>
    lo === null
      ? `under ${write(hi!)}`
      : hi === null
        ? `${write(lo)} or more`
        : `${write(lo)} to ${write(hi)}`;
}

/** Whole counts: "3 or fewer", "4", "5 or 6", "7 or more" (`noun` after the bare number). */
export function countLabel(noun = ''): IntervalLabel {
  const n = (k: number) => `${formatCount(k)}${noun}`;
  return ({ lo, hi }) => {
    if (lo === null) return hi! - 1 <= 0 ? `none` : `${n(hi! - 1)} or fewer`;
    if (hi === null) return `${n(lo)} or more`;
    return hi - lo === 1
      ? n(lo)
      : hi - lo === 2
        ? `${formatCount(lo)} or ${n(lo + 1)}`
        : `${formatCount(lo)} to ${n(hi - 1)}`;
  };
}

/** The window of `count` intervals of `ladder` (increasing cut points) holding `answer`, and its place. */
export function bracket(
  answer: number,
  ladder: readonly number[],
  count = 4,
): { readonly intervals: readonly Interval[]; readonly right: number } {
  if (ladder.length + 1 < count)
    throw new RangeError(`a ladder of ${ladder.length} cuts makes fewer than ${count} intervals`);
  for (let k = 1; k < ladder.length; k++)
    if (!(ladder[k] > ladder[k - 1])) throw new RangeError('the ladder must increase');
  if (Number.isNaN(answer)) throw new RangeError('no answer to bracket');
  const at = ladder.filter((cut) => cut <= answer).length;
  const place = count > 2 ? 1 + (at % (count - 2)) : 0;
  const start = Math.max(0, Math.min(ladder.length + 1 - count, at - place));
  const intervals = Array.from({ length: count }, (_, k) => ({
    lo: k === 0 ? null : ladder[start + k - 1],
    hi: k === count - 1 ? null : ladder[start + k],
  }));
  return { intervals, right: at - start };
}

/** A prediction over the ladder's intervals. */
export function ladderPrediction(o: {
  question: string;
  answer: number;
  ladder: readonly number[];
  label: IntervalLabel;
  written: string;
  why: string;
  count?: number;
}): Prediction {
  const { intervals, right } = bracket(o.answer, o.ladder, o.count);
  return {
    question: o.question,
    choices: intervals.map(o.label),
    right,
    answer: o.written,
    why: o.why,
  };
}

/** A ratio as a reader says it: 1.4×, 4.6×, 35×. */
export function timesLabel(r: number): string {
  return `${formatNumber(r, 3)}×`;
}

/** A share as a percentage with no more digits than it needs: 0.5 %, 12 %, 60 %. */
export function shareLabel(share: number): string {
  return `${formatNumber(share * 100, 2)} %`;
}
