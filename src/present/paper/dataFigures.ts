/** The data figures (GPA paper §3, SPEC §8): sampling bias, variability, σ against μ, clusters, time invariance. */
import {
  PAPER_CLUSTER_SHARES,
  PAPER_TIME_INVARIANCE_REJECTED,
  PAPER_TRENDS,
} from '../../engine/index.ts';
import { fig1Spec, fig2Spec, fig3Spec, fig4Spec, ksSpec } from './plots/dataPlots.ts';
import { boxCells, boxColumns, fmt, only, pct, type FigureDef } from './figureKit.ts';

export const DATA_FIGURE_DEFS: readonly FigureDef[] = [
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
];
