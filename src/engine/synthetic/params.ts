/**
 * Parameters of the synthetic Google-like workload (see generator.ts), calibrated so that the
 * engine's own measurements match what the GPA paper published (SPEC §8), as printed by
 * `npm run cli -- calibrate` and checked by paperMatch.test.ts. Why these values:
 *
 * - Mean total of N tasks (Table 1: 0.0274 per task): the class levels (medians 0.002–0.05,
 *   log-spread 0.3–0.4, and the rare large class below) average about 0.027.
 * - Trend lines of σ on μ (§3.3): each task's σ is drawn on the paper's lines (`trend`) times a
 *   factor with log-sd `scatter`, so the least-squares fit recovers them whatever the mix of μ.
 *   The intercepts (0.015, 0.010) make small tasks very variable: a task of mean 0.003 has σ ≈ 0.016,
 *   hence the on/off shape of the "almost always 0" classes (the least skewed shape for that CV).
 * - A–D rejection rates of sums (Table 1: 0.991 at N = 10 down to 0.087 at N = 500) are those of sums
 *   whose skewness is about 0.6/√N and varies little between sums. Three choices give that:
 *   (1) levels concentrated in 0.01–0.05 and a small `scatter` (0.12), so no few tasks dominate a
 *   sum's variance (with log-spreads of 0.5–1 and scatter 0.3, sums of 10–50 were often nearly
 *   Gaussian while sums of 250–500 were not: the curve came out too flat); (2) shapes whose third
 *   cumulant is about the same for small and large tasks: skewed (exponential-like, on/off) when
 *   small, two-level or uniform (nearly symmetric) when large; (3) an inst noise that is a busy or
 *   idle second (see generator.ts) rather than a multiplicative one, which skewed every task.
 *   Left-skewed classes ("busy with dips", "at a limit") stay few: a few strongly left-skewed
 *   tasks make sums of 10–50 cancel to near-Gaussian.
 * - The fall of the rate from N = 100 to 500 (the paper's 0.493, 0.183, 0.087) is steeper than the
 *   1/√N fading of a common skewness allows (that gives about 0.5, 0.23, 0.13). What steepens it is
 *   one rare class, "large, busy with dips" (0.6 % of tasks, levels 0.11–0.34 for 90 % of them):
 *   each such task has the variance of some 5–30 ordinary ones and a third cumulant of the opposite
 *   sign, many times an ordinary task's. A sum of 10–30 tasks holding one is left-skewed (still
 *   rejected); from about N = 50 one of them cancels the others' skew, and the share of sums
 *   holding one (25 % at N = 50, 44 % at 100, 76 % at 250, 94 % at 500) grows just as the remaining
 *   skew fades. The spread of their levels lets each N meet tasks large enough to cancel its sums'.
 * - Time invariance (§3.4, about 30 % of tasks differ between two random hours): 70 % of tasks
 *   have their windows ordered along a slow latent; this changes no distribution above.
 * - Durations: at least 24 records (the paper's long tasks), median about 96, some above 1,000 (Fig. 1
 *   has k up to 1,000), capped at the trace's 29 days (8,352 records).
 * Class names follow the paper's description of its 16 k-means centroids (§3.5): almost always 0,
 * exponential-like, and mixed (the 17th, large class is ours, for the shape above); weights are
 * relative.
 */

export type Family =
  /** Gamma: exponential-like at CV ≈ 1, unimodal below. */
  | { readonly kind: 'gamma' }
  /** Uniform around the level (symmetric and steady); two modes when the CV is above 1/√3. */
  | { readonly kind: 'uniform'; readonly modeShape: number }
  /** 0, or busy at a level spread as Gamma(onShape): the paper's "almost always 0" tasks. */
  | { readonly kind: 'onOff'; readonly onShape: number }
  /** Two modes (the high one with probability `high`), each spread as Gamma(modeShape). */
  | { readonly kind: 'twoLevel'; readonly high: number; readonly modeShape: number }
  /** Up against a limit with a long left tail: level·(2 − Gamma), skewed to the left. */
  | { readonly kind: 'capped' }
  /** Busy most of the time, with idle dips to 0: skewed to the left. */
  | { readonly kind: 'dips'; readonly modeShape: number };

export interface ShapeClass {
  readonly name: string;
  /** Relative share of tasks. */
  readonly weight: number;
  /** The task's mean usage: LogNormal with this median and log-standard deviation. */
  readonly level: { readonly median: number; readonly spread: number };
  readonly family: Family;
}

export interface SyntheticParams {
  readonly classes: readonly ShapeClass[];
  readonly minLevel: number;
  readonly maxLevel: number;
  /** Target σ per task: intercept + slope·μ, for the avg and the inst series (GPA paper §3.3). */
  readonly trend: {
    readonly inst: { readonly slope: number; readonly intercept: number };
    readonly avg: { readonly slope: number; readonly intercept: number };
  };
  /** Log-standard deviation of the per-task factor on both target σ (scatter around the lines). */
  readonly scatter: number;
  /** Records (5-minute windows) per task: min + median·LogNormal(0, spread), clamped to [min, max]. */
  readonly duration: {
    readonly min: number;
    readonly median: number;
    readonly spread: number;
    readonly max: number;
  };
  /** Share of tasks whose windows are reordered along a slow latent (non-stationary, §3.4). */
  readonly drift: {
    readonly share: number;
    readonly persistence: number;
    readonly coupling: number;
  };
}

/** The class mixture before the global knobs of fit.ts are applied. */
export const BASE_PARAMS: SyntheticParams = {
  classes: [
    {
      name: 'almost always 0',
      weight: 0.03,
      level: { median: 0.0024, spread: 0.4 },
      family: { kind: 'onOff', onShape: 20 },
    },
    {
      name: 'almost always 0, rare bursts',
      weight: 0.015,
      level: { median: 0.0016, spread: 0.4 },
      family: { kind: 'onOff', onShape: 4 },
    },
    {
      name: 'almost always 0, frequent bursts',
      weight: 0.02,
      level: { median: 0.0042, spread: 0.4 },
      family: { kind: 'onOff', onShape: 8 },
    },
    {
      name: 'exponential-like, small',
      weight: 0.04,
      level: { median: 0.0122, spread: 0.4 },
      family: { kind: 'gamma' },
    },
    {
      name: 'exponential-like, medium',
      weight: 0.035,
      level: { median: 0.0179, spread: 0.4 },
      family: { kind: 'gamma' },
    },
    {
      name: 'on/off',
      weight: 0.09,
      level: { median: 0.0122, spread: 0.4 },
      family: { kind: 'twoLevel', high: 0.5, modeShape: 30 },
    },
    {
      name: 'mostly idle, sometimes busy',
      weight: 0.04,
      level: { median: 0.0122, spread: 0.4 },
      family: { kind: 'twoLevel', high: 0.3, modeShape: 30 },
    },
    {
      name: 'skewed, medium',
      weight: 0.04,
      level: { median: 0.0244, spread: 0.4 },
      family: { kind: 'gamma' },
    },
    {
      name: 'medium, two levels',
      weight: 0.11,
      level: { median: 0.0244, spread: 0.4 },
      family: { kind: 'twoLevel', high: 0.47, modeShape: 30 },
    },
    {
      name: 'high mode now and then',
      weight: 0.07,
      level: { median: 0.0244, spread: 0.4 },
      family: { kind: 'twoLevel', high: 0.4, modeShape: 30 },
    },
    {
      name: 'medium, steady',
      weight: 0.12,
      level: { median: 0.0282, spread: 0.4 },
      family: { kind: 'uniform', modeShape: 30 },
    },
    {
      name: 'busy with dips',
      weight: 0.03,
      level: { median: 0.0329, spread: 0.4 },
      family: { kind: 'dips', modeShape: 40 },
    },
    {
      name: 'at a limit',
      weight: 0.03,
      level: { median: 0.0367, spread: 0.4 },
      family: { kind: 'capped' },
    },
    {
      name: 'higher, two levels',
      weight: 0.08,
      level: { median: 0.0414, spread: 0.3 },
      family: { kind: 'twoLevel', high: 0.47, modeShape: 30 },
    },
    {
      name: 'higher, steady',
      weight: 0.08,
      level: { median: 0.0414, spread: 0.3 },
      family: { kind: 'uniform', modeShape: 30 },
    },
    {
      name: 'higher, wide',
      weight: 0.05,
      level: { median: 0.0489, spread: 0.3 },
      family: { kind: 'twoLevel', high: 0.45, modeShape: 30 },
    },
    {
      name: 'large, busy with dips',
      weight: 0.02,
      level: { median: 0.2, spread: 0.45 },
      family: { kind: 'dips', modeShape: 40 },
    },
  ],
  minLevel: 5e-4,
  maxLevel: 0.6,
  trend: { inst: { slope: 0.36, intercept: 0.015 }, avg: { slope: 0.31, intercept: 0.01 } },
  scatter: 0.12,
  duration: { min: 24, median: 72, spread: 1.2, max: 8352 },
  drift: { share: 0.7, persistence: 0.99, coupling: 0.98 },
};

/**
 * The knobs after the class "large, busy with dips" was added (see the header): the first round's
 * Nelder–Mead knobs (`npx tsx scripts/fitSynthetic.ts`, seed 1, pool 10,000, R = 10,000, 1,000
 * sums per N) for spread, scatter and the symmetric classes; `leftWeight` (which also sets the
 * large class's share) and `levelScale` chosen by hand on the same sizes over seeds 1, 2 and 3, so
 * that the fit is centred rather than tuned to seed 1 (BENCHMARKS.md, "Synthetic workload against
 * Table 1").
 */
export const FITTED_KNOBS: SyntheticKnobs = {
  levelScale: 0.965,
  spreadScale: 0.7506,
  scatter: 0.06397,
  symmetricWeight: 1.053,
  leftWeight: 0.25,
  modeShapeScale: 1,
};

/** Global knobs over the class mixture, fitted in fit.ts (`scripts/fitSynthetic.ts`). */
export interface SyntheticKnobs {
  readonly levelScale: number;
  readonly spreadScale: number;
  readonly scatter: number;
  readonly symmetricWeight: number;
  readonly leftWeight: number;
  readonly modeShapeScale: number;
}

export const NEUTRAL_KNOBS: SyntheticKnobs = {
  levelScale: 1,
  spreadScale: 1,
  scatter: 0.12,
  symmetricWeight: 1,
  leftWeight: 1,
  modeShapeScale: 1,
};

const symmetric = (f: Family) => f.kind === 'uniform' || (f.kind === 'twoLevel' && f.high >= 0.45);
const leftSkewed = (f: Family) => f.kind === 'dips' || f.kind === 'capped';

function scaleModes(f: Family, scale: number): Family {
  return f.kind === 'uniform' || f.kind === 'twoLevel'
    ? { ...f, modeShape: f.modeShape * scale }
    : f;
}

/** The mixture `base` with the knobs applied. */
export function applyKnobs(base: SyntheticParams, k: SyntheticKnobs): SyntheticParams {
  return {
    ...base,
    scatter: k.scatter,
    classes: base.classes.map((c) => ({
      ...c,
      weight:
        c.weight *
        (symmetric(c.family) ? k.symmetricWeight : 1) *
        (leftSkewed(c.family) ? k.leftWeight : 1),
      family: scaleModes(c.family, k.modeShapeScale),
      level: { median: c.level.median * k.levelScale, spread: c.level.spread * k.spreadScale },
    })),
  };
}

export const SYNTHETIC_PARAMS: SyntheticParams = applyKnobs(BASE_PARAMS, FITTED_KNOBS);
