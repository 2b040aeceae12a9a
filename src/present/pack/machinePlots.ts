/** Plot specs for one machine: its total usage against the Gaussian GPA assumes, and their tails. */
import { capacityText } from '../cores.ts';
import * as Plot from '@observablehq/plot';
import { normalPdf, normalSurvival } from '../../engine/index.ts';
import { histogram, survival } from './histogram.ts';
import { LOG_PROBABILITY } from '../probability.ts';
import { formatFixed, formatNumber } from '../format.ts';
import type { MachineView } from './machineView.ts';

export type { MachineView };

/** The demand axis' unit: machines, and their cores when known. */
function demandUnit(v: MachineView): string {
  const cores = v.coresPerMachine ?? null;
  return cores === null ? 'machines' : `machines; 1 = ${cores} cores`;
}

const CAPACITY_COLOR = '#d62728';
const GAUSS_COLOR = '#1f77b4';
const PERCENTILE_COLOR = '#ff7f0e';
/** Bins over a dragged capacity. */
const OVER_COLOR = '#e8a0a0';

/** Points of the N(mean, sd²) density on [lo, hi], for a line over a density histogram. */
export function gaussianCurve(mean: number, sd: number, lo: number, hi: number, points = 200) {
  const out: { x: number; y: number }[] = [];
  if (!(sd > 0)) return out;
  for (let i = 0; i <= points; i++) {
    const x = lo + ((hi - lo) * i) / points;
    out.push({ x, y: normalPdf(x, mean, sd) });
  }
  return out;
}

/**
 * The machine's totals against its Gaussian, the capacity and (GPA) the (1−ρ) percentile. With
 * `whatIf`, a capacity dragged on this machine alone: its line replaces the packing's, which stays
 * faint, and the bins over it turn red. The axis does not follow `whatIf`, so a drag along it
 * reads the same scale from start to end.
 */
export function machineHistogramSpec(
  v: MachineView,
  width = 640,
  whatIf: number | null = null,
): Plot.PlotOptions {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < v.totals.length; i++) {
    lo = Math.min(lo, v.totals[i]);
    hi = Math.max(hi, v.totals[i]);
  }
  lo = Math.min(lo, v.mean - 4 * v.sd, v.capacity);
  hi = Math.max(hi, v.mean + 4 * v.sd, v.capacity * 1.02);
  const bins = histogram(v.totals, 60);
  const line = whatIf ?? v.capacity;
  const left = v.gpaPercentile !== null && v.gpaPercentile <= line;
  const rules = [
    {
      x: line,
      label: `${whatIf === null ? '' : 'what-if '}capacity ${capacityText(line, v.coresPerMachine ?? null)}`,
      color: CAPACITY_COLOR,
      dy: 4,
      anchor: left ? 'start' : 'end',
    },
  ];
  if (v.gpaPercentile !== null && v.rho !== null)
    rules.push({
      x: v.gpaPercentile,
      label: `Gaussian ${fmtPct(1 - v.rho)} percentile`,
      color: PERCENTILE_COLOR,
      dy: 20,
      anchor: left ? 'end' : 'start',
    });
  return {
    width,
    height: 260,
    marginLeft: 56,
    x: {
      label: `total CPU demand of the machine (${demandUnit(v)}) →`,
      domain: [Math.max(0, lo), hi],
    },
    y: { label: '↑ density', grid: true },
    marks: [
      Plot.rectY(bins, {
        x1: 'x0',
        x2: 'x1',
        y: 'density',
        fill:
          whatIf === null
            ? '#9aa7b8'
            : (b: { x0: number }) => (b.x0 >= whatIf ? OVER_COLOR : '#9aa7b8'),
        insetLeft: 0.5,
        tip: true,
        title: (b: { x0: number; x1: number; count: number }) =>
          `${formatFixed(b.x0, 3)}–${formatFixed(b.x1, 3)}: ${b.count} columns`,
      }),
      Plot.line(gaussianCurve(v.mean, v.sd, Math.max(0, lo), hi), {
        x: 'x',
        y: 'y',
        stroke: GAUSS_COLOR,
        strokeWidth: 2,
      }),
      ...(whatIf === null
        ? []
        : [
            Plot.ruleX([v.capacity], {
              stroke: CAPACITY_COLOR,
              strokeOpacity: 0.35,
              strokeWidth: 2,
            }),
          ]),
      Plot.ruleX(rules, { x: 'x', stroke: 'color', strokeWidth: 2, strokeDasharray: '5,3' }),
      ...rules.map((r) =>
        Plot.text([r], {
          x: 'x',
          frameAnchor: 'top',
          dy: r.dy,
          dx: r.anchor === 'start' ? 4 : -4,
          text: 'label',
          textAnchor: r.anchor as 'start' | 'end',
          fill: r.color,
          stroke: 'white',
          strokeWidth: 3,
          paintOrder: 'stroke',
        }),
      ),
      Plot.ruleY([0]),
    ],
  };
}

export function survivalSpec(v: MachineView, width = 640): Plot.PlotOptions {
  const empirical = survival(v.totals);
  const n = v.totals.length;
  const floor = 1 / n;
  const lo = empirical.length ? empirical[0].x : v.mean;
  const hi = Math.max(
    v.capacity * 1.05,
    empirical.length ? empirical[empirical.length - 1].x * 1.02 : v.mean,
  );
  const gauss: { x: number; p: number; series: string }[] = [];
  for (let i = 0; i <= 200; i++) {
    const x = lo + ((hi - lo) * i) / 200;
    const p = v.sd > 0 ? normalSurvival((x - v.mean) / v.sd) : x < v.mean ? 1 : 0;
    if (p >= floor / 10) gauss.push({ x, p, series: 'Gaussian N(Σμ, Σσ²)' });
  }
  const emp = empirical.map((d) => ({ ...d, series: 'measured (evaluation columns)' }));
  return {
    width,
    height: 260,
    marginLeft: 56,
    x: { label: `total CPU demand x (${demandUnit(v)}) →`, domain: [lo, hi] },
    y: { ...LOG_PROBABILITY, label: '↑ P(total > x)', grid: true, domain: [floor / 10, 1] },
    color: {
      legend: true,
      domain: ['measured (evaluation columns)', 'Gaussian N(Σμ, Σσ²)'],
      range: ['#333333', GAUSS_COLOR],
    },
    marks: [
      Plot.line(emp, { x: 'x', y: 'p', stroke: 'series', curve: 'step-after', strokeWidth: 1.5 }),
      Plot.line(gauss, { x: 'x', y: 'p', stroke: 'series', strokeWidth: 2 }),
      Plot.ruleX([v.capacity], { stroke: CAPACITY_COLOR, strokeWidth: 2, strokeDasharray: '5,3' }),
      Plot.ruleY([floor], { stroke: '#999', strokeDasharray: '2,3' }),
      Plot.text([{ x: lo, y: floor }], {
        x: 'x',
        y: 'y',
        text: () => `1/|E| = ${formatNumber(floor, 1)}`,
        dy: -6,
        textAnchor: 'start',
        fill: '#777',
      }),
      ...(v.rho !== null
        ? [Plot.ruleY([v.rho], { stroke: PERCENTILE_COLOR, strokeDasharray: '5,3' })]
        : []),
    ],
  };
}

function fmtPct(x: number): string {
  return `${formatNumber(x * 100, 4)}th`;
}
