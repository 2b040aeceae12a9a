/**
 * The adapted bin-packing policies of the semi-online paper (§2.1 of semionline-notes): each walks
 * the batch in task order over the machines sorted by l_m decreasing, and opens a new machine when
 * no active machine fits. FMF is in fmf.ts.
 */
import type { BatchTask, Machine, PolicyContext } from './context.ts';
import { firstMergedFit } from './fmf.ts';
import { firstFitting, fitsOn } from './fit.ts';
import type { Policy } from './types.ts';

export type { PolicyMemory } from './context.ts';

type Score = 'bfr' | 'bfd' | 'mrr' | 'mrd';

function score(kind: Score, capacity: number, m: Machine, t: BatchTask, apart: boolean): number {
  switch (kind) {
    case 'bfr':
      return capacity - m.q - t.q;
    case 'bfd':
      return apart ? Math.abs(m.scoreL! - t.scoreR!) : Math.abs(m.l - t.r);
    case 'mrr':
      return -(capacity - m.q - t.q);
    case 'mrd':
      return apart ? -Math.abs(m.scoreL! - t.scoreR!) : -Math.abs(m.l - t.r);
  }
}

/** Picks, among machines that fit, the one with the lowest score (first in order on ties). */
function bestBy(ctx: PolicyContext, kind: Score): void {
  const capacity = ctx.capacity;
  const limit = ctx.hardLimit;
  const apart = ctx.scoreApart === true;
  for (const t of ctx.batch) {
    const ms = ctx.machines;
    let best: Machine | null = null;
    let bestScore = Infinity;
    for (let k = 0; k < ms.length; k++) {
      const m = ms[k];
      if (limit !== undefined ? m.q + t.q > limit : !fitsOn(ctx, m, t)) continue;
      const s = score(kind, capacity, m, t, apart);
      if (s < bestScore) {
        best = m;
        bestScore = s;
      }
    }
    if (best) ctx.put(t, best);
    else ctx.open(t);
  }
}

function firstFit(ctx: PolicyContext): void {
  for (const t of ctx.batch) {
    const k = firstFitting(ctx, t);
    if (k >= 0) ctx.put(t, ctx.machines[k]);
    else ctx.open(t);
  }
}

/**
 * NF: a cyclic pointer over the active machines, kept across windows (paper §4.2.2: "the position of
 * the pointer is maintained across the successive optimisation steps"). 'machine' (default): the
 * pointer follows the machine last used wherever the l_m order puts it; 'position': it stays at a
 * place in the list, which the next window re-sorts (another reading of "position").
 */
function nextFit(ctx: PolicyContext, pointer: NextFitPointer): void {
  const ms = ctx.machines;
  for (const t of ctx.batch) {
    let at =
      pointer === 'position'
        ? ctx.memory.nextFit
        : ms.findIndex((m) => m.id === ctx.memory.nextFit);
    if (at < 0 || at >= ms.length) at = 0;
    let placed = false;
    for (let k = 0; k < ms.length; k++) {
      const j = (at + k) % ms.length;
      if (fitsOn(ctx, ms[j], t)) {
        ctx.put(t, ms[j]);
        ctx.memory.nextFit = pointer === 'position' ? j : ms[j].id;
        placed = true;
        break;
      }
    }
    if (!placed) {
      const m = ctx.open(t);
      ctx.memory.nextFit = pointer === 'position' ? ms.length - 1 : m.id;
    }
  }
}

/** Where NF's pointer points between windows (see `nextFit`). */
type NextFitPointer = 'machine' | 'position';

/** B: gap classes ⌊B·gap/c⌋ of SS (SPEC §12; the authors' code uses 10). */
export const SS_CLASSES = 10;

/** Gap class of a spare capacity: ⌊B·gap/c⌋ in [0, B] (0: full; B: only an empty machine). */
export function gapClass(gap: number, capacity: number): number {
  return Math.max(0, Math.min(SS_CLASSES, Math.floor((SS_CLASSES * gap) / capacity)));
}

/**
 * How SS scores a machine: 'paper' — the change of Σ_{1≤g≤B} N(g)² when the machine moves from its
 * gap class to its new one (semi-online paper, §4.2: "SS assigns an item a of size q_a such that the
 * quantity Σ_{1≤g≤B} N(g)² is minimised"); 'authors' — their code's score, N(new class) with class 0
 * free, which adds the +1 of the new class without the −1 of the old one.
 */
export type SumOfSquaresRule = 'paper' | 'authors';

/** Σ_{1≤g≤B} N(g)² after moving one machine from class `from` to class `to` minus before. */
export function sumOfSquaresChange(count: Int32Array, from: number, to: number): number {
  if (from === to) return 0;
  const enter = to >= 1 ? 2 * count[to] + 1 : 0;
  const leave = from >= 1 ? 1 - 2 * count[from] : 0;
  return enter + leave;
}

/**
 * SS (Csirik et al.): each task goes to the fitting machine with the lowest score (first in machine
 * order on ties); a new machine only when none fits, as every adapted policy (semionline-notes §2.1).
 */
function sumOfSquares(ctx: PolicyContext, rule: SumOfSquaresRule): void {
  const c = ctx.capacity;
  const cls = (m: Machine, extra: number) => gapClass(c - m.q - extra, c);
  const limit = ctx.hardLimit;
  const count = new Int32Array(SS_CLASSES + 1);
  for (const m of ctx.machines) count[cls(m, 0)]++;
  for (const t of ctx.batch) {
    let best: Machine | null = null;
    let bestScore = Infinity;
    for (const m of ctx.machines) {
      if (limit !== undefined ? m.q + t.q > limit : !fitsOn(ctx, m, t)) continue;
      const g = cls(m, t.q);
      const s = rule === 'paper' ? sumOfSquaresChange(count, cls(m, 0), g) : g === 0 ? 0 : count[g];
      if (s < bestScore) {
        best = m;
        bestScore = s;
      }
    }
    const m = best ?? ctx.open(t);
    if (best) {
      count[cls(m, 0)]--;
      ctx.put(t, m);
    }
    count[cls(m, 0)]++;
  }
}

/**
 * HA (Lee & Lee) on remaining duration, as adapted by the paper: a = r / max r of the batch; with K
 * machines at solving time (l_m decreasing), interval k = (1/(k+1), 1/k] belongs to machine k, the
 * last one is (0, 1/K]. The item goes to its interval's machine if it fits, else to a new machine that
 * becomes the interval's. With no machine, K = 1.
 */
function harmonic(ctx: PolicyContext): void {
  const K = Math.max(1, ctx.machines.length);
  // Interval k's machine: ctx.machines[k − 1] until the batch gives the interval a new one.
  const replaced = new Map<number, Machine>();
  const ownerOf = (k: number) => replaced.get(k) ?? ctx.machines[k - 1] ?? null;
  let rMax = 0;
  for (const t of ctx.batch) rMax = Math.max(rMax, t.r);
  for (const t of ctx.batch) {
    const a = rMax > 0 ? t.r / rMax : 1;
    const k = a > 0 ? Math.min(K, Math.max(1, Math.floor(1 / a))) : K;
    const m = ownerOf(k);
    if (m && fitsOn(ctx, m, t)) ctx.put(t, m);
    else replaced.set(k, ctx.open(t));
  }
}

/** Places the batch with a policy (semionline-notes §2). */
export function runPolicy(
  policy: Policy,
  ctx: PolicyContext,
  ss: SumOfSquaresRule = 'paper',
  nf: NextFitPointer = 'machine',
): void {
  switch (policy) {
    case 'ff':
      return firstFit(ctx);
    case 'nf':
      return nextFit(ctx, nf);
    case 'bfr':
      return bestBy(ctx, 'bfr');
    case 'bfd':
      return bestBy(ctx, 'bfd');
    case 'mrr':
      return bestBy(ctx, 'mrr');
    case 'mrd':
      return bestBy(ctx, 'mrd');
    case 'ss':
      return sumOfSquares(ctx, ss);
    case 'ha':
      return harmonic(ctx);
    case 'fmf':
      return firstMergedFit(ctx);
  }
}
