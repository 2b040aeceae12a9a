/** The sums figures (GPA paper §4): is the total of N tasks Gaussian, and how good are its percentiles. */
import { FIT_BANDS, PAPER_TABLE1 } from '../../engine/index.ts';
import { fig5Spec, fig6Spec, table1Spec } from './plots/sumsPlots.ts';
import { table1Summary } from './table1Text.ts';
import { boxCells, boxColumns, fmt, only, type FigureDef } from './figureKit.ts';

export const SUMS_FIGURE_DEFS: readonly FigureDef[] = [
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
    caption: `For each N, many sums of N random tasks are tested for normality (Anderson–Darling at 5 %); the paper saw the rate fall as N grows. The mean total says how large such a sum is, in machines. With the paper toggle, the paper’s row and the calibration band (±${FIT_BANDS.rejectionRate}) are shown beside.`,
    present(d, { paper }) {
      const rows = only(d, 'table1').rows;
      const within = (r: (typeof rows)[number]) => {
        const p = PAPER_TABLE1.find((q) => q.n === r.n);
        if (!p) return null;
        const gap = Math.abs(r.rejectionRate - p.rejectionRate);
        return gap <= FIT_BANDS.rejectionRate + 1e-12 ? 'yes' : 'no';
      };
      const misses = rows.filter((r) => within(r) === 'no').length;
      return {
        summary: table1Summary(rows, misses, paper),
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
              withinTolerance: within(r),
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
];
