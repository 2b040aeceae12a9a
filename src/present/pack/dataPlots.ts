/** Data view plots: per-task σ against mean (the paper's Fig. 3, as a scatter) with its trend line. */
import * as Plot from '@observablehq/plot';
import { formatFixed, formatTerm } from '../format.ts';

export interface TaskMoments {
  readonly id: string;
  readonly mean: number;
  readonly sd: number;
}

/** Least-squares line sd = slope·mean + intercept. */
export function trendLine(points: readonly TaskMoments[]): { slope: number; intercept: number } {
  const n = points.length;
  if (n < 2) return { slope: NaN, intercept: NaN };
  let sx = 0;
  let sy = 0;
  for (const p of points) {
    sx += p.mean;
    sy += p.sd;
  }
  const mx = sx / n;
  const my = sy / n;
  let sxy = 0;
  let sxx = 0;
  for (const p of points) {
    sxy += (p.mean - mx) * (p.sd - my);
    sxx += (p.mean - mx) ** 2;
  }
  const slope = sxx > 0 ? sxy / sxx : NaN;
  return { slope, intercept: my - slope * mx };
}

export function stdVsMeanSpec(points: readonly TaskMoments[], width = 520): Plot.PlotOptions {
  const { slope, intercept } = trendLine(points);
  const maxMean = points.reduce((m, p) => Math.max(m, p.mean), 0);
  return {
    width,
    height: 320,
    marginLeft: 56,
    x: { label: 'task mean usage μ (machines) →', grid: true },
    y: { label: '↑ task standard deviation σ', grid: true },
    marks: [
      Plot.dot(points, {
        x: 'mean',
        y: 'sd',
        r: 1.6,
        fill: '#4c78a8',
        fillOpacity: 0.5,
        tip: true,
        title: (d: TaskMoments) =>
          `${d.id}\nμ = ${formatFixed(d.mean, 4)}\nσ = ${formatFixed(d.sd, 4)}`,
      }),
      ...(Number.isFinite(slope)
        ? [
            Plot.line(
              [
                { x: 0, y: intercept },
                { x: maxMean, y: intercept + slope * maxMean },
              ],
              { x: 'x', y: 'y', stroke: '#e45756', strokeWidth: 2 },
            ),
            Plot.text([{ x: maxMean, y: intercept + slope * maxMean }], {
              x: 'x',
              y: 'y',
              text: () =>
                `σ ≈ ${formatFixed(slope, 3)}·μ ${formatTerm(intercept, (a) => formatFixed(a, 4))}`,
              textAnchor: 'end',
              dy: -8,
              fill: '#e45756',
            }),
          ]
        : []),
    ],
  };
}
