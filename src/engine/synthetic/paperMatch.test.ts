import { describe, expect, it } from 'vitest';
import { PAPER_MATCH_TOLERANCE, matchPaper } from './paperMatch.ts';

/**
 * The synthetic workload against the GPA paper's published numbers. Sizes: R = 10,000
 * realizations as in the paper (the A–D test's power depends on R, so R is not lowered), 300 sums
 * per N (a rejection rate's standard error is at most 0.029: the ±0.10 tolerance is 3.4 of them),
 * and a pool of 8,000 tasks (sums of 500 from a smaller pool share so many tasks that one odd task
 * moves the rate; 8,000 × 10,000 realizations are a 320 MB matrix). About 10 s on this machine.
 */
describe('the synthetic workload reproduces the paper within the calibration tolerances', () => {
  const report = matchPaper({ pool: 8000, seed: 1, sums: 300, realizations: 10_000 });

  it.each(report.rows)('Table 1 at N = $n', (r) => {
    expect(Math.abs(r.measured.rejectionRate - r.paper.rejectionRate)).toBeLessThanOrEqual(
      PAPER_MATCH_TOLERANCE.rejectionRate,
    );
    expect(
      Math.abs(r.measured.meanTotal - r.paper.meanTotal) / r.paper.meanTotal,
    ).toBeLessThanOrEqual(PAPER_MATCH_TOLERANCE.meanTotal);
    expect(r.pass).toEqual({ rejectionRate: true, meanTotal: true });
  });

  it.each(report.trends)('the $series trend line', (t) => {
    expect(Math.abs(t.measured.slope - t.paper.slope) / t.paper.slope).toBeLessThanOrEqual(
      PAPER_MATCH_TOLERANCE.trend,
    );
    expect(
      Math.abs(t.measured.intercept - t.paper.intercept) / t.paper.intercept,
    ).toBeLessThanOrEqual(PAPER_MATCH_TOLERANCE.trend);
  });

  it('covers every N of Table 1 and says it passes', () => {
    expect(report.rows.map((r) => r.n)).toEqual([10, 20, 30, 50, 100, 250, 500]);
    expect(report.pass).toBe(true);
  });
});
