/** The lab's data figures (GPA paper §3): Figs. 1–4 and §3.4, each with the paper's numbers on demand. */
import * as Plot from '@observablehq/plot';
import {
  HISTOGRAM_BINS,
  PAPER_CLUSTER_SHARES,
  PAPER_TIME_INVARIANCE_REJECTED,
  PAPER_TRENDS,
  type Fig1Result,
  type Fig2Result,
  type Fig3Result,
  type KmeansResult,
  type TimeInvarianceResult,
  type TrendLine,
} from '../../../engine/index.ts';
import { PAPER_FIG1_SYMMETRIC_FROM } from '../paperNumbers.ts';
import { boxSpec } from './boxes.ts';
import { formatFixed, formatNumber, formatPercent, formatTerm } from '../../format.ts';

const PAPER = '#d62728';

/** Fig. 1: the relative difference (ȳ − x̄⁽ᵏ⁾)/ȳ by k, one box per k. */
export function fig1Spec(r: Fig1Result, paper: boolean): Plot.PlotOptions {
  const ks = r.boxes.map((b) => String(b.k));
  const spread = Math.max(
    1e-9,
    ...r.boxes
      .filter((b) => b.box.count)
      .map((b) => Math.max(Math.abs(b.box.whiskerLow), Math.abs(b.box.whiskerHigh))),
  );
  const lim = Math.min(spread, 10);
  return boxSpec(
    r.boxes.map((b) => ({
      x: String(b.k),
      box: b.box,
      note: `${b.box.count} tasks with ≥ ${b.k} samples`,
    })),
    {
      xLabel: 'k, number of inst samples averaged →',
      yLabel: '↑ (ȳ − x̄⁽ᵏ⁾) / ȳ',
      xDomain: ks,
      yDomain: [-lim, lim],
      under: [Plot.ruleY([0], { stroke: '#999' })],
      over: paper
        ? [
            Plot.ruleX(
              [String(ks.find((k) => Number(k) >= PAPER_FIG1_SYMMETRIC_FROM) ?? ks.at(-1))],
              {
                stroke: PAPER,
                strokeDasharray: '4,3',
              },
            ),
            Plot.text(
              [`paper: IQR symmetric around 0 from ≈ ${PAPER_FIG1_SYMMETRIC_FROM} samples`],
              {
                frameAnchor: 'top-right',
                dy: 4,
                dx: -4,
                fill: PAPER,
              },
            ),
          ]
        : [],
    },
  );
}

/** Fig. 2: the CDFs of per-task σ, inst and avg. */
export function fig2Spec(r: Fig2Result): Plot.PlotOptions {
  const rows: { series: string; sd: number; p: number }[] = [];
  r.p.forEach((p, i) => {
    rows.push({ series: 'inst', sd: r.inst[i], p });
    if (r.avg) rows.push({ series: 'avg', sd: r.avg[i], p });
  });
  const positive = rows.filter((d) => d.sd > 0);
  const lo = positive.reduce((m, d) => Math.min(m, d.sd), Infinity);
  return {
    width: 640,
    height: 340,
    marginLeft: 56,
    x: {
      type: 'log',
      label: 'per-task standard deviation σ (log) →',
      grid: true,
      domain: [lo, Math.max(lo * 10, ...positive.map((d) => d.sd))],
    },
    y: { label: '↑ share of tasks with a smaller σ', grid: true, domain: [0, 1] },
    color: { legend: true, domain: ['inst', 'avg'], range: ['#4c78a8', '#f58518'] },
    marks: [
      Plot.line(positive, {
        x: 'sd',
        y: 'p',
        stroke: 'series',
        strokeWidth: 2,
        curve: 'step-after',
      }),
      Plot.ruleY([0.5], { stroke: '#bbb', strokeDasharray: '3,3' }),
      Plot.tip(
        positive,
        Plot.pointer({
          x: 'sd',
          y: 'p',
          title: (d: { series: string; sd: number; p: number }) =>
            `${d.series}: ${formatFixed(100 * d.p, 0)} % of tasks have σ ≤ ${formatNumber(d.sd, 3)}`,
        }),
      ),
    ],
  };
}

type HeatmapKind = 'inst' | 'avg' | 'diff';

interface Cell {
  x1: number;
  x2: number;
  y1: number;
  y2: number;
  v: number;
}

/** The cells of one Fig. 3 heatmap (shares of tasks per (μ, σ) cell), zero cells left out. */
export function heatmapCells(r: Fig3Result, kind: HeatmapKind): Cell[] {
  const values = kind === 'inst' ? r.inst.cells : kind === 'avg' ? r.avg?.cells : r.diff;
  if (!values) return [];
  const out: Cell[] = [];
  for (let by = 0; by < r.bins; by++)
    for (let bx = 0; bx < r.bins; bx++) {
      const v = values[by * r.bins + bx];
      if (v !== 0)
        out.push({
          x1: r.meanEdges[bx],
          x2: r.meanEdges[bx + 1],
          y1: r.sdEdges[by],
          y2: r.sdEdges[by + 1],
          v,
        });
    }
  return out;
}

function trendMarks(
  t: TrendLine | { slope: number; intercept: number },
  xMax: number,
  color: string,
  label: string,
  dashed: boolean,
): Plot.Markish[] {
  if (!Number.isFinite(t.slope)) return [];
  const pts = [
    { x: 0, y: t.intercept },
    { x: xMax, y: t.intercept + t.slope * xMax },
  ];
  return [
    Plot.line(pts, {
      x: 'x',
      y: 'y',
      stroke: color,
      strokeWidth: 2,
      strokeDasharray: dashed ? '6,4' : undefined,
      clip: true,
    }),
    Plot.text([label], {
      frameAnchor: 'top-left',
      dx: 4,
      dy: dashed ? 18 : 4,
      fill: color,
      stroke: '#fff',
      strokeWidth: 3,
      paintOrder: 'stroke',
    }),
  ];
}

/** Fig. 3 (a)–(c): a heatmap of σ against μ with its trend line (and the paper's, on demand). */
export function fig3Spec(r: Fig3Result, kind: HeatmapKind, paper: boolean): Plot.PlotOptions {
  const cells = heatmapCells(r, kind);
  const xMax = r.meanEdges[r.bins];
  const yMax = r.sdEdges[r.bins];
  const maxAbs = cells.reduce((m, c) => Math.max(m, Math.abs(c.v)), 0) || 1;
  const trend = kind === 'avg' ? r.trendAvg : r.trendInst;
  const fmt = (t: { slope: number; intercept: number }) =>
    `σ ≈ ${formatFixed(t.slope, 3)}·μ ${formatTerm(t.intercept, (a) => formatFixed(a, 4))}`;
  const marks: Plot.Markish[] = [
    Plot.rect(cells, {
      x1: 'x1',
      x2: 'x2',
      y1: 'y1',
      y2: 'y2',
      fill: 'v',
      inset: 0,
      tip: true,
      title: (c: Cell) =>
        `μ ${formatFixed(c.x1, 3)}–${formatFixed(c.x2, 3)}, σ ${formatFixed(c.y1, 3)}–${formatFixed(c.y2, 3)}\n${kind === 'diff' ? 'inst − avg: ' : ''}${formatFixed(100 * c.v, 2)} % of tasks`,
    }),
  ];
  if (kind !== 'diff' && trend) {
    marks.push(...trendMarks(trend, xMax, '#111', `${kind}: ${fmt(trend)}`, false));
    if (paper)
      marks.push(
        ...trendMarks(PAPER_TRENDS[kind], xMax, PAPER, `paper: ${fmt(PAPER_TRENDS[kind])}`, true),
      );
  }
  return {
    width: 360,
    height: 320,
    marginLeft: 56,
    x: { label: 'task mean μ →', domain: [0, xMax] },
    y: { label: '↑ task σ', domain: [0, yMax] },
    color:
      kind === 'diff'
        ? {
            type: 'diverging',
            scheme: 'RdBu',
            domain: [-maxAbs, maxAbs],
            legend: true,
            label: 'inst − avg share',
            tickFormat: (v: number) => formatPercent(v, 1),
          }
        : {
            type: 'sqrt',
            scheme: 'Blues',
            domain: [0, maxAbs],
            legend: true,
            label: 'share of tasks',
            tickFormat: (v: number) => formatPercent(v, 1),
          },
    marks,
  };
}

/** Fig. 4: the k centroid histograms (share of samples per 0.01 of usage, cut to [0, 0.5)). */
export function fig4Spec(
  r: Pick<KmeansResult, 'k' | 'centroids' | 'shares'>,
  paper: boolean,
): Plot.PlotOptions {
  const cut = 50;
  const rows: { cluster: string; x: number; share: number }[] = [];
  const labels = Array.from(
    { length: r.k },
    (_, j) => `${String.fromCharCode(97 + j)} · ${formatFixed(100 * r.shares[j], 1)} %`,
  );
  for (let j = 0; j < r.k; j++)
    for (let b = 0; b < cut; b++)
      rows.push({
        cluster: labels[j],
        x: b / HISTOGRAM_BINS,
        share: r.centroids[j * HISTOGRAM_BINS + b],
      });
  const outside = (s: number) =>
    s < PAPER_CLUSTER_SHARES.min - 1e-12 || s > PAPER_CLUSTER_SHARES.max + 1e-12;
  const cols = 4;
  return {
    width: 720,
    height: 120 * Math.ceil(r.k / cols) + 40,
    marginLeft: 40,
    x: { label: 'inst usage (cut to [0, 0.5)) →', domain: [0, cut / HISTOGRAM_BINS] },
    y: { label: '↑ share', grid: true, tickFormat: (v: number) => formatPercent(v, 0) },
    fx: { label: null, padding: 0.12, axis: null },
    fy: { label: null, axis: null },
    marks: [
      Plot.rectY(rows, {
        x1: 'x',
        x2: (d: { x: number }) => d.x + 1 / HISTOGRAM_BINS,
        y: 'share',
        fill: (d: { cluster: string }) =>
          paper && outside(r.shares[labels.indexOf(d.cluster)]) ? PAPER : '#4c78a8',
        fx: (d: { cluster: string }) => labels.indexOf(d.cluster) % cols,
        fy: (d: { cluster: string }) => Math.floor(labels.indexOf(d.cluster) / cols),
        inset: 0,
      }),
      Plot.text(labels, {
        fx: (_d: string, i: number) => i % cols,
        fy: (_d: string, i: number) => Math.floor(i / cols),
        text: (d: string) => d,
        frameAnchor: 'top-right',
        dx: -4,
        dy: 4,
      }),
    ],
  };
}

/** §3.4: the KS p-values of the tasks' two random windows, with the 5 % line. */
export function ksSpec(r: TimeInvarianceResult, paper: boolean): Plot.PlotOptions {
  const total = r.pvalueHistogram.reduce((s, v) => s + v, 0) || 1;
  const bars = Array.from(r.pvalueHistogram, (c, i) => ({
    x1: i / 20,
    x2: (i + 1) / 20,
    share: c / total,
    rejected: i === 0,
  }));
  return {
    width: 560,
    height: 300,
    marginLeft: 56,
    x: { label: 'KS p-value of a task’s two random windows →', domain: [0, 1] },
    y: { label: '↑ share of tasks', grid: true, tickFormat: (v: number) => formatPercent(v, 0) },
    color: { domain: [true, false], range: ['#e45756', '#9ecae9'] },
    marks: [
      Plot.rectY(bars, {
        x1: 'x1',
        x2: 'x2',
        y: 'share',
        fill: 'rejected',
        inset: 0.5,
        tip: true,
        title: (d: { x1: number; x2: number; share: number }) =>
          `p in [${d.x1}, ${d.x2}): ${formatFixed(100 * d.share, 1)} %`,
      }),
      Plot.ruleX([0.05], { stroke: '#111', strokeDasharray: '3,3' }),
      Plot.text(
        [`rejected at 5 %: ${formatFixed(100 * r.rejectedShare, 1)} % of ${r.tested} tasks`],
        {
          frameAnchor: 'top-right',
          dx: -4,
          dy: 4,
        },
      ),
      ...(paper
        ? [
            Plot.text(
              [`paper: ≈ ${formatFixed(100 * PAPER_TIME_INVARIANCE_REJECTED, 0)} % rejected`],
              {
                frameAnchor: 'top-right',
                dx: -4,
                dy: 20,
                fill: PAPER,
              },
            ),
          ]
        : []),
    ],
  };
}
