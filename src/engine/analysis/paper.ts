/** Numbers the GPA paper published for its data figures (SPEC §8), for "paper" overlays and checks. */

/** Table 1: A–D rejection rate at 5 % and mean total usage of N random tasks. */
export const PAPER_TABLE1 = [
  { n: 10, rejectionRate: 0.991, meanTotal: 0.27 },
  { n: 20, rejectionRate: 0.965, meanTotal: 0.55 },
  { n: 30, rejectionRate: 0.923, meanTotal: 0.82 },
  { n: 50, rejectionRate: 0.784, meanTotal: 1.37 },
  { n: 100, rejectionRate: 0.493, meanTotal: 2.74 },
  { n: 250, rejectionRate: 0.183, meanTotal: 6.85 },
  { n: 500, rejectionRate: 0.087, meanTotal: 13.69 },
] as const;

/** §3.3: least-squares trend lines of per-task σ on μ. */
export const PAPER_TRENDS = {
  inst: { slope: 0.36, intercept: 0.015 },
  avg: { slope: 0.31, intercept: 0.01 },
} as const;

/** §3.4: share of tasks whose two random windows of Δ = 12 samples differ by KS at 5 % ("roughly"). */
export const PAPER_TIME_INVARIANCE_REJECTED = 0.3;

/** §3.5: the 16 k-means clusters hold from 1.4 % to 17.6 % of the tasks each. */
export const PAPER_CLUSTER_SHARES = { k: 16, min: 0.014, max: 0.176 } as const;
