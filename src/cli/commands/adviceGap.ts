/**
 * Where the machines a tuned candidate takes above the ex-post oracle come from (`advice-report`).
 * For a candidate family tuned on the learned part, three packings each knowing one thing more
 * than the last telescope from its count down to the oracle's:
 *
 * - the family at the knob chosen ex post (the tuner's rule applied to the judged part), packed
 *   on the learned part: pick − this is the cost of not knowing the knob (the folds' caution);
 * - the family at the knob chosen in sample on the judged part, packed on the judged part:
 *   ex post − this is the cost of packing on the past instead of the future (the level and shape
 *   the judged part holds and the learned one does not; the oracle sees it, no learner can);
 * - the oracle, emp:0.01 packed on the judged part: in sample − oracle is the family's form
 *   (what its predictor wastes against the empirical test when both know the future).
 *
 * Beside them, per history, two things the oracle itself depends on: its packer (the same test
 * on the judged part by First Fit and by the decreasing orders) and the price of no overflow at
 * all on the judged part (the strictest reading a learner could be held to: even there the 95 %
 * bound of a two-day part stays above 0.01, `docs/advice.md`).
 */
import {
  formatFit,
  judgeMachines,
  packAligned,
  FAMILY_INFO,
  familySpec,
  type AlignedTuneResult,
  type FitSpec,
  type MachineSlo,
  type RealizationMatrix,
} from '../../engine/index.ts';

export const TARGET = 0.01;
export const PACK = { packer: 'bf', capacity: 1, rebalance: 5 } as const;
const ORACLE_FIT = { kind: 'emp', rho: TARGET } as const;
/** The empirical test allowing no overflow on any judged instant (ρ below 1 / instants). */
const NO_OVERFLOW_FIT = { kind: 'emp', rho: 1e-6 } as const;
const OTHER_PACKERS = ['ff', 'ffd', 'bfd'] as const;

/** A packing judged per machine. */
export interface Judged {
  readonly label: string;
  readonly machines: number;
  readonly judged: MachineSlo;
}

/** The parts a learner's history is cut into. */
interface Parts {
  readonly learn: RealizationMatrix;
  readonly judge: RealizationMatrix;
}

export const judgedPacking = (
  fit: FitSpec,
  packOn: RealizationMatrix,
  judgeOn: RealizationMatrix,
  packer: (typeof PACK)['packer'] | (typeof OTHER_PACKERS)[number] = PACK.packer,
): Judged => {
  const machines = packAligned(packOn, fit, { ...PACK, packer });
  return {
    label: formatFit(fit),
    machines: machines.length,
    judged: judgeMachines(machines, judgeOn, 1, TARGET),
  };
};

/**
 * The family's knob as the tuner's rule chooses it against `judgeOn` (the most aggressive grid
 * value from which on every more conservative one keeps every machine at q* there), packed on
 * `packOn`; null when no value holds.
 */
function knobAgainst(
  family: string,
  packOn: RealizationMatrix,
  judgeOn: RealizationMatrix,
): Judged | null {
  let best: Judged | null = null;
  for (const value of [...FAMILY_INFO[family].grid].reverse()) {
    const j = judgedPacking(familySpec(family, value), packOn, judgeOn);
    if (j.judged.worst > TARGET) break;
    best = j;
  }
  return best;
}

/** One tuned candidate's machines, split as the file's comment says. */
export interface CandidateGap {
  readonly family: string;
  readonly label: string;
  readonly machines: number;
  /** Its family at the knob chosen ex post, packed on the learned part. */
  readonly hindsight: Judged | null;
  /** Its family at the knob chosen on the judged part, packed on it. */
  readonly inSample: Judged | null;
}

/** What the oracle itself depends on. */
export interface OracleGap {
  readonly oracle: number;
  readonly packers: readonly { readonly packer: string; readonly machines: number }[];
  readonly noOverflow: Judged | null;
}

export function candidateGap(p: Parts, tuned: AlignedTuneResult): CandidateGap | null {
  if (!tuned.fit) return null;
  return {
    family: tuned.family,
    label: formatFit(tuned.fit),
    machines: tuned.machines.length,
    hindsight: knobAgainst(tuned.family, p.learn, p.judge),
    inSample: knobAgainst(tuned.family, p.judge, p.judge),
  };
}

/** The oracle, and with `split` what it depends on (else no other packers, no `noOverflow`). */
export function oracleGap(p: Parts, split = true): OracleGap {
  const oracle = packAligned(p.judge, ORACLE_FIT, PACK).length;
  if (!split) return { oracle, packers: [], noOverflow: null };
  return {
    oracle,
    packers: OTHER_PACKERS.map((packer) => ({
      packer,
      machines: judgedPacking(ORACLE_FIT, p.judge, p.judge, packer).machines,
    })),
    noOverflow: judgedPacking(NO_OVERFLOW_FIT, p.judge, p.judge),
  };
}

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

/** The candidate's row: machines, then each part in machines (the parts sum to pick − oracle). */
export function candidateGapRow(title: string, g: CandidateGap, oracle: number): string {
  const head = `| ${title} | ${g.family} | ${g.label}: ${g.machines} | ${signed(g.machines - oracle)}`;
  const h = g.hindsight;
  const s = g.inSample;
  if (!h || !s)
    return `${head} | ${h ? `${h.label}: ${signed(g.machines - h.machines)}` : 'no value holds ex post'} | | ${s ? `${s.label}: ${signed(s.machines - oracle)}` : ''} |`;
  return `${head} | ${h.label}: ${signed(g.machines - h.machines)} | ${signed(h.machines - s.machines)} | ${s.label}: ${signed(s.machines - oracle)} |`;
}

export function oracleGapRow(title: string, g: OracleGap, f4: (v: number) => string): string {
  const packers = g.packers.map((p) => `${p.packer} ${p.machines}`).join(', ');
  const n = g.noOverflow;
  if (!n) return `| ${title} | ${g.oracle} | | |`;
  return `| ${title} | ${g.oracle} | ${packers} | ${n.machines} (${signed(n.machines - g.oracle)}), bound ${f4(n.judged.upperWorst)} |`;
}
