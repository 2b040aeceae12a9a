/**
 * What the GPA paper published for its packing experiments (§5, SPEC §8), for the lab's "paper"
 * toggle; the data figures' numbers (Table 1, trend lines, §3.4, Fig. 4 shares) are the engine's
 * PAPER_* constants. Google 2011 data: the user's data will differ, and that is the point.
 */

/** §5.2, Best Fit, c = 1, κ = 1, inst: mean q over the 50 instances (0: never exceeded). */
export const PAPER_Q: Readonly<Record<string, number>> = {
  'cantelli:1': 3e-4,
  'cantelli:1.7': 2e-6,
  'cantelli:4.4': 0,
  'perc:99': 2e-8,
  'perc:95': 5e-6,
  'perc:90': 7e-5,
  max: 0,
  'gpa:0.001': 1.6e-3,
};

/** §5.2: av 1.0 packs 1,000 tasks on 28.0 machines on average. */
export const PAPER_AV1_MABS = 28.0;

/** §5.6: median m_abs of GPA, from ρ = 0.1 to ρ = 0.001. */
export const PAPER_GPA_MEDIAN_MABS = { 'gpa:0.1': 35, 'gpa:0.001': 47 } as const;

/** §5.2: (m, q) comparable triples in Fig. 8. */
export const PAPER_COMPARABLE = [
  ['perc:70', 'av:1.25', 'gpa:0.1'],
  ['perc:90', 'av:2', 'gpa:0.001'],
] as const;

/** §5.2: at a 95 % SLO GPA uses 1.9× (vs Cantelli b = 1.7) to 3.7× (vs b = 4.4) fewer machines. */
export const PAPER_GPA_SAVING = { 'cantelli:1.7': 1.9, 'cantelli:4.4': 3.7 } as const;

/** §5.2 (Fig. 9): GPA ρ = 0.001 measures q = 1.6·10⁻³, a relative error of +60 %. */
export const PAPER_FIG9 = { rho: 0.001, q: 1.6e-3, relativeError: 0.6 } as const;

/** §5.3 (Fig. 10): estimates from inst instead of avg lower q about 10× (Cantelli), 2–3× (GPA). */
export const PAPER_FIG10 = { cantelli: 10, gpa: [2, 3] } as const;

/** §5.6 (Fig. 13): rebalancing lowers q by about 7 % on average (av and GPA). */
export const PAPER_REBALANCING_GAIN = 0.07;

/** §5.5 (Fig. 12): from κ = 0.01 (100 observations of 10,000) q is about that of κ = 1. */
export const PAPER_FIG12_ENOUGH = 0.01;

/** §3.2 (Fig. 1): from about 15 samples on, the IQR is symmetric around 0. */
export const PAPER_FIG1_SYMMETRIC_FROM = 15;
