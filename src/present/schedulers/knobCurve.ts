/**
 * The Schedulers view's knob curve: q on the judged part (the mean over machines and the worst
 * machine) against the knob's value, the target q* as a line, the tuned value and the value the
 * user set marked; and the machines each value packs, on a second plot.
 */
import * as Plot from '@observablehq/plot';
import { LOG_PROBABILITY } from '../probability.ts';

export interface KnobCurvePoint {
  readonly value: number;
  readonly machines: number;
  readonly mean: number;
  readonly worst: number;
}

const MEAN = 'mean q over machines';
const WORST = 'worst machine’s q';
/** Zero q drawn at this floor on the log axis (said in the caption). */
export const Q_FLOOR = 1e-5;

export function knobCurveSpec(
  points: readonly KnobCurvePoint[],
  o: {
    knob: string;
    target: number;
    tuned: number | null;
    chosen: number | null;
    logX: boolean;
  },
): Plot.PlotOptions {
  const rows = points.flatMap((p) => [
    { value: p.value, q: Math.max(Q_FLOOR, p.mean), series: MEAN },
    { value: p.value, q: Math.max(Q_FLOOR, p.worst), series: WORST },
  ]);
  const marks: Plot.Markish[] = [
    Plot.ruleY([o.target], { stroke: '#d62728', strokeDasharray: '5,3' }),
    Plot.text([o.target], {
      y: (d: number) => d,
      frameAnchor: 'left',
      dy: -7,
      dx: 4,
      text: () => `target q* = ${o.target}`,
      fill: '#d62728',
    }),
    Plot.line(rows, { x: 'value', y: 'q', stroke: 'series', strokeWidth: 2 }),
    Plot.dot(rows, { x: 'value', y: 'q', stroke: 'series', r: 3, tip: true }),
  ];
  if (o.tuned !== null) marks.push(Plot.ruleX([o.tuned], { stroke: '#2ca02c', strokeWidth: 2 }));
  if (o.chosen !== null)
    marks.push(Plot.ruleX([o.chosen], { stroke: '#9467bd', strokeDasharray: '4,3' }));
  return {
    height: 280,
    marginLeft: 56,
    x: { label: `${o.knob} →`, type: o.logX ? 'log' : 'linear' },
    y: { ...LOG_PROBABILITY, label: '↑ q on the judged part', grid: true },
    color: { legend: true, domain: [MEAN, WORST], range: ['#1f77b4', '#ff7f0e'] },
    marks,
  };
}

export function knobMachinesSpec(
  points: readonly KnobCurvePoint[],
  o: { knob: string; gpaMachines: number | null; logX: boolean },
): Plot.PlotOptions {
  const marks: Plot.Markish[] = [
    Plot.line(points, { x: 'value', y: 'machines', stroke: '#1f77b4', curve: 'step-after' }),
    Plot.dot(points, { x: 'value', y: 'machines', fill: '#1f77b4', r: 3, tip: true }),
  ];
  if (o.gpaMachines !== null)
    marks.push(
      Plot.ruleY([o.gpaMachines], { stroke: '#8c96a3', strokeDasharray: '5,3' }),
      Plot.text([o.gpaMachines], {
        y: (d: number) => d,
        frameAnchor: 'right',
        dy: -7,
        text: (d: number) => `GPA tuned: ${d}`,
        fill: '#5a6470',
      }),
    );
  return {
    height: 180,
    marginLeft: 56,
    x: { label: `${o.knob} →`, type: o.logX ? 'log' : 'linear' },
    y: { label: '↑ machines', grid: true, zero: true },
    marks,
  };
}
