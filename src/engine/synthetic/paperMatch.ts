/**
 * The calibration table of the synthetic workload: what the engine measures on it next to
 * what the GPA paper published (SPEC §8), with the bands the workload is fitted to (fit.ts): each
 * N's A–D rejection rate of sums of N tasks within ±0.03 absolute, its mean total within ±2 %, the
 * trend lines' slopes within ±0.02 and intercepts within ±0.002 absolute.
 */
import { realizeSeries } from '../data/realize/realize.ts';
import { seriesList } from '../data/samples/samples.ts';
import type { RunControl } from '../analysis/control.ts';
import { PAPER_TABLE1, PAPER_TRENDS } from '../analysis/paper.ts';
import { matrixRows, sampledRows, type RowSource } from '../analysis/rowSource.ts';
import { sumsChunk, table1 } from '../analysis/sums.ts';
import { seriesMoments, trendLine, type TrendLine } from '../analysis/trend.ts';
import { syntheticWorkload } from './generator.ts';
import { SYNTHETIC_PARAMS, type SyntheticParams } from './params.ts';

/** The bands the fitted workload is held to. */
export const FIT_BANDS = {
  /** Absolute, on each N's A–D rejection rate. */
  rejectionRate: 0.03,
  /** Relative, on each N's mean total. */
  meanTotal: 0.02,
  /** Absolute, on the trend lines. */
  slope: 0.02,
  intercept: 0.002,
} as const;

export interface PaperMatchParams {
  /** Tasks in the synthetic pool (up to 100,000). */
  readonly pool: number;
  readonly seed: number;
  /** Sums per N (the paper: 10,000). */
  readonly sums: number;
  /** Realizations per task R (the paper: 10,000; the A–D test's power depends on it). */
  readonly realizations: number;
  readonly sizes?: readonly number[];
  readonly params?: SyntheticParams;
}

export interface PaperMatchRow {
  readonly n: number;
  readonly sums: number;
  readonly measured: { readonly rejectionRate: number; readonly meanTotal: number };
  readonly paper: { readonly rejectionRate: number; readonly meanTotal: number };
  readonly pass: { readonly rejectionRate: boolean; readonly meanTotal: boolean };
}

export interface TrendCheck {
  readonly series: 'inst' | 'avg';
  readonly measured: TrendLine;
  readonly paper: { readonly slope: number; readonly intercept: number };
  readonly pass: { readonly slope: boolean; readonly intercept: boolean };
}

export interface PaperMatchReport {
  readonly rows: PaperMatchRow[];
  readonly trends: TrendCheck[];
  readonly pass: boolean;
}

/** Realizations are kept as a matrix up to this many values (480 MB), else realized per use. */
const MATRIX_LIMIT = 120_000_000;

const within = (measured: number, paper: number, band: number) =>
  Math.abs(measured - paper) <= band + 1e-12;

/** Measures the synthetic workload against the paper (see FIT_BANDS). */
export function matchPaper(p: PaperMatchParams, ctl?: RunControl): PaperMatchReport {
  const sizes = p.sizes ?? PAPER_TABLE1.map((r) => r.n);
  for (const n of sizes)
    if (!PAPER_TABLE1.some((r) => r.n === n))
      throw new RangeError(
        `invalid N: ${n} (the paper's Table 1 has N = ${PAPER_TABLE1.map((r) => r.n).join(', ')})`,
      );
  if (!(Number.isInteger(p.realizations) && p.realizations >= 2))
    throw new RangeError(`invalid realizations: ${p.realizations}`);
  const w = syntheticWorkload(p.pool, p.seed, p.params ?? SYNTHETIC_PARAMS);
  const trends: TrendCheck[] = (['inst', 'avg'] as const).map((series) => {
    const m = seriesMoments(seriesList(series === 'inst' ? w.inst : w.avg!));
    const measured = trendLine(m.mean, m.sd);
    const paper = PAPER_TRENDS[series];
    return {
      series,
      measured,
      paper,
      pass: {
        slope: within(measured.slope, paper.slope, FIT_BANDS.slope),
        intercept: within(measured.intercept, paper.intercept, FIT_BANDS.intercept),
      },
    };
  });
  const source: RowSource =
    p.pool * p.realizations <= MATRIX_LIMIT
      ? matrixRows(realizeSeries(w.inst, p.realizations, p.seed, 'inst', false))
      : sampledRows(seriesList(w.inst), p.realizations, p.seed, 'inst');
  const all = sumsChunk(source, { sizes, replicates: p.sums, seed: p.seed }, 0, p.sums, ctl);
  const rows = table1(all).map((r): PaperMatchRow => {
    const paper = PAPER_TABLE1.find((q) => q.n === r.n) ?? PAPER_TABLE1[0];
    return {
      n: r.n,
      sums: r.sums,
      measured: { rejectionRate: r.rejectionRate, meanTotal: r.meanTotal },
      paper: { rejectionRate: paper.rejectionRate, meanTotal: paper.meanTotal },
      pass: {
        rejectionRate: within(r.rejectionRate, paper.rejectionRate, FIT_BANDS.rejectionRate),
        meanTotal: within(r.meanTotal / paper.meanTotal, 1, FIT_BANDS.meanTotal),
      },
    };
  });
  const pass =
    rows.length === sizes.length &&
    rows.every((r) => r.pass.rejectionRate && r.pass.meanTotal) &&
    trends.every((t) => t.pass.slope && t.pass.intercept);
  return { rows, trends, pass };
}
