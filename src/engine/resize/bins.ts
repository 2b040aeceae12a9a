/**
 * The state VISBP works on (visbp-notes.md §1.3): items with classes T/S/L/B, bins holding
 * non-T items directly and T-items in groups (Def 4), and the primitive moves that count
 * movements (one item or one group) and migrated items separately.
 */

export const THIRD = 1 / 3;
/** Item classes of Def 2 (T tiny, S small, L large, B big), as small integers for the fast path. */
export const TINY = 0;
export const SMALL = 1;
export const LARGE = 2;
export const BIG = 3;
export type ClassCode = 0 | 1 | 2 | 3;
export const CLASS_NAMES = ['T', 'S', 'L', 'B'] as const;
export type ItemClass = (typeof CLASS_NAMES)[number];

/** Def 2: T (0, 1/3], S (1/3, 1/2], L (1/2, 2/3], B (2/3, 1]; size 0 counts as T. */
export function classOf(size: number): ClassCode {
  if (size <= THIRD) return TINY;
  if (size <= 0.5) return SMALL;
  if (size <= 2 / 3) return LARGE;
  return BIG;
}

export interface Group {
  items: number[];
  size: number;
}

export interface Bin {
  readonly id: number;
  /** Position in the live list (swap-remove). */
  slot: number;
  /** The S, L or B items (never T-items). */
  big: number[];
  groups: Group[];
  load: number;
}

/** Def 3 bin types; 'UT' is an unfilled T-bin, 'LS' and 'invalid' only ever come from a bug. */
export type BinType = 'B' | 'L' | 'LT' | 'S' | 'SS' | 'T' | 'UT' | 'LS' | 'invalid';

export interface MoveRecord {
  readonly items: readonly number[];
  readonly from: number;
  readonly to: number;
  readonly group: boolean;
}

export class BinStore {
  readonly size: number[] = [];
  readonly cls: ClassCode[] = [];
  readonly binOf: (Bin | null)[] = [];
  readonly groupOf: (Group | null)[] = [];
  readonly live: Bin[] = [];
  private nextBin = 0;
  /** Movements and migrated items of the current event. */
  moves = 0;
  migrated = 0;
  /** When set, every movement of the current event is recorded (teaching replay). */
  record: MoveRecord[] | null = null;
  /** When set, called with every migrated item (a group move: each of its items). */
  onMigrate: ((item: number) => void) | null = null;

  gap(b: Bin): number {
    return 1 - b.load;
  }

  bigClass(b: Bin, c: ClassCode): number {
    for (const x of b.big) if (this.cls[x] === c) return x;
    return -1;
  }

  isTBin(b: Bin): boolean {
    return b.big.length === 0;
  }

  isUT(b: Bin): boolean {
    return b.big.length === 0 && 1 - b.load >= THIRD;
  }

  /** An L-bin or LT-bin with gap ≥ 1/3. */
  isULLT(b: Bin): boolean {
    return b.big.length === 1 && this.cls[b.big[0]] === LARGE && 1 - b.load >= THIRD;
  }

  isSBin(b: Bin): boolean {
    return b.big.length === 1 && b.groups.length === 0 && this.cls[b.big[0]] === SMALL;
  }

  find(pred: (b: Bin) => boolean, exclude: Bin | null): Bin | null {
    for (const b of this.live) if (b !== exclude && pred.call(this, b)) return b;
    return null;
  }

  findUT(exclude: Bin | null): Bin | null {
    return this.find(this.isUT, exclude);
  }
  findULLT(exclude: Bin | null): Bin | null {
    return this.find(this.isULLT, exclude);
  }
  findS(exclude: Bin | null): Bin | null {
    return this.find(this.isSBin, exclude);
  }
  findTBin(exclude: Bin | null): Bin | null {
    return this.find(this.isTBin, exclude);
  }

  typeOf(b: Bin): BinType {
    let nS = 0;
    let nL = 0;
    let nB = 0;
    for (const x of b.big) {
      const c = this.cls[x];
      if (c === SMALL) nS++;
      else if (c === LARGE) nL++;
      else if (c === BIG) nB++;
      else return 'invalid';
    }
    const t = b.groups.length > 0;
    if (nB > 0) return nB === 1 && b.big.length === 1 && !t ? 'B' : 'invalid';
    if (nL > 0 && nS > 0) return 'LS';
    if (nL === 1) return t ? 'LT' : 'L';
    if (nL > 1) return 'invalid';
    if (nS > 0) return t || nS > 2 ? 'invalid' : nS === 1 ? 'S' : 'SS';
    return 1 - b.load >= THIRD ? 'UT' : 'T';
  }

  openBin(): Bin {
    const b: Bin = { id: this.nextBin++, slot: this.live.length, big: [], groups: [], load: 0 };
    this.live.push(b);
    return b;
  }

  freeIfEmpty(b: Bin): void {
    if (b.big.length > 0 || b.groups.length > 0 || b.slot < 0) return;
    const last = this.live.pop()!;
    if (last !== b) {
      this.live[b.slot] = last;
      last.slot = b.slot;
    }
    b.slot = -1;
  }

  /** Puts an item into a bin (no movement counted: a new item's own placement, or inside a move). */
  place(x: number, b: Bin): void {
    this.binOf[x] = b;
    b.load += this.size[x];
    if (this.cls[x] !== TINY) {
      b.big.push(x);
      return;
    }
    const g: Group = { items: [x], size: this.size[x] };
    this.groupOf[x] = g;
    b.groups.push(g);
    this.mergeGroups(b);
  }

  /** Takes an item out of its bin (the bin is not freed here). */
  unplace(x: number): Bin {
    const b = this.binOf[x]!;
    b.load -= this.size[x];
    const g = this.groupOf[x];
    if (g) {
      removeFrom(g.items, x);
      g.size -= this.size[x];
      if (g.items.length === 0) removeFrom(b.groups, g);
      this.groupOf[x] = null;
      this.mergeGroups(b);
    } else removeFrom(b.big, x);
    this.binOf[x] = null;
    return b;
  }

  /** move(x, b) for one item: one movement, one migrated item. */
  moveItem(x: number, to: Bin): void {
    const from = this.unplace(x);
    this.place(x, to);
    this.moves++;
    this.migrated++;
    this.record?.push({ items: [x], from: from.id, to: to.id, group: false });
    this.onMigrate?.(x);
    this.freeIfEmpty(from);
  }

  /** move(g, b) for one group: one movement, |g| migrated items; the target regroups (free). */
  moveGroup(g: Group, to: Bin): void {
    const from = this.binOf[g.items[0]]!;
    // The moved items, before the target's regrouping may merge g with groups already there.
    const items = g.items.slice();
    removeFrom(from.groups, g);
    from.load -= g.size;
    for (const x of items) this.binOf[x] = to;
    to.groups.push(g);
    to.load += g.size;
    this.mergeGroups(to);
    this.moves++;
    this.migrated += items.length;
    this.record?.push({ items, from: from.id, to: to.id, group: true });
    if (this.onMigrate) for (const x of items) this.onMigrate(x);
    this.freeIfEmpty(from);
  }

  /** new(x): a fresh bin with item x moved into it (one movement). */
  newWithItem(x: number): Bin {
    const b = this.openBin();
    this.moveItem(x, b);
    return b;
  }

  /** A bin's largest group (`fill` and `adjust` leave the choice open: we take the largest). */
  largestGroup(b: Bin): Group | null {
    let best: Group | null = null;
    for (const g of b.groups) if (!best || g.size > best.size) best = g;
    return best;
  }

  /**
   * Re-establishes Def 4 in a bin (the paper leaves regrouping open; ours, free of movements):
   * a group over 1/3 is cut by next-fit of its items into pieces ≤ 1/3, then the two smallest
   * groups are merged while their sum is ≤ 1/3 (which makes every pair sum > 1/3).
   */
  regroup(b: Bin): void {
    for (let i = 0; i < b.groups.length; i++) {
      const g = b.groups[i];
      if (g.size <= THIRD) continue;
      const pieces: Group[] = [];
      let cur: Group = { items: [], size: 0 };
      for (const x of g.items) {
        const s = this.size[x];
        if (cur.items.length > 0 && cur.size + s > THIRD) {
          pieces.push(cur);
          cur = { items: [], size: 0 };
        }
        cur.items.push(x);
        cur.size += s;
      }
      pieces.push(cur);
      for (const p of pieces) for (const x of p.items) this.groupOf[x] = p;
      b.groups.splice(i, 1, ...pieces);
      i += pieces.length - 1;
    }
    this.mergeGroups(b);
  }

  private mergeGroups(b: Bin): void {
    const gs = b.groups;
    while (gs.length >= 2) {
      let a = 0;
      let c = 1;
      if (gs[c].size < gs[a].size) [a, c] = [c, a];
      for (let i = 2; i < gs.length; i++) {
        if (gs[i].size < gs[a].size) {
          c = a;
          a = i;
        } else if (gs[i].size < gs[c].size) c = i;
      }
      if (gs[a].size + gs[c].size > THIRD) return;
      const keep = gs[a];
      const gone = gs[c];
      for (const x of gone.items) {
        keep.items.push(x);
        this.groupOf[x] = keep;
      }
      keep.size += gone.size;
      gs.splice(c, 1);
    }
  }

  /** Sets an item's size in place (bin load and group size follow; the class is not touched). */
  resizeInPlace(x: number, size: number): void {
    const d = size - this.size[x];
    this.size[x] = size;
    const b = this.binOf[x];
    if (b) b.load += d;
    const g = this.groupOf[x];
    if (g) g.size += d;
  }
}

export function removeFrom<X>(list: X[], x: X): void {
  const i = list.indexOf(x);
  if (i < 0) throw new Error('internal: element not in list');
  list[i] = list[list.length - 1];
  list.pop();
}
