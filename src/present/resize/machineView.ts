/**
 * The teaching replay as a layout: per frame of `replayVisbp`, each bin with its Def 3 type, its
 * S/L/B items stacked from the bottom, then its T-item groups (Def 4) as outlined boxes, and what
 * the event moved. The view draws it; the layout is plain data so tests can check it.
 */
import type { BinType, ItemClass, ReplayFrame, ScenarioEvent } from '../../engine/index.ts';

interface ItemBox {
  readonly item: number;
  readonly size: number;
  readonly cls: ItemClass;
  readonly y0: number;
  readonly y1: number;
  readonly moved: boolean;
}

interface GroupBox {
  readonly items: readonly number[];
  readonly size: number;
  readonly y0: number;
  readonly y1: number;
  readonly moved: boolean;
}

export interface BinBox {
  readonly id: number;
  readonly type: BinType;
  readonly label: string;
  readonly load: number;
  readonly items: readonly ItemBox[];
  readonly groups: readonly GroupBox[];
  /** The event moved something into or out of this bin. */
  readonly touched: boolean;
}

/** Def 3's bin types as the view labels them (a T-bin is filled or unfilled). */
const BIN_TYPE_LABEL: Record<BinType, string> = {
  B: 'B',
  L: 'L',
  LT: 'LT',
  S: 'S',
  SS: 'SS',
  T: 'T filled',
  UT: 'T unfilled',
  LS: 'LS (forbidden)',
  invalid: 'invalid',
};

export const BIN_TYPE_HELP: readonly (readonly [string, string])[] = [
  ['B', 'one B-item (> 2/3)'],
  ['L', 'one L-item (1/2, 2/3] alone'],
  ['LT', 'an L-item with T-item groups; the gap is < 1/3 once filled'],
  ['S', 'one S-item (1/3, 1/2]: at most one such bin'],
  ['SS', 'two S-items'],
  ['T filled', 'T-item groups only, load ≥ 2/3'],
  ['T unfilled', 'T-item groups only, load < 2/3: at most one such bin'],
];

/** Every item's size after the first `upTo + 1` events. */
export function sizesAfter(events: readonly ScenarioEvent[], upTo: number): Map<number, number> {
  const sizes = new Map<number, number>();
  for (let i = 0; i <= upTo && i < events.length; i++) {
    const e = events[i];
    if (e.kind === 'remove') sizes.delete(e.item);
    else sizes.set(e.item, e.size);
  }
  return sizes;
}

/** The bins of a frame, items and groups stacked bottom-up in the order VISBP holds them. */
export function frameLayout(frame: ReplayFrame, sizes: ReadonlyMap<number, number>): BinBox[] {
  const movedItems = new Set(frame.moved.flatMap((m) => m.items));
  const touchedBins = new Set(frame.moved.flatMap((m) => [m.from, m.to]));
  return frame.bins.map((b) => {
    let y = 0;
    const items: ItemBox[] = b.big.map((x) => {
      const box = {
        item: x.item,
        size: x.size,
        cls: x.cls,
        y0: y,
        y1: y + x.size,
        moved: movedItems.has(x.item),
      };
      y += x.size;
      return box;
    });
    const groups: GroupBox[] = b.groups.map((g) => {
      const y0 = y;
      for (const item of g.items) {
        const size = sizes.get(item) ?? 0;
        items.push({ item, size, cls: 'T', y0: y, y1: y + size, moved: movedItems.has(item) });
        y += size;
      }
      return {
        items: g.items,
        size: g.size,
        y0,
        y1: y0 + g.size,
        moved: g.items.some((i) => movedItems.has(i)),
      };
    });
    return {
      id: b.id,
      type: b.type,
      label: BIN_TYPE_LABEL[b.type],
      load: b.load,
      items,
      groups,
      touched: touchedBins.has(b.id),
    };
  });
}

/** A frame's caption: the event, its movements against the paper's bound, violations. */
export function frameCaption(frame: ReplayFrame): string {
  const bound =
    frame.bound === null
      ? 'remove is ours: no proven bound'
      : `the paper's bound for this event: ${frame.bound}`;
  const bad = frame.violations.length
    ? ` · invariant violated: ${frame.violations.join('; ')}`
    : '';
  return `${frame.label}: ${frame.moves} movement${frame.moves === 1 ? '' : 's'}, ${frame.migrated} migrated item${frame.migrated === 1 ? '' : 's'} (${bound})${bad}`;
}
