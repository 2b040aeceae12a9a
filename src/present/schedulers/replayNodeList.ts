/**
 * Each node's q on the judged part of a replay, as the Schedulers view lists it beside the knob
 * tuned by replay: worst first (then by name), each marked over or not over the target q* (strictly
 * above, as the replay's SLO figures count a node over), the target's place in the list given so the
 * view can draw it there, and each node's bar as its q's share of the longest bar (the worst q, or
 * q* when every node is under it, so the target's mark stays inside the strip).
 */
import { formatNumber } from '../format.ts';

interface NodeQRow {
  readonly name: string;
  readonly q: number;
  readonly text: string;
  readonly over: boolean;
  /** Its bar's length, 0–1 of the strip. */
  readonly bar: number;
}

interface NodeQList {
  readonly rows: readonly NodeQRow[];
  /** Nodes with q above q*: the target's mark comes after the first `over` rows. */
  readonly over: number;
  /** Where q* falls on the bars' scale, 0–1. */
  readonly targetAt: number;
  readonly targetText: string;
}

export function nodeQList(
  nodes: readonly { readonly name: string; readonly q: number }[],
  target: number,
): NodeQList {
  const sorted = [...nodes].sort((a, b) => b.q - a.q || (a.name < b.name ? -1 : 1));
  const top = Math.max(target, sorted[0]?.q ?? 0);
  const rows = sorted.map((n) => ({
    name: n.name,
    q: n.q,
    text: formatNumber(n.q, 3),
    over: n.q > target,
    bar: top > 0 ? n.q / top : 0,
  }));
  return {
    rows,
    over: rows.filter((r) => r.over).length,
    targetAt: top > 0 ? target / top : 0,
    targetText: formatNumber(target, 3),
  };
}
