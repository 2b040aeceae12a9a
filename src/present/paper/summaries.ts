/**
 * What the packing figures show, from the lab's sweep rows (GPA paper §5): per fit test (and
 * condition) the distribution over instances of m, m_abs, q, GPA's relative error and the gain from
 * rebalancing. Pure functions: the views, the command line and the tests read the same numbers.
 */
import {
  boxStats,
  fitFamily,
  formatFit,
  splitColumns,
  type BoxStats,
  type FitSpec,
  type SweepRow,
  gaussianRho,
} from '../../engine/index.ts';
import type { LabSweep } from '../../engine/analysis/index.ts';

export interface FitSummary {
  readonly fit: string;
  readonly family: string;
  readonly parameter: number;
  readonly instances: number;
  readonly m: BoxStats;
  readonly mAbs: BoxStats;
  readonly q: BoxStats;
  readonly meanM: number;
  readonly meanMAbs: number;
  readonly meanQ: number;
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/** Rows grouped by fit test, in the order the fits first appear. */
function byFit(rows: readonly SweepRow[]): Map<string, SweepRow[]> {
  const groups = new Map<string, SweepRow[]>();
  for (const r of rows) {
    const key = formatFit(r.params.fit);
    const list = groups.get(key);
    if (list) list.push(r);
    else groups.set(key, [r]);
  }
  return groups;
}

/** Per fit test: m, m_abs and q over the instances. */
export function fitSummaries(rows: readonly SweepRow[]): FitSummary[] {
  return [...byFit(rows).entries()].map(([fit, rs]) => {
    const { family, parameter } = fitFamily(rs[0].params.fit);
    const m = rs.map((r) => r.m);
    const mAbs = rs.map((r) => r.mAbs);
    const q = rs.map((r) => r.q);
    return {
      fit,
      family,
      parameter,
      instances: rs.length,
      m: boxStats(m),
      mAbs: boxStats(mAbs),
      q: boxStats(q),
      meanM: mean(m),
      meanMAbs: mean(mAbs),
      meanQ: mean(q),
    };
  });
}

/** |E|, the evaluation columns of a sweep (SPEC §3): q below 1/|E| reads 0. */
export function evaluated(realizations: number, clairvoyance: number): number {
  const s = splitColumns(realizations, clairvoyance);
  return s.evaluateEnd - s.evaluateStart;
}

/** The rows of one fit test in the sweep matching `where`, or [] when no sweep has them. */
export function rowsOf(
  sweeps: readonly LabSweep[],
  fit: FitSpec | string,
  where: Partial<Pick<SweepRow['params'], 'capacity' | 'clairvoyance' | 'source' | 'rebalance'>>,
): SweepRow[] {
  const key = typeof fit === 'string' ? fit : formatFit(fit);
  for (const s of sweeps) {
    const ok = Object.entries(where).every(
      ([k, v]) => (s.spec as unknown as Record<string, unknown>)[k] === v,
    );
    if (!ok || !s.spec.fits.some((f) => formatFit(f) === key)) continue;
    return s.rows.filter((r) => formatFit(r.params.fit) === key);
  }
  return [];
}

export interface RelErrorSummary {
  readonly rho: number;
  readonly fit: string;
  /** (q − ρ)/ρ over the instances. */
  readonly error: BoxStats;
  readonly meanQ: number;
  readonly meanError: number;
}

/** Fig. 9: GPA's relative error (q − ρ)/ρ per ρ (SPEC §7). */
export function gpaErrors(rows: readonly SweepRow[]): RelErrorSummary[] {
  return [...byFit(rows.filter((r) => gaussianRho(r.params.fit) !== null)).entries()]
    .map(([fit, rs]) => {
      const rho = gaussianRho(rs[0].params.fit)!;
      const meanQ = mean(rs.map((r) => r.q));
      return {
        rho,
        fit,
        error: boxStats(rs.map((r) => (r.q - rho) / rho)),
        meanQ,
        meanError: (meanQ - rho) / rho,
      };
    })
    .sort((a, b) => b.rho - a.rho);
}

export interface SourceComparison {
  readonly fit: string;
  readonly family: string;
  readonly qInst: number;
  readonly qAvg: number;
  /** q from avg estimates ÷ q from inst estimates (NaN when inst q is 0). */
  readonly ratio: number;
}

/** Fig. 10: mean q with estimates from inst and from avg, per fit test. */
export function sourceComparison(sweeps: readonly LabSweep[]): SourceComparison[] {
  const inst = sweeps.find((s) => s.spec.source === 'inst');
  const avg = sweeps.find((s) => s.spec.source === 'avg');
  if (!inst || !avg) return [];
  const a = byFit(avg.rows);
  return [...byFit(inst.rows).entries()].map(([fit, rs]) => {
    const qInst = mean(rs.map((r) => r.q));
    const qAvg = mean((a.get(fit) ?? []).map((r) => r.q));
    return {
      fit,
      family: fitFamily(rs[0].params.fit).family,
      qInst,
      qAvg,
      ratio: qInst > 0 ? qAvg / qInst : NaN,
    };
  });
}

export interface ConditionSummary {
  readonly fit: string;
  readonly value: number;
  readonly rebalance: number;
  readonly q: BoxStats;
  readonly meanQ: number;
  readonly meanM: number;
  readonly evaluated: number;
}

/** Figs. 11–12: q per fit test as one condition (capacity or clairvoyance) varies. */
export function byCondition(
  sweeps: readonly LabSweep[],
  fits: readonly FitSpec[],
  condition: 'capacity' | 'clairvoyance',
  values: readonly number[],
  rebalance: readonly number[],
  realizations: number,
): ConditionSummary[] {
  const out: ConditionSummary[] = [];
  for (const fit of fits)
    for (const rb of rebalance)
      for (const value of values) {
        const rs = rowsOf(sweeps, fit, { [condition]: value, rebalance: rb, source: 'inst' });
        if (!rs.length) continue;
        const kappa = condition === 'clairvoyance' ? value : rs[0].params.clairvoyance;
        out.push({
          fit: formatFit(fit),
          value,
          rebalance: rb,
          q: boxStats(rs.map((r) => r.q)),
          meanQ: mean(rs.map((r) => r.q)),
          meanM: mean(rs.map((r) => r.m)),
          evaluated: evaluated(realizations, kappa),
        });
      }
  return out;
}

export interface GainSummary {
  readonly fit: string;
  readonly family: string;
  /** (q_off − q_on)/q_off over the instances whose q_off > 0. */
  readonly gain: BoxStats;
  readonly meanGain: number;
  readonly instances: number;
  readonly meanQOn: number;
  readonly meanQOff: number;
}

/** Fig. 13: relative decrease of q from rebalancing, per fit test (q_off = 0 left out). */
export function rebalancingGains(sweeps: readonly LabSweep[], fits: readonly FitSpec[]) {
  const out: GainSummary[] = [];
  for (const fit of fits) {
    const on = rowsOf(sweeps, fit, { capacity: 1, clairvoyance: 1, rebalance: 5, source: 'inst' });
    const off = rowsOf(sweeps, fit, { capacity: 1, clairvoyance: 1, rebalance: 0, source: 'inst' });
    const offBy = new Map(off.map((r) => [r.instance, r.q]));
    const gains: number[] = [];
    for (const r of on) {
      const qOff = offBy.get(r.instance);
      if (qOff !== undefined && qOff > 0) gains.push((qOff - r.q) / qOff);
    }
    if (!gains.length) continue;
    out.push({
      fit: formatFit(fit),
      family: fitFamily(fit).family,
      gain: boxStats(gains),
      meanGain: mean(gains),
      instances: gains.length,
      meanQOn: mean(on.map((r) => r.q)),
      meanQOff: mean(off.map((r) => r.q)),
    });
  }
  return out;
}
