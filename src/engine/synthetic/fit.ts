/**
 * Fitting the synthetic workload to the paper (SPEC §8): a few global knobs over the class mixture
 * of `params.ts`, chosen by a deterministic Nelder–Mead search on the calibration report so that
 * Table 1 (A–D rejection rates and mean totals of sums of N tasks) and the §3.3 trend lines are met
 * jointly. The knobs act on the whole mixture, so the class shapes and their reasons stay as
 * documented in params.ts:
 * - `levelScale` multiplies every class's median level (mean totals);
 * - `spreadScale` multiplies every class's log-spread of levels (heterogeneity of task sizes);
 * - `scatter` is the per-task log-sd around the trend lines (heterogeneity of σ at a given μ);
 * - `symmetricWeight` multiplies the weights of the nearly symmetric classes (uniform, and two
 *   levels with the high mode at least 45 % of the time), whose non-normality fades as 1/N rather
 *   than 1/√N: it steepens the rejection curve;
 * - `leftWeight` multiplies the weights of the left-skewed classes ("busy with dips", "at a
 *   limit", "large, busy with dips"): their negative third cumulants offset part of the others' in
 *   a sum; the large ones do so only from N ≈ 50 on, which steepens the curve (params.ts);
 * - `modeShapeScale` multiplies the Gamma shape of the modes of the uniform and two-level families:
 *   below 1, each mode is itself skewed, which adds non-normality that small sums show.
 */
import { PAPER_TABLE1, PAPER_TRENDS } from '../analysis/paper.ts';
import { FIT_BANDS, type PaperMatchReport } from './paperMatch.ts';
import type { SyntheticKnobs } from './params.ts';

export { NEUTRAL_KNOBS, applyKnobs, type SyntheticKnobs } from './params.ts';

/** Σ of squared misses in units of the bands (≤ 1 per term means inside). */
export function calibrationLoss(r: PaperMatchReport): number {
  let loss = 0;
  for (const row of r.rows) {
    const paper = PAPER_TABLE1.find((p) => p.n === row.n)!;
    loss += ((row.measured.rejectionRate - paper.rejectionRate) / FIT_BANDS.rejectionRate) ** 2;
    const rel = row.measured.meanTotal / paper.meanTotal - 1;
    loss += (rel / FIT_BANDS.meanTotal) ** 2;
  }
  for (const t of r.trends) {
    const paper = PAPER_TRENDS[t.series];
    loss += ((t.measured.slope - paper.slope) / FIT_BANDS.slope) ** 2;
    loss += ((t.measured.intercept - paper.intercept) / FIT_BANDS.intercept) ** 2;
  }
  return loss;
}

const KEYS = [
  'levelScale',
  'spreadScale',
  'scatter',
  'symmetricWeight',
  'leftWeight',
  'modeShapeScale',
] as const;
const toVector = (k: SyntheticKnobs) => KEYS.map((key) => Math.log(k[key]));
const toKnobs = (v: readonly number[]): SyntheticKnobs =>
  Object.fromEntries(KEYS.map((key, i) => [key, Math.exp(v[i])])) as unknown as SyntheticKnobs;

interface FitStep {
  readonly knobs: SyntheticKnobs;
  readonly loss: number;
}

/**
 * Nelder–Mead on the log-knobs from `start` (initial steps `step` in log units), at most
 * `evaluations` calls of `loss`; deterministic. Returns the best knobs seen and every step.
 */
export function fitKnobs(
  loss: (k: SyntheticKnobs) => number,
  start: SyntheticKnobs,
  evaluations: number,
  step = 0.25,
): { best: FitStep; steps: FitStep[] } {
  const steps: FitStep[] = [];
  const f = (v: number[]) => {
    const knobs = toKnobs(v);
    const value = loss(knobs);
    steps.push({ knobs, loss: value });
    return value;
  };
  const dim = KEYS.length;
  const x0 = toVector(start);
  let simplex = [x0, ...KEYS.map((_, i) => x0.map((x, j) => (i === j ? x + step : x)))];
  let values = simplex.map(f);
  while (steps.length < evaluations) {
    const order = values.map((_, i) => i).sort((a, b) => values[a] - values[b]);
    simplex = order.map((i) => simplex[i]);
    values = order.map((i) => values[i]);
    const centroid = x0.map((_, j) => simplex.slice(0, dim).reduce((s, p) => s + p[j], 0) / dim);
    const worst = simplex[dim];
    const along = (t: number) => centroid.map((c, j) => c + t * (worst[j] - c));
    const reflected = along(-1);
    const fr = f(reflected);
    if (fr < values[0]) {
      const expanded = along(-2);
      const fe = f(expanded);
      [simplex[dim], values[dim]] = fe < fr ? [expanded, fe] : [reflected, fr];
    } else if (fr < values[dim - 1]) {
      [simplex[dim], values[dim]] = [reflected, fr];
    } else {
      const contracted = fr < values[dim] ? along(-0.5) : along(0.5);
      const fc = f(contracted);
      if (fc < Math.min(fr, values[dim])) {
        [simplex[dim], values[dim]] = [contracted, fc];
      } else {
        for (let i = 1; i <= dim; i++) {
          simplex[i] = simplex[i].map((x, j) => simplex[0][j] + 0.5 * (x - simplex[0][j]));
          values[i] = f(simplex[i]);
        }
      }
    }
  }
  const best = steps.reduce((a, b) => (b.loss < a.loss ? b : a));
  return { best, steps };
}
