/** The packing experiments (GPA paper §5): Figs. 7, 9–13 (Fig. 8 is the Trade-off view's spec). */
import * as Plot from '@observablehq/plot';
import { PAPER_FIG12_ENOUGH, PAPER_FIG9, PAPER_REBALANCING_GAIN } from '../paperNumbers.ts';
import type {
  ConditionSummary,
  FitSummary,
  GainSummary,
  RelErrorSummary,
  SourceComparison,
} from '../summaries.ts';
import { boxSpec } from './boxes.ts';
import { LOG_PROBABILITY } from '../../probability.ts';
import { formatFixed, formatNumber } from '../../format.ts';

const PAPER = '#d62728';

/** Fig. 7: machines m = m_abs/m_norm per fit test, a box over the instances. */
export function fig7Spec(s: readonly FitSummary[]): Plot.PlotOptions {
  return boxSpec(
    s.map((f) => ({
      x: f.fit,
      color: f.family,
      box: f.m,
      note: `mean m_abs ${formatFixed(f.meanMAbs, 1)}, mean q ${formatNumber(f.meanQ, 3)}`,
    })),
    {
      xLabel: 'fit test',
      yLabel: '↑ machines m = m_abs / m_norm',
      xDomain: s.map((f) => f.fit),
      colorLabel: 'family',
      width: 760,
      under: [Plot.ruleY([1], { stroke: '#999', strokeDasharray: '3,3' })],
    },
  );
}

/** Fig. 9: GPA's relative error (q − ρ)/ρ per ρ over the instances; the paper's +60 % at 0.001. */
export function fig9Spec(e: readonly RelErrorSummary[], paper: boolean): Plot.PlotOptions {
  return boxSpec(
    e.map((r) => ({ x: String(r.rho), box: r.error, note: `mean q ${formatNumber(r.meanQ, 3)}` })),
    {
      xLabel: 'requested ρ →',
      yLabel: '↑ relative error (q − ρ) / ρ',
      xDomain: e.map((r) => String(r.rho)),
      under: [Plot.ruleY([0], { stroke: '#999' })],
      over: paper
        ? [
            Plot.dot([{ x: String(PAPER_FIG9.rho), y: PAPER_FIG9.relativeError }], {
              x: 'x',
              y: 'y',
              stroke: PAPER,
              symbol: 'square',
              r: 6,
              strokeWidth: 2,
              tip: true,
              title: () => `paper: ρ = 0.001 gives q = 1.6·10⁻³ (+60 %)`,
            }),
          ]
        : [],
    },
  );
}

/** Fig. 10: mean q with estimates from inst and from avg, per fit test (log; 0 drawn at the floor). */
export function fig10Spec(c: readonly SourceComparison[], evaluated: number): Plot.PlotOptions {
  const floor = 1 / evaluated / 2;
  const rows = c.flatMap((r) => [
    { fit: r.fit, source: 'inst', q: r.qInst, plotted: Math.max(r.qInst, floor) },
    { fit: r.fit, source: 'avg', q: r.qAvg, plotted: Math.max(r.qAvg, floor) },
  ]);
  const dot = (source: string, dx: number) =>
    Plot.dot(
      rows.filter((d) => d.source === source),
      {
        x: 'fit',
        y: 'plotted',
        dx,
        stroke: 'source',
        fill: 'source',
        r: 4,
        symbol: (d: { q: number }) => (d.q === 0 ? 'triangle' : 'circle'),
        tip: true,
        title: (d: { fit: string; source: string; q: number }) =>
          `${d.fit} from ${d.source}: q = ${d.q === 0 ? `0 (below 1/|E|)` : formatNumber(d.q, 3)}`,
      },
    );
  return {
    width: 760,
    height: 360,
    marginLeft: 64,
    marginBottom: 64,
    x: { label: 'fit test', domain: c.map((r) => r.fit), tickRotate: -35 },
    y: { ...LOG_PROBABILITY, label: '↑ mean q over the instances (log)', grid: true },
    color: {
      legend: true,
      domain: ['inst', 'avg'],
      range: ['#4c78a8', '#f58518'],
      label: 'estimates from',
    },
    symbol: { domain: ['circle', 'triangle'] },
    marks: [
      Plot.ruleY([1 / evaluated], { stroke: '#999', strokeDasharray: '2,3' }),
      Plot.ruleX(c, {
        x: 'fit',
        y1: (d: SourceComparison) => Math.max(d.qInst, floor),
        y2: (d: SourceComparison) => Math.max(d.qAvg, floor),
        stroke: '#bbb',
      }),
      dot('inst', -4),
      dot('avg', 4),
    ],
  };
}

const qFloor = (evaluated: number) => 1 / evaluated / 2;

/** Fig. 11: q per fit test by capacity c, with rebalancing (top) and without (bottom). */
export function fig11Spec(s: readonly ConditionSummary[]): Plot.PlotOptions {
  const e = Math.max(...s.map((r) => r.evaluated), 1);
  return boxSpec(
    s.map((r) => ({
      x: String(r.value),
      fx: r.fit,
      fy: r.rebalance ? 'rebalancing on' : 'rebalancing off',
      box: r.q,
      note: `mean q ${formatNumber(r.meanQ, 3)}, mean m ${formatFixed(r.meanM, 3)}`,
    })),
    {
      xLabel: 'machine capacity c →',
      yLabel: '↑ q (log)',
      yType: 'log',
      floor: qFloor(e),
      xDomain: [...new Set(s.map((r) => String(r.value)))],
      fxDomain: [...new Set(s.map((r) => r.fit))],
      fyDomain: ['rebalancing on', 'rebalancing off'],
      height: 480,
      width: 780,
    },
  );
}

/** Fig. 12: q per fit test by clairvoyance κ (the share of the R columns observed). */
export function fig12Spec(s: readonly ConditionSummary[], paper: boolean): Plot.PlotOptions {
  const e = Math.min(...s.map((r) => r.evaluated));
  return boxSpec(
    s.map((r) => ({
      x: String(r.value),
      fx: r.fit,
      box: r.q,
      note: `|E| = ${r.evaluated}; mean q ${formatNumber(r.meanQ, 3)}`,
    })),
    {
      xLabel: 'clairvoyance κ →',
      yLabel: '↑ q (log)',
      yType: 'log',
      floor: qFloor(e),
      xDomain: [...new Set(s.map((r) => String(r.value)))],
      fxDomain: [...new Set(s.map((r) => r.fit))],
      width: 780,
      over: paper
        ? [Plot.ruleX([String(PAPER_FIG12_ENOUGH)], { stroke: PAPER, strokeDasharray: '4,3' })]
        : [],
    },
  );
}

/** Fig. 13: (q_off − q_on)/q_off per fit test over the instances with q_off > 0. */
export function fig13Spec(g: readonly GainSummary[], paper: boolean): Plot.PlotOptions {
  return boxSpec(
    g.map((r) => ({
      x: r.fit,
      color: r.family,
      box: r.gain,
      note: `${r.instances} instances with q_off > 0; mean gain ${formatFixed(100 * r.meanGain, 1)} %`,
    })),
    {
      xLabel: 'fit test',
      yLabel: '↑ relative decrease of q from rebalancing',
      xDomain: g.map((r) => r.fit),
      colorLabel: 'family',
      width: 760,
      under: [Plot.ruleY([0], { stroke: '#999' })],
      over: paper
        ? [Plot.ruleY([PAPER_REBALANCING_GAIN], { stroke: PAPER, strokeDasharray: '6,4' })]
        : [],
    },
  );
}
