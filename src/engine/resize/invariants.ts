/**
 * VISBP's invariants (visbp-notes.md §2.5–§2.6), checked after an event: Lemma 1 (no LS-bin, only
 * the bin types of Def 3), Lemma 2 (a T-bin ⇒ no L-bin and every LT gap < 1/3), Lemma 3 (≤ 1
 * S-bin, ≤ 1 unfilled T-bin), Def 4 groups and Lemma 7 (≤ 5 groups), no bin over capacity, loads
 * equal to the items' sizes, and the event's movements within Theorem 2 / Table 1.
 */
import { exceeds } from '../capacity.ts';
import { THIRD, type Bin } from './bins.ts';
import type { EventKind, Visbp } from './visbp.ts';
import { CHANGE_BOUND, INSERT_BOUND } from './visbp.ts';

const EPS = 1e-9;

export interface CheckedEvent {
  readonly kind: EventKind;
  readonly from: number;
  readonly to: number;
}

/** Every violated invariant, as one readable line each (empty when all hold). */
export function visbpViolations(v: Visbp, event?: CheckedEvent): string[] {
  const st = v.store;
  const out: string[] = [];
  let sBins = 0;
  let utBins = 0;
  let tBins = 0;
  let ullt = 0;
  for (const b of st.live) {
    const type = st.typeOf(b);
    const where = `bin ${b.id} (${type})`;
    if (type === 'LS' || type === 'invalid') out.push(`${where}: not a VISBP bin type`);
    if (b.big.length + b.groups.length === 0) out.push(`${where}: empty but open`);
    if (type === 'S') sBins++;
    if (type === 'UT') utBins++;
    if (type === 'T' || type === 'UT') tBins++;
    if (st.isULLT(b)) ullt++;
    checkLoad(v, b, where, out);
    checkGroups(v, b, where, out);
  }
  if (sBins > 1) out.push(`${sBins} S-bins (Lemma 3 allows 1)`);
  if (utBins > 1) out.push(`${utBins} unfilled T-bins (Lemma 3 allows 1)`);
  if (tBins > 0 && ullt > 0) out.push(`${ullt} L/LT-bins with gap ≥ 1/3 beside a T-bin (Lemma 2)`);
  if (event) {
    const bound =
      event.kind === 'insert'
        ? INSERT_BOUND
        : event.kind === 'change'
          ? CHANGE_BOUND[event.from][event.to]
          : Infinity;
    if (v.lastMoves > bound)
      out.push(
        `${event.kind} ${event.from}→${event.to}: ${v.lastMoves} movements > bound ${bound}`,
      );
  }
  return out;
}

function checkLoad(v: Visbp, b: Bin, where: string, out: string[]): void {
  const st = v.store;
  let sum = 0;
  for (const x of b.big) {
    sum += st.size[x];
    if (st.binOf[x] !== b) out.push(`${where}: item ${x} thinks it is elsewhere`);
  }
  for (const g of b.groups)
    for (const x of g.items) {
      sum += st.size[x];
      if (st.binOf[x] !== b) out.push(`${where}: item ${x} thinks it is elsewhere`);
      if (st.groupOf[x] !== g) out.push(`${where}: item ${x} has a stale group`);
    }
  if (Math.abs(sum - b.load) > EPS) out.push(`${where}: load ${b.load} ≠ Σ sizes ${sum}`);
  if (!v.hotTest && exceeds(b.load, 1)) out.push(`${where}: load ${b.load} over capacity`);
}

function checkGroups(v: Visbp, b: Bin, where: string, out: string[]): void {
  const st = v.store;
  const gs = b.groups;
  if (gs.length > 5) out.push(`${where}: ${gs.length} groups (Lemma 7 allows 5)`);
  for (const g of gs) {
    let sum = 0;
    for (const x of g.items) sum += st.size[x];
    if (Math.abs(sum - g.size) > EPS) out.push(`${where}: group size ${g.size} ≠ ${sum}`);
    if (g.size > THIRD + EPS) out.push(`${where}: group of ${g.size} > 1/3 (Def 4)`);
    if (g.items.length === 0) out.push(`${where}: empty group`);
  }
  for (let i = 0; i < gs.length; i++)
    for (let j = i + 1; j < gs.length; j++)
      if (gs[i].size + gs[j].size <= THIRD - EPS)
        out.push(`${where}: two groups sum to ${gs[i].size + gs[j].size} ≤ 1/3 (Def 4)`);
}

/** Throws with every violation when an invariant fails (for tests and a checking mode). */
export function assertVisbp(v: Visbp, event?: CheckedEvent): void {
  const bad = visbpViolations(v, event);
  if (bad.length > 0) throw new Error(`VISBP invariant broken: ${bad.join('; ')}`);
}
