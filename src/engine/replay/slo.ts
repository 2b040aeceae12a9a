/**
 * The SLO per machine. The paper's q is the mean over machines of q_j (every machine judged on as
 * many columns); an SRE's SLO holds on every node. Beside the mean: each machine's q, the worst
 * machine, how many exceed the target, and the 95th percentile of q_j (type 7), so that a target
 * can be "the mean" (the paper's), "every machine" (the worst) or "95 % of machines".
 */
import type { RealizationMatrix } from '../matrix.ts';
import { percentileOfSorted } from '../stats/percentile.ts';
import { fitEntry, type FitSpec } from '../fit/index.ts';
import { machineTotals } from '../metrics/evaluate.ts';
import { BOUND_CONFIDENCE, autocorrelationTime, qUpperBound } from './bound.ts';

export const SLO_SCOPES = ['mean', 'every', 'p95'] as const;
export type SloScope = (typeof SLO_SCOPES)[number];

export interface MachineSlo {
  /** q_j per machine, in opening order. */
  readonly q: readonly number[];
  /** The paper's q: overflows over machines × columns. */
  readonly mean: number;
  readonly worst: number;
  readonly worstMachine: number;
  /** The 95th percentile of q_j. */
  readonly p95: number;
  readonly target: number;
  /** Machines with q_j > target. */
  readonly over: number;
  readonly columns: number;
  /** Per machine, the upper bound on q_j at `BOUND_CONFIDENCE` (`bound.ts`). */
  readonly upper: readonly number[];
  /** Per machine, the independent instants its columns count as (columns / τ). */
  readonly effective: readonly number[];
  readonly upperWorst: number;
  /** Machines whose q_j meets the target but whose bound does not: not shown to hold. */
  readonly unproven: number;
}

/** A machine's verdict: its bound meets the target, only its q_j does, or its q_j misses. */
export type MachineVerdict = 'holds' | 'unproven' | 'misses';

export function machineVerdict(s: MachineSlo, j: number): MachineVerdict {
  return s.q[j] > s.target ? 'misses' : s.upper[j] > s.target ? 'unproven' : 'holds';
}

/**
 * The figures of per-machine overflow counts over `columns` columns. `effective`, per machine, the
 * independent columns they count as; without it every column is one (independent draws).
 */
export function machineSlo(
  overflows: ArrayLike<number>,
  columns: number,
  target: number,
  effective?: ArrayLike<number>,
): MachineSlo {
  const q = Array.from(overflows, (o) => o / columns);
  const eff = Array.from(q, (_, j) => (effective ? effective[j] : columns));
  const upper = q.map((_, j) => qUpperBound(overflows[j], columns, eff[j], BOUND_CONFIDENCE));
  let worstMachine = 0;
  let total = 0;
  q.forEach((v, j) => {
    total += overflows[j];
    if (v > q[worstMachine]) worstMachine = j;
  });
  const sorted = [...q].sort((a, b) => a - b);
  return {
    q,
    mean: q.length ? total / (q.length * columns) : 0,
    worst: q.length ? q[worstMachine] : 0,
    worstMachine,
    p95: q.length ? percentileOfSorted(sorted, 95) : 0,
    target,
    over: q.filter((v) => v > target).length,
    columns,
    upper,
    effective: eff,
    upperWorst: upper.reduce((a, b) => Math.max(a, b), 0),
    unproven: q.filter((v, j) => v <= target && upper[j] > target).length,
  };
}

/** Whether two q differ by more than `factor` (either way; one zero and the other not counts). */
export function differsBy(a: number, b: number, factor = 2): boolean {
  if (a === 0 || b === 0) return a !== b;
  return a > factor * b || b > factor * a;
}

/** The figure a scope reads of a machine SLO (compared with the target). */
export function scopeValue(s: Pick<MachineSlo, 'mean' | 'worst' | 'p95'>, scope: SloScope): number {
  return scope === 'mean' ? s.mean : scope === 'every' ? s.worst : s.p95;
}

/**
 * Machines (pool rows each) judged on every column of `judge`, a matrix of the same tasks (its row r
 * is pool row r) whose columns are consecutive instants: the overflow counts q_j·|judge| and their SLO
 * figures, each machine's bound read from the autocorrelation of its total over time.
 */
export function judgeMachines(
  machines: readonly ArrayLike<number>[],
  judge: RealizationMatrix,
  capacity: number,
  target: number,
): MachineSlo & { readonly overflows: Int32Array } {
  const counts = new Int32Array(machines.length);
  for (const rows of machines)
    for (let k = 0; k < rows.length; k++)
      if (!(rows[k] >= 0 && rows[k] < judge.rows))
        throw new RangeError(
          `the packing places task ${rows[k]}, but the judging matrix has only ${judge.rows} tasks`,
        );
  const totals = new Float64Array(judge.cols);
  const effective = machines.map((rows, j) => {
    counts[j] = machineTotals(judge, rows, 0, judge.cols, capacity, totals);
    return judge.cols / autocorrelationTime(totals, judge.cols);
  });
  return { ...machineSlo(counts, judge.cols, target, effective), overflows: counts };
}

/**
 * The target a packing's per-machine figures are read against when none is given: the fit test's
 * nominal SLO (GPA's ρ, a percentile's 1 − p, …), else 0.01 (the first page's ρ).
 */
export function nominalTarget(fit: FitSpec): number {
  const entry = fitEntry(fit.kind);
  const first = entry?.parameters[0];
  const value = first ? (fit as unknown as Record<string, number>)[first.key] : undefined;
  const nominal = value !== undefined ? entry?.tuning?.nominalSlo(value) : null;
  return nominal ?? 0.01;
}
