/**
 * The paper lab's figures as data: for each table and figure of the GPA paper, its title, a caption
 * saying what it shows and how to read it, and a presenter turning the computed numbers into Plot
 * specs, a table (with the paper's column when the "paper" toggle is on) and headline facts. Pure:
 * the view, the command line's report and the tests use the same presentations.
 */
import type * as Plot from '@observablehq/plot';
import {
  FIT_BANDS,
  PAPER_CLUSTER_SHARES,
  PAPER_TABLE1,
  PAPER_TIME_INVARIANCE_REJECTED,
  PAPER_TRENDS,
} from '../../engine/index.ts';
import {
  CAPACITIES,
  CLAIRVOYANCES,
  FIG11_FITS,
  FIG12_FITS,
  FIG13_FITS,
  type FigureData,
  type FigureId,
  type LabParams,
} from '../../runtime/jobs/paperLab.ts';
import { tradeoffPoints, tradeoffSpec } from '../plots/tradeoffPlots.ts';
import {
  PAPER_COMPARABLE,
  PAPER_FIG10,
  PAPER_FIG9,
  PAPER_GPA_MEDIAN_MABS,
  PAPER_GPA_SAVING,
  PAPER_AV1_MABS,
  PAPER_Q,
  PAPER_REBALANCING_GAIN,
} from './paperNumbers.ts';
import { fig1Spec, fig2Spec, fig3Spec, fig4Spec, ksSpec } from './plots/dataPlots.ts';
import {
  fig10Spec,
  fig11Spec,
  fig12Spec,
  fig13Spec,
  fig7Spec,
  fig9Spec,
} from './plots/packingPlots.ts';
import { fig5Spec, fig6Spec, table1Spec } from './plots/sumsPlots.ts';
import {
  byCondition,
  fitSummaries,
  gpaErrors,
  rebalancingGains,
  sourceComparison,
} from './summaries.ts';

export type Cell = string | number | null;

export interface Column {
  readonly key: string;
  readonly label: string;
  /** A column of the paper's published numbers (shown with the "paper" toggle). */
  readonly paper?: boolean;
}

export interface TableDef {
  readonly columns: readonly Column[];
  readonly rows: readonly Record<string, Cell>[];
}

export interface PlotDef {
  readonly name: string;
  readonly title: string;
  readonly caption: string;
  readonly spec: Plot.PlotOptions;
}

export interface Fact {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  /** What the paper published for it, when it did. */
  readonly paper?: string;
}

export interface Presentation {
  readonly plots: readonly PlotDef[];
  readonly table: TableDef | null;
  readonly facts: readonly Fact[];
}

export type FigureGroup = 'data' | 'sums' | 'packing';

export interface FigureDef {
  readonly id: FigureId;
  readonly group: FigureGroup;
  /** Short name for the navigation ("Fig. 3", "Table 1", "§3.4"). */
  readonly label: string;
  readonly title: string;
  /** What it shows and how to read it. */
  readonly caption: string;
  present(data: FigureData, ctx: { paper: boolean; params: LabParams }): Presentation;
}

export const GROUP_LABEL: Record<FigureGroup, string> = {
  data: 'Data',
  sums: 'Sums of tasks',
  packing: 'Packing experiments',
};

/** A number for a table or a fact: 4 significant digits, exponents for small values. */
export function fmt(v: number | null | undefined, digits = 4): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a < 1e-3 || a >= 1e6) return v.toExponential(2);
  return String(+v.toPrecision(digits));
}
const pct = (v: number) => (Number.isFinite(v) ? `${(100 * v).toFixed(1)} %` : '—');

function only<K extends FigureData['id']>(
  d: FigureData,
  ...ids: K[]
): Extract<FigureData, { id: K }> {
  if (!(ids as string[]).includes(d.id))
    throw new RangeError(`expected ${ids.join('/')} data, got ${d.id}`);
  return d as Extract<FigureData, { id: K }>;
}

const boxColumns: Column[] = [
  { key: 'median', label: 'median' },
  { key: 'q1', label: 'Q1' },
  { key: 'q3', label: 'Q3' },
  { key: 'mean', label: 'mean' },
  { key: 'count', label: 'count' },
];
const boxCells = (b: { median: number; q1: number; q3: number; mean: number; count: number }) => ({
  median: b.median,
  q1: b.q1,
  q3: b.q3,
  mean: b.mean,
  count: b.count,
});

function mainRows(d: FigureData) {
  const p = only(d, 'fig7', 'fig8', 'fig9', 'fig10', 'fig11', 'fig12', 'fig13');
  return { rows: p.sweeps[0].rows, sweeps: p.sweeps, R: p.realizations };
}

export const FIGURES: readonly FigureDef[] = [
  {
    id: 'fig1',
    group: 'data',
    label: 'Fig. 1',
    title: 'Is the inst sampling unbiased? Means of k inst samples against the avg mean',
    caption:
      'For each task, the mean of k inst samples drawn at random is compared with the mean of all its avg samples: (ȳ − x̄⁽ᵏ⁾)/ȳ. One box per k, over the tasks with at least k samples (median line, box from Q1 to Q3, whiskers to 1.5 IQR). Boxes centred on 0 that narrow as k grows mean the inst samples are unbiased.',
    present(d, { paper }) {
      const r = only(d, 'fig1').fig1;
      return {
        plots: [
          {
            name: 'paper-fig1',
            title: 'Relative difference of means by k',
            caption: `${r.zeroAvg} tasks with an avg mean of 0 left out.`,
            spec: fig1Spec(r, paper),
          },
        ],
        table: {
          columns: [{ key: 'k', label: 'k' }, ...boxColumns],
          rows: r.boxes.map((b) => ({ k: b.k, ...boxCells(b.box) })),
        },
        facts: [],
      };
    },
  },
  {
    id: 'fig2',
    group: 'data',
    label: 'Fig. 2',
    title: 'How variable are tasks? The CDF of per-task standard deviations, inst vs avg',
    caption:
      'Each curve gives, for a σ on the x axis, the share of tasks whose standard deviation (over all their samples) is at most σ. A curve further right is more variable: in the paper, inst (1-second) usage varies more than 5-minute averages.',
    present(d) {
      const { fig2: r, tasks } = only(d, 'fig2');
      return {
        plots: [
          {
            name: 'paper-fig2',
            title: 'CDF of per-task σ',
            caption: `${tasks} tasks.`,
            spec: fig2Spec(r),
          },
        ],
        table: null,
        facts: [
          { id: 'median-sd-inst', label: 'median σ, inst', value: fmt(r.medianInst) },
          {
            id: 'median-sd-avg',
            label: 'median σ, avg',
            value: r.avg ? fmt(r.medianAvg) : 'no avg series',
          },
          ...(r.avg
            ? [
                {
                  id: 'share-inst-above',
                  label: 'tasks whose inst σ exceeds their avg σ',
                  value: pct(r.shareInstAbove),
                  paper: 'inst more variable',
                },
              ]
            : []),
        ],
      };
    },
  },
  {
    id: 'fig3',
    group: 'data',
    label: 'Fig. 3',
    title: 'σ grows with μ: heatmaps of per-task σ against μ, with trend lines',
    caption:
      'Each cell counts the tasks with that mean and standard deviation (darker: more tasks); the line is the least-squares trend σ ≈ slope·μ + intercept. The third panel is inst − avg: blue where inst tasks are more frequent, red where avg ones are (as in the paper). Axes stop at the 99th percentiles of the inst means and σ.',
    present(d, { paper }) {
      const { fig3: r, tasks } = only(d, 'fig3');
      const trendRow = (
        series: 'inst' | 'avg',
        t: { slope: number; intercept: number; r2: number } | null,
      ) => ({
        series,
        slope: t ? t.slope : null,
        intercept: t ? t.intercept : null,
        r2: t ? t.r2 : null,
        paperSlope: PAPER_TRENDS[series].slope,
        paperIntercept: PAPER_TRENDS[series].intercept,
      });
      return {
        plots: [
          {
            name: 'paper-fig3-inst',
            title: '(a) inst',
            caption: `${tasks} tasks; ${r.inst.outside} outside the axes.`,
            spec: fig3Spec(r, 'inst', paper),
          },
          ...(r.avg
            ? [
                {
                  name: 'paper-fig3-avg',
                  title: '(b) avg',
                  caption: `${r.avg.outside} outside the axes.`,
                  spec: fig3Spec(r, 'avg', paper),
                },
              ]
            : []),
          ...(r.diff
            ? [
                {
                  name: 'paper-fig3-diff',
                  title: '(c) inst − avg',
                  caption: 'Blue: more inst tasks; red: more avg tasks.',
                  spec: fig3Spec(r, 'diff', paper),
                },
              ]
            : []),
        ],
        table: {
          columns: [
            { key: 'series', label: 'series' },
            { key: 'slope', label: 'slope' },
            { key: 'intercept', label: 'intercept' },
            { key: 'r2', label: 'R²' },
            { key: 'paperSlope', label: 'paper slope', paper: true },
            { key: 'paperIntercept', label: 'paper intercept', paper: true },
          ],
          rows: [
            trendRow('inst', r.trendInst),
            ...(r.trendAvg ? [trendRow('avg', r.trendAvg)] : []),
          ],
        },
        facts: [],
      };
    },
  },
  {
    id: 'fig4',
    group: 'data',
    label: 'Fig. 4',
    title: 'No single distribution: the 16 k-means centroids of per-task usage histograms',
    caption:
      'Each task becomes a histogram of its inst samples (bins of 0.01); k-means (k = 16, seeded k-means++) groups similar shapes. Each panel is a cluster’s average histogram, cut to usage below 0.5, labelled with its share of the tasks. Varied shapes (mostly zero, exponential-like, multi-modal) mean no one distribution fits all tasks.',
    present(d, { paper }) {
      const { kmeans: r, tasks } = only(d, 'fig4');
      const shares = Array.from(r.shares);
      return {
        plots: [
          {
            name: 'paper-fig4',
            title: 'Cluster centroids and shares',
            caption: `${tasks} tasks; ${r.iterations} iterations${r.converged ? '' : ' (not converged)'}.${paper ? ' Red: a share outside the paper’s 1.4–17.6 %.' : ''}`,
            spec: fig4Spec(r, paper),
          },
        ],
        table: {
          columns: [
            { key: 'cluster', label: 'cluster' },
            { key: 'share', label: 'share of tasks' },
            { key: 'mode', label: 'most frequent usage bin' },
          ],
          rows: shares.map((s, j) => {
            let best = 0;
            for (let b = 1; b < 100; b++)
              if (r.centroids[j * 100 + b] > r.centroids[j * 100 + best]) best = b;
            return { cluster: String.fromCharCode(97 + j), share: s, mode: best / 100 };
          }),
        },
        facts: [
          {
            id: 'share-min',
            label: 'smallest cluster',
            value: pct(Math.min(...shares)),
            paper: pct(PAPER_CLUSTER_SHARES.min),
          },
          {
            id: 'share-max',
            label: 'largest cluster',
            value: pct(Math.max(...shares)),
            paper: pct(PAPER_CLUSTER_SHARES.max),
          },
        ],
      };
    },
  },
  {
    id: 'ks',
    group: 'data',
    label: '§3.4',
    title: 'Time invariance: do two random hours of a task look alike?',
    caption:
      'For each task, two windows of Δ consecutive samples are drawn at random and compared with a two-sample Kolmogorov–Smirnov test. The bars are the tasks’ p-values; the red bar (p < 0.05) holds the tasks whose usage changes over time. A small red share supports the paper’s time-invariance assumption.',
    present(d) {
      const { ks: r, window } = only(d, 'ks');
      return {
        plots: [
          {
            name: 'paper-ks',
            title: 'KS p-values between two random windows',
            caption: `Δ = ${window} samples; ${r.tested} tasks with at least two windows.`,
            spec: ksSpec(r, false),
          },
        ],
        table: null,
        facts: [
          {
            id: 'ks-rejected',
            label: `tasks whose two windows differ (KS at 5 %, Δ = ${window})`,
            value: pct(r.rejectedShare),
            paper: `≈ ${pct(PAPER_TIME_INVARIANCE_REJECTED)}`,
          },
          { id: 'ks-tested', label: 'tasks tested', value: String(r.tested) },
        ],
      };
    },
  },
  {
    id: 'fig5',
    group: 'sums',
    label: 'Fig. 5',
    title: 'Sums of tasks look Gaussian: the total of N random tasks and its fitted Gaussian',
    caption:
      'N tasks are drawn at random; their R realizations are added up. The bars are the distribution of that total; the curve is the Gaussian N(Σμᵢ, Σσᵢ²) GPA assumes; the dashed line its mean. The Anderson–Darling verdict says whether the total is still distinguishable from a Gaussian. Change N, or draw another sum.',
    present(d, { paper }) {
      const p = only(d, 'fig5').panel;
      const published = PAPER_TABLE1.find((r) => r.n === p.n);
      return {
        plots: [
          {
            name: 'paper-fig5',
            title: `The total of ${p.n} random tasks (sum #${p.example})`,
            caption:
              'Bars: the empirical distribution over the R realizations; curve: the fitted Gaussian.',
            spec: fig5Spec(p, paper),
          },
        ],
        table: null,
        facts: [
          {
            id: 'fig5-mu',
            label: 'mean total Σμᵢ',
            value: fmt(p.mu),
            ...(published ? { paper: String(published.meanTotal) } : {}),
          },
          { id: 'fig5-sigma', label: 'σ of the total', value: fmt(p.sigma) },
          { id: 'fig5-a2', label: 'Anderson–Darling A²', value: fmt(p.a2) },
          {
            id: 'fig5-verdict',
            label: 'Gaussian at 5 %?',
            value: p.rejected ? 'no (rejected)' : 'yes (not rejected)',
          },
        ],
      };
    },
  },
  {
    id: 'table1',
    group: 'sums',
    label: 'Table 1',
    title: 'How many tasks until the sum is Gaussian? A–D rejection rate and mean total by N',
    caption: `For each N, many sums of N random tasks are tested for normality (Anderson–Darling at 5 %). The rate falls as N grows: sums of many tasks are close to Gaussian. The mean total says how large such a sum is, in machines. With the paper toggle, the paper’s row and the calibration band (±${FIT_BANDS.rejectionRate}) are shown beside.`,
    present(d, { paper }) {
      const rows = only(d, 'table1').rows;
      return {
        plots: [
          {
            name: 'paper-table1',
            title: 'A–D rejection rate by N',
            caption: `Red: the paper’s row, with ±${FIT_BANDS.rejectionRate} around it.`,
            spec: table1Spec(rows, paper),
          },
        ],
        table: {
          columns: [
            { key: 'n', label: 'N' },
            { key: 'sums', label: 'sums' },
            { key: 'rejectionRate', label: 'A–D rejection' },
            { key: 'paperRejectionRate', label: 'paper', paper: true },
            {
              key: 'withinTolerance',
              label: `within ±${FIT_BANDS.rejectionRate}`,
              paper: true,
            },
            { key: 'meanTotal', label: 'mean total' },
            { key: 'paperMeanTotal', label: 'paper', paper: true },
            { key: 'medianA2', label: 'median A²' },
          ],
          rows: rows.map((r) => {
            const p = PAPER_TABLE1.find((q) => q.n === r.n);
            return {
              n: r.n,
              sums: r.sums,
              rejectionRate: r.rejectionRate,
              paperRejectionRate: p ? p.rejectionRate : null,
              withinTolerance: p
                ? Math.abs(r.rejectionRate - p.rejectionRate) <= FIT_BANDS.rejectionRate + 1e-12
                  ? 'yes'
                  : 'no'
                : null,
              meanTotal: r.meanTotal,
              paperMeanTotal: p ? p.meanTotal : null,
              medianA2: r.medianA2,
            };
          }),
        },
        facts: [],
      };
    },
  },
  {
    id: 'fig6',
    group: 'sums',
    label: 'Fig. 6',
    title: 'Does the Gaussian get the tail right? Error of its 95th, 99th and 99.9th percentiles',
    caption:
      'For each sum of N random tasks, the Gaussian’s k-th percentile is compared with the empirical one: (F⁻¹(k) − P_k)/P_k. Boxes below 0 mean the Gaussian underestimates the total at that percentile — rare high loads — which is why GPA can overflow more often than asked. Narrower boxes with more tasks: the estimate firms up.',
    present(d) {
      const cells = only(d, 'fig6').cells;
      return {
        plots: [
          {
            name: 'paper-fig6',
            title: 'Relative error of Gaussian percentiles',
            caption:
              'One panel per percentile; per N, a violin (the histogram of the errors within the whiskers, smoothed) around the box and whiskers, over the sums.',
            spec: fig6Spec(cells),
          },
        ],
        table: {
          columns: [{ key: 'percentile', label: 'k' }, { key: 'n', label: 'N' }, ...boxColumns],
          rows: cells.map((c) => ({ percentile: c.percentile, n: c.n, ...boxCells(c.box) })),
        },
        facts: [],
      };
    },
  },
  {
    id: 'fig7',
    group: 'packing',
    label: 'Fig. 7',
    title: 'Machines used by each fit test',
    caption:
      'K instances of N′ random tasks are packed with each fit test of the paper’s grid (c = 1, κ = 1, inst, rebalancing on). m = m_abs / m_norm: 1 is the lower bound (total mean usage over capacity). Boxes are over the instances; lower is cheaper. Conservative tests (Cantelli, high percentiles, max) use far more machines than av and GPA.',
    present(d, { paper }) {
      const { rows, sweeps } = mainRows(d);
      const s = fitSummaries(rows);
      const m = (fit: string) => s.find((f) => f.fit === fit);
      const gpa95 = m('gpa:0.05');
      return {
        plots: [
          {
            name: 'paper-fig7',
            title: 'Normalized machines m per fit test',
            caption: `One box per fit test over the instances.${paper ? ` The paper (Google data): av 1.0 packs 1,000 tasks on ${PAPER_AV1_MABS.toFixed(1)} machines; GPA's median m_abs is 35 (ρ = 0.1) to 47 (ρ = 0.001).` : ''}`,
            spec: fig7Spec(s),
          },
        ],
        table: {
          columns: [
            { key: 'fit', label: 'fit test' },
            { key: 'medianM', label: 'median m' },
            { key: 'meanM', label: 'mean m' },
            { key: 'meanMAbs', label: 'mean m_abs' },
            { key: 'medianMAbs', label: 'median m_abs' },
            { key: 'paperMAbs', label: 'paper m_abs', paper: true },
            { key: 'meanQ', label: 'mean q' },
            { key: 'paperQ', label: 'paper q', paper: true },
          ],
          rows: s.map((f) => ({
            fit: f.fit,
            medianM: f.m.median,
            meanM: f.meanM,
            meanMAbs: f.meanMAbs,
            medianMAbs: f.mAbs.median,
            paperMAbs:
              f.fit === 'av:1'
                ? PAPER_AV1_MABS
                : ((PAPER_GPA_MEDIAN_MABS as Record<string, number>)[f.fit] ?? null),
            meanQ: f.meanQ,
            paperQ: PAPER_Q[f.fit] ?? null,
          })),
        },
        facts: [
          ...(m('av:1')
            ? [
                {
                  id: 'av1-mabs',
                  label: 'av 1.0: machines per 1,000 tasks',
                  value: fmt((m('av:1')!.meanMAbs * 1000) / sweeps[0].spec.tasks, 3),
                  paper: PAPER_AV1_MABS.toFixed(1),
                },
              ]
            : []),
          ...(['cantelli:1.7', 'cantelli:4.4'] as const).flatMap((c) => {
            const other = m(c);
            if (!gpa95 || !other) return [];
            return [
              {
                id: `saving-${c}`,
                label: `machines of ${c} ÷ machines of gpa:0.05 (95 % SLO)`,
                value: `${fmt(other.meanMAbs / gpa95.meanMAbs, 3)}×`,
                paper: `${PAPER_GPA_SAVING[c]}×`,
              },
            ];
          }),
        ],
      };
    },
  },
  {
    id: 'fig8',
    group: 'packing',
    label: 'Fig. 8',
    title: 'The machines–overflow trade-off: m against q for every fit test',
    caption:
      'Each point is a fit test’s mean over the instances: machines m (x) against the measured overflow frequency q (y, log). Lower-left is better; no test dominates — q falls roughly exponentially as m grows. Triangles mark q = 0 (below the 1/|E| resolution). The same plot as the Trade-off view, on the lab’s instances.',
    present(d, { params }) {
      const { rows, R } = mainRows(d);
      // The lab has no current fit test: a ρ no test has leaves every point unringed.
      const points = tradeoffPoints(rows, R, { kind: 'gpa', rho: -1 });
      const s = fitSummaries(rows);
      const mq = (fit: string) => s.find((f) => f.fit === fit);
      return {
        plots: [
          {
            name: 'paper-fig8',
            title: 'Machines vs overflow per fit test',
            caption: `${params.packer.toUpperCase()}, c = 1, κ = 1.`,
            spec: tradeoffSpec(points, R),
          },
        ],
        table: {
          columns: [
            { key: 'group', label: 'comparable in the paper' },
            { key: 'fit', label: 'fit test' },
            { key: 'meanM', label: 'mean m' },
            { key: 'meanQ', label: 'mean q' },
          ],
          rows: PAPER_COMPARABLE.flatMap((g, i) =>
            g.map((fit) => ({
              group: `group ${i + 1}`,
              fit,
              meanM: mq(fit)?.meanM ?? null,
              meanQ: mq(fit)?.meanQ ?? null,
            })),
          ),
        },
        facts: [],
      };
    },
  },
  {
    id: 'fig9',
    group: 'packing',
    label: 'Fig. 9',
    title: 'Does GPA deliver its SLO? Relative error (q − ρ)/ρ by requested ρ',
    caption:
      'For each requested ρ, the overflow frequency q GPA’s packings actually reach, relative to ρ, over the instances. 0 means GPA delivers exactly its SLO; above 0 it overflows more often than promised (the Gaussian underestimates rare events, Fig. 6), below 0 it is conservative.',
    present(d, { paper }) {
      const { rows } = mainRows(d);
      const e = gpaErrors(rows);
      return {
        plots: [
          {
            name: 'paper-fig9',
            title: 'GPA’s relative error by ρ',
            caption: 'One box per ρ over the instances.',
            spec: fig9Spec(e, paper),
          },
        ],
        table: {
          columns: [
            { key: 'rho', label: 'ρ' },
            { key: 'meanQ', label: 'mean q' },
            { key: 'meanError', label: '(mean q − ρ)/ρ' },
            { key: 'medianError', label: 'median error' },
            { key: 'paperQ', label: 'paper q', paper: true },
          ],
          rows: e.map((r) => ({
            rho: r.rho,
            meanQ: r.meanQ,
            meanError: r.meanError,
            medianError: r.error.median,
            paperQ: r.rho === PAPER_FIG9.rho ? PAPER_FIG9.q : null,
          })),
        },
        facts: [],
      };
    },
  },
  {
    id: 'fig10',
    group: 'packing',
    label: 'Fig. 10',
    title: 'Do 5-minute averages mislead? q with estimates from inst vs from avg',
    caption:
      'The same packings, once with per-task estimates from inst samples and once from avg samples; q is always measured on inst. Tests that use σ (GPA, Cantelli) see less variability in averages and overflow more; av, using means only, barely changes.',
    present(d) {
      const { sweeps, R } = mainRows(d);
      const c = sourceComparison(sweeps);
      return {
        plots: [
          {
            name: 'paper-fig10',
            title: 'Mean q from inst and from avg estimates',
            caption: 'Triangles: q = 0, drawn at half the resolution.',
            spec: fig10Spec(c, R),
          },
        ],
        table: {
          columns: [
            { key: 'fit', label: 'fit test' },
            { key: 'qInst', label: 'q (inst)' },
            { key: 'qAvg', label: 'q (avg)' },
            { key: 'ratio', label: 'avg ÷ inst' },
            { key: 'paperRatio', label: 'paper avg ÷ inst', paper: true },
          ],
          rows: c.map((r) => ({
            fit: r.fit,
            qInst: r.qInst,
            qAvg: r.qAvg,
            ratio: r.ratio,
            paperRatio:
              r.fit.startsWith('cantelli') && r.fit !== 'cantelli:4.4'
                ? `≈ ${PAPER_FIG10.cantelli}`
                : r.fit.startsWith('gpa')
                  ? `${PAPER_FIG10.gpa[0]}–${PAPER_FIG10.gpa[1]}`
                  : r.fit.startsWith('av')
                    ? '≈ 1'
                    : null,
          })),
        },
        facts: [],
      };
    },
  },
  {
    id: 'fig11',
    group: 'packing',
    label: 'Fig. 11',
    title: 'Smaller and larger machines: q by capacity c, with and without rebalancing',
    caption:
      'The pairs comparable at c = 1 (av 1.25 ~ GPA 0.1, av 2 ~ GPA 0.001) packed on machines of capacity 0.5 to 5. GPA’s q stays near its ρ whatever the machine size; av’s q swings with c, so a fixed av factor gives an unpredictable SLO on mixed hardware. The bottom row, without rebalancing, shows how much the last machine absorbs.',
    present(d) {
      const { sweeps, R } = mainRows(d);
      const s = byCondition(sweeps, FIG11_FITS, 'capacity', CAPACITIES, [5, 0], R);
      return {
        plots: [
          {
            name: 'paper-fig11',
            title: 'q by machine capacity',
            caption: 'q = 0 drawn at half of 1/|E|.',
            spec: fig11Spec(s),
          },
        ],
        table: {
          columns: [
            { key: 'fit', label: 'fit test' },
            { key: 'capacity', label: 'c' },
            { key: 'rebalancing', label: 'rebalancing' },
            { key: 'meanQ', label: 'mean q' },
            { key: 'medianQ', label: 'median q' },
            { key: 'meanM', label: 'mean m' },
          ],
          rows: s.map((r) => ({
            fit: r.fit,
            capacity: r.value,
            rebalancing: r.rebalance ? 'on' : 'off',
            meanQ: r.meanQ,
            medianQ: r.q.median,
            meanM: r.meanM,
          })),
        },
        facts: [],
      };
    },
  },
  {
    id: 'fig12',
    group: 'packing',
    label: 'Fig. 12',
    title: 'How much must be observed? q by clairvoyance κ',
    caption:
      'Estimates read only the first κ·R realizations (κ = 0.001: 10 of 10,000); q is measured on the rest. The paper finds 100 observations (κ = 0.01) enough to match full clairvoyance. Note |E| changes with κ.',
    present(d, { paper }) {
      const { sweeps, R } = mainRows(d);
      const s = byCondition(sweeps, FIG12_FITS, 'clairvoyance', CLAIRVOYANCES, [5], R);
      return {
        plots: [
          {
            name: 'paper-fig12',
            title: 'q by clairvoyance',
            caption: `q = 0 drawn at half of 1/|E|.${paper ? ' Red dashed: κ = 0.01 (100 observations), from which the paper finds q about that of full clairvoyance.' : ''}`,
            spec: fig12Spec(s, paper),
          },
        ],
        table: {
          columns: [
            { key: 'fit', label: 'fit test' },
            { key: 'clairvoyance', label: 'κ' },
            { key: 'observed', label: 'observed columns' },
            { key: 'meanQ', label: 'mean q' },
            { key: 'medianQ', label: 'median q' },
          ],
          rows: s.map((r) => ({
            fit: r.fit,
            clairvoyance: r.value,
            observed: r.value === 1 ? R : R - r.evaluated,
            meanQ: r.meanQ,
            medianQ: r.q.median,
          })),
        },
        facts: [],
      };
    },
  },
  {
    id: 'fig13',
    group: 'packing',
    label: 'Fig. 13',
    title: 'What does rebalancing buy? Relative decrease of q',
    caption:
      'Each instance is packed with and without rebalancing (moving tasks into the last, usually underloaded, machine); (q_off − q_on)/q_off per instance. Instances with q_off = 0 and the perc tests are left out, as in the paper. Above 0: rebalancing lowers overflows.',
    present(d, { paper }) {
      const { sweeps } = mainRows(d);
      const g = rebalancingGains(sweeps, FIG13_FITS);
      const mean = g.length ? g.reduce((s, r) => s + r.meanGain, 0) / g.length : NaN;
      return {
        plots: [
          {
            name: 'paper-fig13',
            title: 'Relative decrease of q from rebalancing',
            caption: `One box per fit test over the instances with q_off > 0.${paper ? ` Red dashed: the paper's mean decrease, about ${(100 * PAPER_REBALANCING_GAIN).toFixed(0)} %.` : ''}`,
            spec: fig13Spec(g, paper),
          },
        ],
        table: {
          columns: [
            { key: 'fit', label: 'fit test' },
            { key: 'meanQOff', label: 'mean q_off' },
            { key: 'meanQOn', label: 'mean q_on' },
            { key: 'meanGain', label: 'mean gain' },
            { key: 'instances', label: 'instances' },
          ],
          rows: g.map((r) => ({
            fit: r.fit,
            meanQOff: r.meanQOff,
            meanQOn: r.meanQOn,
            meanGain: r.meanGain,
            instances: r.instances,
          })),
        },
        facts: [
          {
            id: 'gain-mean',
            label: 'mean gain over the fit tests',
            value: pct(mean),
            paper: `≈ ${pct(PAPER_REBALANCING_GAIN)}`,
          },
        ],
      };
    },
  },
];

export function figureDef(id: FigureId): FigureDef {
  const f = FIGURES.find((x) => x.id === id);
  if (!f) throw new RangeError(`unknown figure "${id}"`);
  return f;
}
