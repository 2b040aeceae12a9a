/** Plot specs for the lessons: pure builders from engine results, rendered by PlotFigure. */
import * as Plot from '@observablehq/plot';
import { type FitCheck, type SloPoint } from '../../engine/index.ts';
import { histogram } from '../pack/histogram.ts';
import { gaussianCurve } from '../pack/machinePlots.ts';
import { LOG_PROBABILITY } from '../probability.ts';

const CAPACITY = '#d62728';
const GAUSS = '#1f77b4';
const WITHOUT = '#8c96a3';
const BARS = '#9aa7b8';
const DECADES = [0.0001, 0.001, 0.01, 0.1, 1];

/** Lesson 1: a machine's usage over the realizations on a fixed [0, 2] axis; draws above capacity in red. */
export function usageSpec(totals: ArrayLike<number>, capacity: number): Plot.PlotOptions {
  const within: number[] = [];
  const over: number[] = [];
  for (let i = 0; i < totals.length; i++) (totals[i] > capacity ? over : within).push(totals[i]);
  const n = Math.max(1, totals.length);
  const series = (values: number[], kind: string) =>
    values.length
      ? histogram(values, 40, 0, 2)
          .filter((b) => b.count > 0)
          .map((b) => ({ ...b, share: b.count / n, kind }))
      : [];
  return {
    height: 170,
    marginLeft: 44,
    marginBottom: 34,
    x: { label: 'machine usage →', domain: [0, 2] },
    y: { type: 'sqrt', label: '↑ share of draws (√ scale)', grid: true, domain: [0, 1] },
    color: { domain: ['within capacity', 'over capacity'], range: [BARS, CAPACITY] },
    marks: [
      Plot.rectY([...series(within, 'within capacity'), ...series(over, 'over capacity')], {
        x1: 'x0',
        x2: 'x1',
        y: 'share',
        fill: 'kind',
        insetLeft: 0.5,
      }),
      Plot.ruleX([capacity], { stroke: CAPACITY, strokeWidth: 2, strokeDasharray: '5,3' }),
      Plot.text([capacity], {
        x: (d: number) => d,
        frameAnchor: 'top',
        dy: 2,
        dx: 4,
        textAnchor: 'start',
        text: () => `capacity ${capacity}`,
        fill: CAPACITY,
        stroke: 'white',
        strokeWidth: 3,
        paintOrder: 'stroke',
      }),
      Plot.ruleY([0]),
    ],
  };
}

/** Lesson 2: the sum's histogram against the fitted Gaussian. */
export function sumSpec(totals: ArrayLike<number>, mean: number, sd: number): Plot.PlotOptions {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < totals.length; i++) {
    lo = Math.min(lo, totals[i]);
    hi = Math.max(hi, totals[i]);
  }
  lo = Math.max(0, Math.min(lo, mean - 4 * sd));
  hi = Math.max(hi, mean + 4 * sd);
  return {
    height: 240,
    marginLeft: 50,
    x: { label: 'total demand of the tasks (machines) →', domain: [lo, hi] },
    y: { label: '↑ density', grid: true },
    marks: [
      Plot.rectY(histogram(totals, 50, lo, hi), {
        x1: 'x0',
        x2: 'x1',
        y: 'density',
        fill: BARS,
        insetLeft: 0.5,
      }),
      Plot.line(gaussianCurve(mean, sd, lo, hi), { x: 'x', y: 'y', stroke: GAUSS, strokeWidth: 2 }),
      Plot.ruleY([0]),
    ],
  };
}

/** Lesson 2: how far from Gaussian the sum is as tasks are added (|99th-percentile error|). */
export function errorByNSpec(
  points: readonly { n: number; error: number }[],
  current: number,
): Plot.PlotOptions {
  const here = points.filter((p) => p.n === current);
  return {
    height: 200,
    marginLeft: 50,
    x: { label: 'tasks in the sum N →' },
    y: { label: '↑ |error of the Gaussian 99th percentile|', percent: true, grid: true },
    marks: [
      Plot.line(points, { x: 'n', y: (p: { error: number }) => Math.abs(p.error), stroke: GAUSS }),
      Plot.dot(here, {
        x: 'n',
        y: (p: { error: number }) => Math.abs(p.error),
        r: 5,
        fill: CAPACITY,
      }),
      Plot.ruleY([0]),
    ],
  };
}

/** Lesson 3: the machine's Gaussian without and with the candidate, the capacity, and the overflow area. */
export function fitCheckSpec(check: FitCheck, capacity: number): Plot.PlotOptions {
  const sd0 = Math.sqrt(check.without.variance);
  const sd1 = Math.sqrt(check.with.variance);
  const lo = Math.max(0, Math.min(check.without.mean - 4 * sd0, capacity * 0.5));
  const hi = Math.max(check.with.mean + 4 * sd1, capacity * 1.1);
  const withTask = gaussianCurve(check.with.mean, sd1, lo, hi, 240);
  const tail = withTask.filter((p) => p.x >= capacity);
  return {
    height: 250,
    marginLeft: 50,
    x: { label: 'total demand of the machine →', domain: [lo, hi] },
    y: { label: '↑ density', grid: true },
    color: {
      legend: true,
      domain: ['machine now', 'with the candidate', 'overflow area P'],
      range: [WITHOUT, GAUSS, CAPACITY],
    },
    marks: [
      Plot.areaY(tail, { x: 'x', y: 'y', fill: CAPACITY, fillOpacity: 0.35 }),
      Plot.line(gaussianCurve(check.without.mean, sd0, lo, hi, 240), {
        x: 'x',
        y: 'y',
        stroke: WITHOUT,
        strokeWidth: 2,
        strokeDasharray: '4,3',
      }),
      Plot.line(withTask, { x: 'x', y: 'y', stroke: GAUSS, strokeWidth: 2 }),
      Plot.ruleX([capacity], { stroke: CAPACITY, strokeWidth: 2 }),
      Plot.ruleY([0]),
    ],
  };
}

/** Lesson 5: measured q against the promised ρ (log–log), the diagonal q = ρ, the current ρ ringed. */
export function sloSpec(points: readonly SloPoint[], rho: number): Plot.PlotOptions {
  const floor = points.length ? 1 / points[0].evaluated : 1e-4;
  const shown = points.map((p) => ({ ...p, qShown: Math.max(p.q, floor / 2), zero: p.q === 0 }));
  const lo = Math.min(floor / 2, ...points.map((p) => p.rho));
  return {
    height: 260,
    marginLeft: 56,
    x: { ...LOG_PROBABILITY, label: 'promised ρ →', domain: [lo, 1], ticks: DECADES },
    y: { ...LOG_PROBABILITY, label: '↑ measured q', domain: [floor / 2, 1], grid: true },
    marks: [
      Plot.line(
        [
          { x: lo, y: lo },
          { x: 1, y: 1 },
        ],
        { x: 'x', y: 'y', stroke: '#999', strokeDasharray: '4,3' },
      ),
      Plot.text([{ x: 0.3, y: 0.3 }], {
        x: 'x',
        y: 'y',
        text: () => 'q = ρ',
        dx: -8,
        dy: -8,
        fill: '#777',
        textAnchor: 'end',
      }),
      Plot.line(shown, { x: 'rho', y: 'qShown', stroke: GAUSS }),
      Plot.dot(shown, {
        x: 'rho',
        y: 'qShown',
        r: 3.5,
        fill: (p: { q: number; rho: number; zero: boolean }) =>
          p.zero ? '#fff' : p.q > p.rho ? CAPACITY : GAUSS,
        stroke: GAUSS,
      }),
      Plot.dot(
        shown.filter((p) => p.rho === rho),
        { x: 'rho', y: 'qShown', r: 9, stroke: '#1d2430', strokeWidth: 2, fill: 'none' },
      ),
    ],
  };
}

/** Lesson 5: machines used against ρ, the current ρ ringed. */
export function sloMachinesSpec(points: readonly SloPoint[], rho: number): Plot.PlotOptions {
  const lo = Math.min(1e-4, ...points.map((p) => p.rho)) / 2;
  return {
    height: 220,
    marginLeft: 50,
    x: { ...LOG_PROBABILITY, label: 'promised ρ →', domain: [lo, 1], ticks: DECADES },
    y: { label: '↑ machines m_abs', grid: true, zero: false },
    marks: [
      Plot.line(points, { x: 'rho', y: 'mAbs', stroke: GAUSS, curve: 'step-after' }),
      Plot.dot(points, { x: 'rho', y: 'mAbs', r: 3.5, fill: GAUSS }),
      Plot.dot(
        points.filter((p) => p.rho === rho),
        { x: 'rho', y: 'mAbs', r: 9, stroke: '#1d2430', strokeWidth: 2, fill: 'none' },
      ),
    ],
  };
}
