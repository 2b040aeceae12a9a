/**
 * The teaching replay: a scenario's events run one by one on VISBP, each frame with the bins
 * (types, group outlines, items), the movements made, and the invariants checked. Off the fast
 * path: recording and snapshots happen only here.
 */
import type { MoveRecord } from './bins.ts';
import { CLASS_NAMES, classOf } from './bins.ts';
import { visbpViolations } from './invariants.ts';
import { CHANGE_BOUND, INSERT_BOUND, Visbp, type BinView } from './visbp.ts';
import type { ScenarioEvent } from './workloads.ts';

export interface ReplayFrame {
  readonly event: ScenarioEvent;
  readonly label: string;
  readonly moves: number;
  readonly migrated: number;
  /** The paper's bound for this event (null for remove: ours, no proven bound). */
  readonly bound: number | null;
  readonly moved: readonly MoveRecord[];
  readonly bins: readonly BinView[];
  readonly violations: readonly string[];
}

/** Runs the events on a fresh VISBP and returns one frame per event. */
export function replayVisbp(events: readonly ScenarioEvent[]): ReplayFrame[] {
  const v = new Visbp();
  v.recordMoves(true);
  return events.map((e) => {
    let label: string;
    let bound: number | null;
    if (e.kind === 'insert') {
      v.insert(e.item, e.size);
      label = `insert ${e.item} (${CLASS_NAMES[classOf(e.size)]}, ${e.size})`;
      bound = INSERT_BOUND;
    } else if (e.kind === 'change') {
      const from = classOf(v.sizeOf(e.item));
      const to = classOf(e.size);
      v.change(e.item, e.size);
      label = `change ${e.item} ${CLASS_NAMES[from]}→${CLASS_NAMES[to]} (${e.size})`;
      bound = CHANGE_BOUND[from][to];
    } else {
      v.remove(e.item);
      label = `remove ${e.item}`;
      bound = null;
    }
    return {
      event: e,
      label,
      moves: v.lastMoves,
      migrated: v.lastMigrated,
      bound,
      moved: v.takeRecordedMoves(),
      bins: v.snapshot(),
      violations: visbpViolations(v),
    };
  });
}
