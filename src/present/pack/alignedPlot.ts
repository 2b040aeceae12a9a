/**
 * A machine's total over time, replayed at the data's instants, beside the Gaussian its fit test
 * assumed (the mean and the band mean ± z·σ with z the (1 − target) quantile) and the capacity: where
 * the line leaves the band together, the tasks moved together.
 */
import * as Plot from '@observablehq/plot';
import { normalQuantile } from '../../engine/index.ts';

interface AlignedTotalsView {
  /** The machine's total at each replayed instant, in time order. */
  readonly totals: ArrayLike<number>;
  readonly mean: number;
  readonly sd: number;
  readonly capacity: number;
  /** The target the band's quantile is read at (e.g. ρ). */
  readonly target: number;
  /** Number of the first instant shown (1-based), so a judged part reads as its own instants. */
  readonly firstInstant: number;
}

export function alignedTotalsSpec(v: AlignedTotalsView, width = 640): Plot.PlotOptions {
  const points = Array.from(v.totals, (y, k) => ({ x: v.firstInstant + k, y }));
  const z = normalQuantile(1 - v.target);
  const upper = v.mean + z * v.sd;
  const x1 = v.firstInstant;
  const x2 = v.firstInstant + Math.max(0, v.totals.length - 1);
  const over = points.filter((p) => p.y > v.capacity);
  return {
    width,
    height: 240,
    marginLeft: 56,
    x: { label: 'instant →' },
    y: { label: '↑ total CPU demand (machines)', grid: true, zero: true },
    marks: [
      Plot.rectY([{ x1, x2, y1: Math.max(0, v.mean - z * v.sd), y2: upper }], {
        x1: 'x1',
        x2: 'x2',
        y1: 'y1',
        y2: 'y2',
        fill: '#1f77b4',
        fillOpacity: 0.12,
      }),
      Plot.ruleY([v.mean], { stroke: '#1f77b4', strokeWidth: 1.5 }),
      Plot.line(points, { x: 'x', y: 'y', stroke: '#333', strokeWidth: 1 }),
      Plot.dot(over, { x: 'x', y: 'y', r: 2, fill: '#d62728' }),
      Plot.ruleY([v.capacity], { stroke: '#d62728', strokeWidth: 2, strokeDasharray: '5,3' }),
    ],
  };
}
