/**
 * The price of an SLO (GPA paper §5.2): one instance packed with GPA at a range of ρ, machines and
 * measured q for each (SPEC §6–§7), to show the trade-off and where q leaves ρ.
 */
import { runPacking, type PackParams } from '../experiment.ts';
import { checkRho } from '../fit/entries/gpa.ts';
import type { WorkloadStats } from '../workload.ts';

/** The ρ a lesson slider steps through, log-spaced from 10⁻⁴ to 0.3. */
export const SLO_RHOS = [
  0.0001, 0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.3,
] as const;

export interface SloPoint {
  readonly rho: number;
  readonly mAbs: number;
  readonly mNorm: number;
  readonly m: number;
  readonly q: number;
  /** |E|: a q of 0 means below 1/|E|. */
  readonly evaluated: number;
}

/** Packs `rows` of `stats` with GPA at each ρ, other parameters from `base` (SPEC §6–§7). */
export function sloCurve(
  stats: WorkloadStats,
  rows: Int32Array,
  base: PackParams,
  rhos: readonly number[] = SLO_RHOS,
): SloPoint[] {
  return rhos.map((rho) => {
    checkRho(rho);
    const r = runPacking(stats, rows, { ...base, fit: { kind: 'gpa', rho } });
    return { rho, mAbs: r.mAbs, mNorm: r.mNorm, m: r.m, q: r.q, evaluated: r.evaluated };
  });
}

/** The index of the slider stop nearest to ρ on a log scale. */
export function nearestRho(rho: number, rhos: readonly number[] = SLO_RHOS): number {
  let best = 0;
  rhos.forEach((r, i) => {
    if (Math.abs(Math.log(r / rho)) < Math.abs(Math.log(rhos[best] / rho))) best = i;
  });
  return best;
}
