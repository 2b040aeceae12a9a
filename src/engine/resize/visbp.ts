/**
 * VISBP (Song, Xiao, Chen, Luo, IEEE TC 2014, §3; visbp-notes.md §2.1–§2.3): relaxed online bin
 * packing with variable item sizes. `insert` moves ≤ 3 packed items or groups (Theorem 2),
 * `change` ≤ Table 1[old][new] ≤ 7 (Theorem 3); `remove` is ours and has no proven bound.
 */
import { exceeds } from '../capacity.ts';
import {
  BIG,
  BinStore,
  CLASS_NAMES,
  LARGE,
  SMALL,
  TINY,
  THIRD,
  classOf,
  type Bin,
  type BinType,
  type ClassCode,
  type Group,
  type ItemClass,
  type MoveRecord,
} from './bins.ts';

/** Table 1 of the paper: worst-case movements of change, rows old class, columns new (T,S,L,B). */
export const CHANGE_BOUND: readonly (readonly number[])[] = [
  [5, 6, 7, 5],
  [2, 0, 4, 1],
  [3, 3, 3, 2],
  [1, 1, 3, 0],
];
export const INSERT_BOUND = 3;

export type EventKind = 'insert' | 'change' | 'remove';

export interface EventOutcome {
  readonly kind: EventKind;
  readonly item: number;
  readonly from: ItemClass | null;
  readonly to: ItemClass | null;
  readonly moves: number;
  readonly migrated: number;
  /** The paper's bound for this event (null for remove: none proven). */
  readonly bound: number | null;
}

export class Visbp {
  readonly store = new BinStore();
  /**
   * hot(b): Σ size > 1 by default; the stochastic bridge may put GPA's bin test here (then the
   * paper's bounds and our capacity invariant no longer apply).
   */
  hotTest: ((b: Bin) => boolean) | null = null;
  /** Movements and migrated items of the last event. */
  lastMoves = 0;
  lastMigrated = 0;

  get binCount(): number {
    return this.store.live.length;
  }

  has(item: number): boolean {
    return this.store.binOf[item] != null;
  }

  sizeOf(item: number): number {
    return this.store.size[item];
  }

  /** insert(item) (§3.3): B → new bin; L → new bin then fill; S → the S-bin or new; T → fillwith. */
  insert(item: number, size: number): void {
    const st = this.begin();
    if (st.binOf[item]) throw new RangeError(`item ${item} is already packed`);
    const c = classOf(checkSize(size, item));
    st.size[item] = size;
    st.cls[item] = c;
    st.groupOf[item] = null;
    if (c === BIG) st.place(item, st.openBin());
    else if (c === LARGE) {
      const b = st.openBin();
      st.place(item, b);
      this.fill(b);
    } else if (c === SMALL) {
      st.place(item, st.findS(null) ?? st.openBin());
    } else st.place(item, st.findULLT(null) ?? st.findUT(null) ?? st.openBin());
    this.end();
  }

  /** change(olditem, item) (§3.4, every case of Table 1 as cleaned in visbp-notes.md §2.3–§2.4). */
  change(item: number, size: number): void {
    const st = this.begin();
    const ob = st.binOf[item];
    if (!ob) throw new RangeError(`item ${item} is not packed`);
    const from = st.cls[item];
    const to = classOf(checkSize(size, item));
    if (from === to) {
      const grew = size > st.size[item];
      st.resizeInPlace(item, size);
      // A T-item that grew inside a group still ≤ 1/3 leaves Def 4 as it was (every pair of
      // groups still sums over 1/3, no group to split): regrouping would change nothing.
      if (to === TINY && !(grew && st.groupOf[item]!.size <= THIRD)) st.regroup(ob);
    } else {
      st.unplace(item);
      st.size[item] = size;
      st.cls[item] = to;
      st.place(item, ob);
    }
    CHANGE[from][to].call(this, item, ob);
    this.end();
  }

  /**
   * remove(item): ours, no proven movement bound (visbp-notes.md §5.9): take the item out, then
   * top up an L/LT-bin with gap ≥ 1/3, pair a lone S with the S-bin, merge two unfilled T-bins,
   * or run the L→T rule when the bin lost its L-item.
   */
  remove(item: number): void {
    const st = this.begin();
    const ob = st.binOf[item];
    if (!ob) throw new RangeError(`item ${item} is not packed`);
    const c = st.cls[item];
    st.unplace(item);
    if (ob.big.length + ob.groups.length === 0) st.freeIfEmpty(ob);
    else if (c === LARGE) this.afterLostL(ob);
    else if (st.bigClass(ob, LARGE) >= 0) {
      if (st.gap(ob) >= THIRD) this.fill(ob);
    } else if (st.isSBin(ob)) {
      const s = st.findS(ob);
      if (s) st.moveItem(ob.big[0], s);
    } else if (st.isUT(ob)) this.mergeUnfilledInto(ob);
    this.end();
  }

  /** Bin type, groups and items of every bin (a teaching replay's frame; not on the fast path). */
  snapshot(): BinView[] {
    const st = this.store;
    return st.live
      .map((b) => ({
        id: b.id,
        type: st.typeOf(b),
        load: b.load,
        big: b.big.map((x) => ({ item: x, size: st.size[x], cls: CLASS_NAMES[st.cls[x]] })),
        groups: b.groups.map((g) => ({
          items: g.items.slice().sort((p, q) => p - q),
          size: g.size,
        })),
      }))
      .sort((p, q) => p.id - q.id);
  }

  /** Records every movement of the following events (or stops with null). */
  recordMoves(on: boolean): void {
    this.store.record = on ? [] : null;
  }

  takeRecordedMoves(): MoveRecord[] {
    const r = this.store.record ?? [];
    if (this.store.record) this.store.record = [];
    return r;
  }

  binIdOf(item: number): number {
    return this.store.binOf[item]?.id ?? -1;
  }

  hot(b: Bin): boolean {
    return this.hotTest ? this.hotTest(b) : exceeds(b.load, 1);
  }

  private begin(): BinStore {
    this.store.moves = 0;
    this.store.migrated = 0;
    return this.store;
  }

  private end(): void {
    this.lastMoves = this.store.moves;
    this.lastMigrated = this.store.migrated;
  }

  /** fillwith(x) for a group: a ULLT-bin, else the unfilled T-bin, else a new T-bin. */
  fillwithGroup(g: Group, exclude: Bin): void {
    const st = this.store;
    st.moveGroup(g, st.findULLT(exclude) ?? st.findUT(exclude) ?? st.openBin());
  }

  fillwithItem(x: number, exclude: Bin): void {
    const st = this.store;
    st.moveItem(x, st.findULLT(exclude) ?? st.findUT(exclude) ?? st.openBin());
  }

  /** fill(b): pull groups from the unfilled T-bin, then from filled T-bins, while gap(b) ≥ 1/3. */
  fill(b: Bin): void {
    const st = this.store;
    while (st.gap(b) >= THIRD) {
      const src = st.findUT(b) ?? st.findTBin(b);
      if (!src) return;
      st.moveGroup(st.largestGroup(src)!, b);
    }
  }

  /** insert_S-item(x) for a packed item: pair it with the S-bin, else a new bin. */
  insertS(x: number, exclude: Bin): void {
    const st = this.store;
    const s = st.findS(exclude);
    if (s) st.moveItem(x, s);
    else st.newWithItem(x);
  }

  release(b: Bin): void {
    while (b.groups.length > 0) this.fillwithGroup(this.store.largestGroup(b)!, b);
  }

  /** adjust(b) for an L/LT-bin: shed groups while hot, else top up when gap ≥ 1/3. */
  adjust(b: Bin): void {
    const st = this.store;
    while (this.hot(b) && b.groups.length > 0) this.fillwithGroup(st.largestGroup(b)!, b);
    if (st.gap(b) >= THIRD) this.fill(b);
  }

  /** T→T's last branch (paper typo fixed): pull the other unfilled T-bin's groups into b. */
  mergeUnfilledInto(b: Bin): void {
    const st = this.store;
    while (b.slot >= 0 && st.gap(b) >= THIRD) {
      const ut = st.findUT(b);
      if (!ut) return;
      st.moveGroup(st.largestGroup(ut)!, b);
    }
  }

  /**
   * L→T on bin ob, now a T-bin: with another T-bin, send ob's groups to the unfilled T-bin while
   * ob is unfilled (our guard: a filled ob needs nothing); else send them to ULLT-bins.
   */
  afterLostL(ob: Bin): void {
    const st = this.store;
    if (st.findTBin(ob)) {
      while (ob.slot >= 0 && st.isUT(ob)) {
        const ut = st.findUT(ob);
        if (!ut) return;
        st.moveGroup(st.largestGroup(ob)!, ut);
      }
    } else {
      while (ob.slot >= 0) {
        const u = st.findULLT(ob);
        if (!u) return;
        st.moveGroup(st.largestGroup(ob)!, u);
      }
    }
  }
}

export interface BinView {
  readonly id: number;
  readonly type: BinType;
  readonly load: number;
  readonly big: readonly { item: number; size: number; cls: ItemClass }[];
  readonly groups: readonly { items: readonly number[]; size: number }[];
}

function checkSize(size: number, item: number): number {
  if (!(size >= 0 && size <= 1))
    throw new RangeError(
      `item ${item}: size ${size} is outside [0, 1] (a VM larger than a machine)`,
    );
  return size;
}

type ChangeCase = (this: Visbp, item: number, ob: Bin) => void;

const nothing: ChangeCase = () => {};

function otherS(v: Visbp, ob: Bin, item: number): number {
  for (const x of ob.big) if (x !== item && v.store.cls[x] === SMALL) return x;
  return -1;
}

/** CHANGE[old][new] with classes indexed T, S, L, B. */
const CHANGE: readonly (readonly ChangeCase[])[] = [
  [
    // T→T
    function (item, ob) {
      const st = this.store;
      if (st.bigClass(ob, LARGE) >= 0) this.adjust(ob);
      else if (this.hot(ob)) this.fillwithItem(item, ob);
      else this.mergeUnfilledInto(ob);
    },
    // T→S
    function (item, ob) {
      const st = this.store;
      const x = st.bigClass(ob, LARGE);
      if (x >= 0) {
        this.insertS(item, ob);
        this.fill(st.binOf[x]!);
        return;
      }
      const s = st.findS(ob);
      if (s) {
        while (ob.groups.length > 0) {
          const ut = st.findUT(ob);
          if (!ut) break;
          st.moveGroup(st.largestGroup(ob)!, ut);
        }
        st.moveItem(item, s);
      } else this.release(ob);
    },
    // T→L
    function (item, ob) {
      const st = this.store;
      for (const x of ob.big)
        if (x !== item && st.cls[x] === LARGE) {
          this.fill(st.newWithItem(x));
          break;
        }
      this.adjust(ob);
    },
    // T→B
    function (item, ob) {
      const st = this.store;
      for (const x of ob.big)
        if (x !== item && st.cls[x] === LARGE) {
          this.fill(st.newWithItem(x));
          break;
        }
      this.release(ob);
    },
  ],
  [
    // S→T
    function (item, ob) {
      const st = this.store;
      let partner = otherS(this, ob, item);
      if (partner >= 0) {
        const s = st.findS(ob);
        if (s) {
          st.moveItem(partner, s);
          partner = -1;
        }
      }
      const u = st.findULLT(ob) ?? st.findUT(ob);
      if (u) st.moveItem(item, u);
      else if (partner >= 0) st.newWithItem(item);
    },
    nothing,
    // S→L
    function (item, ob) {
      const partner = otherS(this, ob, item);
      if (partner >= 0) this.insertS(partner, ob);
      this.fill(ob);
    },
    // S→B
    function (item, ob) {
      const partner = otherS(this, ob, item);
      if (partner >= 0) this.insertS(partner, ob);
    },
  ],
  [
    // L→T
    function (_item, ob) {
      this.afterLostL(ob);
    },
    // L→S
    function (item, ob) {
      this.release(ob);
      const s = this.store.findS(ob);
      if (s) this.store.moveItem(item, s);
    },
    // L→L
    function (_item, ob) {
      this.adjust(ob);
    },
    // L→B
    function (_item, ob) {
      this.release(ob);
    },
  ],
  [
    // B→T
    function (item, ob) {
      const st = this.store;
      const u = st.findULLT(ob) ?? st.findUT(ob);
      if (u) st.moveItem(item, u);
    },
    // B→S
    function (item, ob) {
      const s = this.store.findS(ob);
      if (s) this.store.moveItem(item, s);
    },
    // B→L
    function (_item, ob) {
      this.fill(ob);
    },
    nothing,
  ],
];

export { CLASS_NAMES, classOf, type ClassCode, type ItemClass };
