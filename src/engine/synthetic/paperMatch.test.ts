import { beforeAll, describe, expect, it } from 'vitest';
import { PAPER_TABLE1 } from '../analysis/paper.ts';
import { FIT_BANDS, matchPaper, type PaperMatchReport } from './paperMatch.ts';

/**
 * The synthetic workload against the GPA paper's published numbers, in the bands it was fitted to
 * (FIT_BANDS): each N's A–D rejection rate within ±0.03, mean totals within ±2 %, trend lines
 * within ±0.02 (slope) and ±0.002 (intercept). Sizes as `npm run cli -- calibrate`: a pool of
 * 10,000 tasks, R = 10,000 realizations (the A–D test's power depends on R), 1,000 sums per N (a
 * rate's standard error is at most 0.016). About 20 s on one core, in beforeAll rather than while
 * the file is collected, so that the run's durations (and the longest-first order) count it.
 */
describe('the synthetic workload matches Table 1 and the trend lines within the fitted bands', () => {
  let report: PaperMatchReport;
  beforeAll(() => {
    report = matchPaper({ pool: 10_000, seed: 1, sums: 1000, realizations: 10_000 });
  });

  it.each(PAPER_TABLE1.map(({ n }) => ({ n })))('Table 1 at N = $n', ({ n }) => {
    const r = report.rows.find((row) => row.n === n);
    expect(r, `a row for N = ${n}`).toBeDefined();
    expect(Math.abs(r!.measured.rejectionRate - r!.paper.rejectionRate)).toBeLessThanOrEqual(
      FIT_BANDS.rejectionRate,
    );
    expect(Math.abs(r!.measured.meanTotal / r!.paper.meanTotal - 1)).toBeLessThanOrEqual(
      FIT_BANDS.meanTotal,
    );
  });

  it.each([{ series: 'inst' }, { series: 'avg' }] as const)(
    'the $series trend line',
    ({ series }) => {
      const t = report.trends.find((trend) => trend.series === series);
      expect(t, `a ${series} trend`).toBeDefined();
      expect(Math.abs(t!.measured.slope - t!.paper.slope)).toBeLessThanOrEqual(FIT_BANDS.slope);
      expect(Math.abs(t!.measured.intercept - t!.paper.intercept)).toBeLessThanOrEqual(
        FIT_BANDS.intercept,
      );
    },
  );

  it('covers every N of Table 1, and its pass marks say the same as the bands', () => {
    expect(report.rows.map((r) => r.n)).toEqual([10, 20, 30, 50, 100, 250, 500]);
    expect(report.trends.map((t) => t.series)).toEqual(['inst', 'avg']);
    const inBands =
      report.rows.every((r) => r.pass.rejectionRate && r.pass.meanTotal) &&
      report.trends.every((t) => t.pass.slope && t.pass.intercept);
    expect(report.pass).toBe(inBands);
    expect(report.pass).toBe(true);
  });
});
