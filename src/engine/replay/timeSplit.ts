/**
 * The past to pack, the future to judge: a split of a time-aligned matrix's columns into a learned
 * part and a judged part. A part is written `a:b`, fractions of the columns (0 ≤ a < b ≤ 1, the
 * columns [⌊a·T + ½⌋, ⌊b·T + ½⌋)), or `days:d1-d2`, whole days counted from the first instant, 1-based
 * and inclusive (needs the step; e.g. "learn from days 1–14, judge on 15–28" is `days:1-14` and
 * `days:15-28`). The judged part defaults to every column after the learned part. With fractions
 * `0:κ` and the rest this is the clairvoyance split of SPEC §3 on an aligned matrix, made explicit.
 */
import type { RealizationMatrix } from '../matrix.ts';
import { gatherColumns } from './blocks.ts';
import { setting } from '../settings.ts';

export interface ColumnRange {
  readonly start: number;
  readonly end: number;
}

export interface TimeSplit {
  readonly learn: ColumnRange;
  readonly judge: ColumnRange;
}

const DAY = 86400;

/** The page's words for the parts named by the flags `learn` and `judge`. */
const PART_WORDS = { learn: 'the learned part', judge: 'the judged part' };

function parsePart(
  text: string,
  what: 'learn' | 'judge',
  instants: Float64Array,
  step: number | null,
): ColumnRange {
  const T = instants.length;
  const days = /^days:(\d+)-(\d+)$/.exec(text.trim());
  if (days) {
    if (step === null)
      throw new RangeError(
        `${setting(what, PART_WORDS[what])} ${text}: days need the sampling step, which this data does not give (use fractions a:b, or give ${setting('step seconds')})`,
      );
    const [d1, d2] = [Number(days[1]), Number(days[2])];
    if (!(d1 >= 1 && d2 >= d1))
      throw new RangeError(
        `${setting(what, PART_WORDS[what])} ${text}: need 1 ≤ first day ≤ last day`,
      );
    const from = (d1 - 1) * DAY;
    const to = d2 * DAY;
    let start = 0;
    while (start < T && instants[start] < from) start++;
    let end = start;
    while (end < T && instants[end] < to) end++;
    return { start, end };
  }
  const frac = /^([0-9.]+):([0-9.]+)$/.exec(text.trim());
  if (!frac)
    throw new RangeError(
      `${setting(what, PART_WORDS[what])} "${text}": expected fractions a:b (e.g. 0:0.5) or days:d1-d2 (e.g. days:1-14)`,
    );
  const [a, b] = [Number(frac[1]), Number(frac[2])];
  if (!(a >= 0 && b <= 1 && a < b))
    throw new RangeError(
      `${setting(what, PART_WORDS[what])} ${text}: need fractions 0 ≤ a < b ≤ 1`,
    );
  return { start: Math.floor(a * T + 0.5), end: Math.floor(b * T + 0.5) };
}

function describe(r: ColumnRange, instants: Float64Array, step: number | null): string {
  const at = (c: number) => (step === null ? `instant ${instants[c]}` : `${instants[c] / DAY} d`);
  return r.end > r.start
    ? `columns ${r.start}–${r.end - 1} (${at(r.start)} to ${at(r.end - 1)})`
    : 'no column';
}

/**
 * The split of `instants` (an aligned matrix's column times, seconds from its origin, or instant
 * indices when `step` is null) by the two parts' texts. Refuses an empty part, overlapping parts,
 * and a task (by `spans`, `AlignedData.spans`) with no sample of its own in the judged part.
 */
export function timeSplit(
  instants: Float64Array,
  step: number | null,
  learn: string,
  judge?: string,
  spans?: { readonly ids: readonly string[]; readonly spans: Int32Array },
): TimeSplit {
  const T = instants.length;
  const l = parsePart(learn, 'learn', instants, step);
  const j =
    judge === undefined ? { start: l.end, end: T } : parsePart(judge, 'judge', instants, step);
  const span = `the data have ${T} columns${step === null || T === 0 ? '' : ` over ${((instants[T - 1] - instants[0] + step) / DAY).toFixed(2)} days`}`;
  if (l.end <= l.start)
    throw new RangeError(
      `${setting('learn', 'the learned part')} ${learn} leaves the learned part empty: ${span}`,
    );
  if (j.end <= j.start)
    throw new RangeError(
      `${setting('judge', 'the judged part')} ${judge ?? '(the rest)'} leaves the judged part empty: ${span}, the learned part is ${describe(l, instants, step)}`,
    );
  if (j.start < l.end && l.start < j.end)
    throw new RangeError(
      `the learned part (${describe(l, instants, step)}) and the judged part (${describe(j, instants, step)}) overlap: the future would leak into the past`,
    );
  if (spans)
    for (let i = 0; i < spans.ids.length; i++) {
      const [first, last] = [spans.spans[2 * i], spans.spans[2 * i + 1]];
      if (last < j.start || first >= j.end)
        throw new RangeError(
          `task ${spans.ids[i]} has no sample in the judged part (${describe(j, instants, step)}); its samples span columns ${first}–${last}`,
        );
    }
  return { learn: l, judge: j };
}

/** Columns [r.start, r.end) of `m` as a matrix of their own. */
export function sliceColumns(
  m: RealizationMatrix,
  r: ColumnRange,
  shared?: boolean,
): RealizationMatrix {
  return gatherColumns(
    m,
    Int32Array.from({ length: r.end - r.start }, (_, k) => r.start + k),
    shared,
  );
}
