/** Sums of random tasks (GPA paper §3.6): Fig. 5, Table 1 as a chart, Fig. 6. */
import * as Plot from '@observablehq/plot';
import {
  FIT_BANDS,
  PAPER_TABLE1,
  type Fig5Panel,
  type Fig6Cell,
  type Table1Row,
} from '../../../engine/index.ts';
import { formatFixed, formatNumber } from '../../format.ts';

const PAPER = '#d62728';

/** Fig. 5: the histogram of the R realizations of one total, the fitted Gaussian, its mean. */
export function fig5Spec(p: Fig5Panel, paper: boolean): Plot.PlotOptions {
  const bars = Array.from(p.histogram.density, (d, i) => ({
    x1: p.histogram.edges[i],
    x2: p.histogram.edges[i + 1],
    d,
  }));
  const curve = Array.from(p.curveX, (x, i) => ({ x, y: p.curveY[i] }));
  const published = PAPER_TABLE1.find((r) => r.n === p.n);
  return {
    width: 640,
    height: 340,
    marginLeft: 56,
    x: { label: `total usage of ${p.n} random tasks (machines) →`, grid: true },
    y: { label: '↑ density', grid: true },
    marks: [
      Plot.rectY(bars, { x1: 'x1', x2: 'x2', y: 'd', fill: '#9ecae9', inset: 0 }),
      Plot.line(curve, { x: 'x', y: 'y', stroke: '#111', strokeWidth: 2 }),
      Plot.ruleX([p.mu], { stroke: '#111', strokeDasharray: '3,3' }),
      Plot.text(
        [
          `N(${formatFixed(p.mu, 3)}, ${formatFixed(p.sigma, 3)}²); A² = ${formatFixed(p.a2, 2)}: ${p.rejected ? 'not Gaussian' : 'Gaussian'} at 5 %`,
        ],
        {
          frameAnchor: 'top-right',
          dx: -4,
          dy: 4,
        },
      ),
      ...(paper && published
        ? [
            Plot.ruleX([published.meanTotal], {
              stroke: PAPER,
              strokeWidth: 2,
              strokeDasharray: '6,4',
            }),
            Plot.text([`paper: mean total of ${p.n} tasks ${published.meanTotal}`], {
              frameAnchor: 'top-right',
              dx: -4,
              dy: 20,
              fill: PAPER,
            }),
          ]
        : []),
    ],
  };
}

/** Table 1 as a chart: A–D rejection rate by N, the paper's row and its tolerance band on demand. */
export function table1Spec(rows: readonly Table1Row[], paper: boolean): Plot.PlotOptions {
  const tol = FIT_BANDS.rejectionRate;
  return {
    width: 560,
    height: 300,
    marginLeft: 56,
    x: { type: 'log', label: 'N, tasks in the sum (log) →', grid: true },
    y: { label: '↑ share of sums not Gaussian (A–D at 5 %)', domain: [0, 1], grid: true },
    marks: [
      ...(paper
        ? [
            Plot.areaY(PAPER_TABLE1, {
              x: 'n',
              y1: (d: { rejectionRate: number }) => Math.max(0, d.rejectionRate - tol),
              y2: (d: { rejectionRate: number }) => Math.min(1, d.rejectionRate + tol),
              fill: PAPER,
              fillOpacity: 0.1,
            }),
            Plot.line(PAPER_TABLE1, {
              x: 'n',
              y: 'rejectionRate',
              stroke: PAPER,
              strokeDasharray: '6,4',
            }),
            Plot.dot(PAPER_TABLE1, {
              x: 'n',
              y: 'rejectionRate',
              stroke: PAPER,
              symbol: 'square',
              tip: true,
              title: (d: { n: number; rejectionRate: number }) =>
                `paper, N = ${d.n}: ${d.rejectionRate}`,
            }),
          ]
        : []),
      Plot.line(rows, { x: 'n', y: 'rejectionRate', stroke: '#4c78a8', strokeWidth: 2 }),
      Plot.dot(rows, {
        x: 'n',
        y: 'rejectionRate',
        fill: '#4c78a8',
        r: 4,
        tip: true,
        title: (d: Table1Row) =>
          `N = ${d.n}: ${formatFixed(100 * d.rejectionRate, 1)} % of ${d.sums} sums rejected\nmean total ${formatFixed(d.meanTotal, 3)}`,
      }),
    ],
  };
}

interface ViolinPoint {
  readonly panel: string;
  readonly cell: number;
  readonly y: number;
  readonly x1: number;
  readonly x2: number;
}

/** Fig. 6's violin outlines: each cell's histogram mirrored around its N's position (half-width 0.4). */
export function violinPoints(cells: readonly Fig6Cell[]): ViolinPoint[] {
  const ns = [...new Set(cells.map((c) => c.n))];
  const out: ViolinPoint[] = [];
  cells.forEach((c, k) => {
    const d = c.violin.density;
    const max = d.reduce((m, v) => Math.max(m, v), 0);
    if (!(max > 0)) return;
    const at = ns.indexOf(c.n);
    d.forEach((v, b) => {
      const w = (0.4 * v) / max;
      const y = (c.violin.edges[b] + c.violin.edges[b + 1]) / 2;
      out.push({ panel: `${c.percentile}th percentile`, cell: k, y, x1: at - w, x2: at + w });
    });
  });
  return out;
}

/** Fig. 6: (F⁻¹(k) − P_k)/P_k over the sums: per N a violin (histogram outline), box and whiskers. */
export function fig6Spec(cells: readonly Fig6Cell[]): Plot.PlotOptions {
  const ns = [...new Set(cells.map((c) => c.n))];
  const panels = [...new Set(cells.map((c) => `${c.percentile}th percentile`))];
  const boxes = cells
    .filter((c) => c.box.count > 0)
    .map((c) => ({ panel: `${c.percentile}th percentile`, at: ns.indexOf(c.n), n: c.n, ...c.box }));
  type B = (typeof boxes)[number];
  return {
    width: 760,
    height: 360,
    marginLeft: 64,
    marginBottom: 44,
    x: {
      label: 'N, tasks in the sum →',
      domain: [-0.6, ns.length - 0.4],
      ticks: ns.map((_, i) => i),
      tickFormat: (i: number) => String(ns[i] ?? ''),
    },
    y: { label: '↑ (Gaussian − empirical) / empirical percentile', grid: true },
    fx: { label: null, domain: panels },
    marks: [
      Plot.ruleY([0], { stroke: '#999' }),
      Plot.areaX(violinPoints(cells), {
        fx: 'panel',
        y: 'y',
        x1: 'x1',
        x2: 'x2',
        z: 'cell',
        fill: '#9ecae9',
        fillOpacity: 0.5,
        stroke: '#4c78a8',
        strokeWidth: 0.8,
        curve: 'basis',
      }),
      Plot.ruleX(boxes, {
        fx: 'panel',
        x: 'at',
        y1: 'whiskerLow',
        y2: 'whiskerHigh',
        stroke: '#333',
      }),
      Plot.rect(boxes, {
        fx: 'panel',
        x1: (d: B) => d.at - 0.08,
        x2: (d: B) => d.at + 0.08,
        y1: 'q1',
        y2: 'q3',
        fill: '#fff',
        stroke: '#333',
      }),
      Plot.ruleY(boxes, {
        fx: 'panel',
        x1: (d: B) => d.at - 0.08,
        x2: (d: B) => d.at + 0.08,
        y: 'median',
        stroke: '#111',
        strokeWidth: 2,
      }),
      Plot.tip(
        boxes,
        Plot.pointerX({
          fx: 'panel',
          x: 'at',
          y: 'median',
          title: (d: B) =>
            `${d.panel}, N = ${d.n}\nmedian ${formatNumber(d.median, 3)}\nquartiles ${formatNumber(d.q1, 3)} – ${formatNumber(d.q3, 3)}\nwhiskers ${formatNumber(d.whiskerLow, 3)} – ${formatNumber(d.whiskerHigh, 3)}\nover ${d.count} sums`,
        }),
      ),
    ],
  };
}
