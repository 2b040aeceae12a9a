/**
 * The draws filling a machine's histogram, frame by frame: frame k shows the machine's totals of
 * the first n_k evaluation columns (in column order, so the sequence is the packing's own and the
 * same on every run), binned over the range of all of them, with the share of those draws above
 * the capacity so far. The counts grow by a constant ratio from one draw to all, so the first
 * frames show single draws landing and the last ones the shape settling.
 */
import * as Plot from '@observablehq/plot';
import { formatCount, formatFixed } from '../format.ts';
import { histogram } from './histogram.ts';

/** How many draws each of at most `frames` frames shows: 1 first, `total` last, strictly rising. */
export function fillCounts(total: number, frames = 40): number[] {
  if (!(Number.isInteger(total) && total >= 1))
    throw new RangeError(`invalid draw count: ${total}`);
  if (!(Number.isInteger(frames) && frames >= 2))
    throw new RangeError(`invalid frame count: ${frames}`);
  const ratio = total ** (1 / (frames - 1));
  const out = [1];
  for (let k = 1; k < frames; k++) {
    const n = Math.min(total, Math.round(ratio ** k));
    if (n > out[out.length - 1]) out.push(n);
  }
  if (out[out.length - 1] !== total) out.push(total);
  return out;
}

interface FillFrame {
  /** Draws shown. */
  readonly count: number;
  readonly bins: readonly { readonly x0: number; readonly x1: number; readonly count: number }[];
  /** Of the draws shown, those above the capacity. */
  readonly over: number;
}

const BINS = 40;

/** The frame showing the first `count` of `totals`, binned over all of them. */
export function fillFrame(totals: ArrayLike<number>, count: number, capacity: number): FillFrame {
  let lo = capacity;
  let hi = capacity;
  for (let i = 0; i < totals.length; i++) {
    lo = Math.min(lo, totals[i]);
    hi = Math.max(hi, totals[i]);
  }
  const shown = Array.prototype.slice.call(totals, 0, count) as number[];
  let over = 0;
  for (const v of shown) if (v > capacity) over++;
  const bins = histogram(shown, BINS, lo, hi).map(({ x0, x1, count: c }) => ({ x0, x1, count: c }));
  return { count: shown.length, bins, over };
}

/** The tallest bin of the last frame: the y axis every frame shares, so bars only rise. */
export function fillHeight(totals: ArrayLike<number>, capacity: number): number {
  return Math.max(1, ...fillFrame(totals, totals.length, capacity).bins.map((b) => b.count));
}

/** What the frame says under the plot. */
export function fillCaption(frame: FillFrame, total: number): string {
  return `${formatCount(frame.count)} of ${formatCount(total)} draws; above the capacity so far: ${formatCount(frame.over)} (q = ${formatFixed(frame.over / frame.count, 4)})`;
}

export function fillSpec(
  frame: FillFrame,
  capacity: number,
  height: number,
  width = 640,
): Plot.PlotOptions {
  const [first, last] = [frame.bins[0], frame.bins[frame.bins.length - 1]];
  return {
    width,
    height: 220,
    marginLeft: 56,
    x: { label: 'total CPU demand of the machine →', domain: [first.x0, last.x1] },
    y: { label: '↑ draws', grid: true, domain: [0, height] },
    marks: [
      Plot.rectY(frame.bins, {
        x1: 'x0',
        x2: 'x1',
        y: 'count',
        fill: (b: { x0: number }) => (b.x0 >= capacity ? '#e8a0a0' : '#9aa7b8'),
      }),
      Plot.ruleX([capacity], { stroke: '#d62728', strokeWidth: 2 }),
      Plot.ruleY([0]),
    ],
  };
}
