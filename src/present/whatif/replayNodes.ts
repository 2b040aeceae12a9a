/**
 * The Replay view's figure: two replays of the same history side by side (a column each), node by
 * node (a row each), each node's total usage over the judged part against its capacity, the
 * instants over capacity marked. Nodes are the worst of each replay (by q on the judged part, then
 * by name), at most `maxNodes` rows; a long history is drawn as the largest total of each of at most
 * `points` equal spans of instants, so a short peak still shows.
 */
import * as Plot from '@observablehq/plot';
import { formatNumber } from '../format.ts';

interface ReplayNodeSeries {
  readonly name: string;
  readonly capacity: number;
  readonly q: number;
  /** Its total at each judged instant. */
  readonly usage: ArrayLike<number>;
  /** The judged instants (from 0) over capacity. */
  readonly overloadInstants: readonly number[];
}

export interface ReplaySide {
  readonly label: string;
  readonly nodes: readonly ReplayNodeSeries[];
}

const OVER = '#d62728';

/** The nodes drawn: the worst `max` of each side, in the order of their worst q over the sides. */
export function drawnNodes(sides: readonly ReplaySide[], max: number): string[] {
  const worst = new Map<string, number>();
  for (const side of sides) {
    const ranked = [...side.nodes].sort((a, b) => b.q - a.q || (a.name < b.name ? -1 : 1));
    for (const n of ranked.slice(0, max)) worst.set(n.name, Math.max(worst.get(n.name) ?? 0, n.q));
  }
  return [...worst]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, max)
    .map(([name]) => name);
}

interface Row {
  readonly side: string;
  readonly node: string;
  readonly hours: number;
  readonly usage: number;
}

function usageRows(side: string, n: ReplayNodeSeries, hoursPer: number, points: number): Row[] {
  const T = n.usage.length;
  const span = Math.max(1, Math.ceil(T / points));
  const rows: Row[] = [];
  for (let from = 0; from < T; from += span) {
    let top = -Infinity;
    for (let t = from; t < Math.min(T, from + span); t++) top = Math.max(top, n.usage[t]);
    rows.push({ side, node: n.name, hours: from * hoursPer, usage: top });
  }
  return rows;
}

export function replayNodesSpec(
  sides: readonly ReplaySide[],
  o: { readonly step: number; readonly maxNodes: number; readonly points: number },
): Plot.PlotOptions {
  const names = drawnNodes(sides, o.maxNodes);
  const hoursPer = o.step / 3600;
  const lines: Row[] = [];
  const overs: Row[] = [];
  const capacities: { side: string; node: string; capacity: number }[] = [];
  for (const side of sides)
    for (const n of side.nodes) {
      if (!names.includes(n.name)) continue;
      lines.push(...usageRows(side.label, n, hoursPer, o.points));
      for (const t of n.overloadInstants)
        overs.push({ side: side.label, node: n.name, hours: t * hoursPer, usage: n.usage[t] });
      capacities.push({ side: side.label, node: n.name, capacity: n.capacity });
    }
  const qOf = new Map(
    sides.flatMap((s) => s.nodes.map((n) => [`${s.label}\u0000${n.name}`, n.q] as const)),
  );
  const sideLabels = sides.map((s) => s.label);
  return {
    height: 40 + 70 * Math.max(1, names.length),
    marginLeft: 48,
    marginRight: 72,
    x: { label: 'hours into the judged part →' },
    y: { label: '↑ usage', grid: true, zero: true },
    fx: { label: null, domain: sideLabels },
    fy: { label: null, domain: names },
    marks: [
      Plot.frame({ stroke: '#ccd1d9' }),
      Plot.ruleY(capacities, {
        fx: 'side',
        fy: 'node',
        y: 'capacity',
        stroke: '#5a6470',
        strokeDasharray: '4,3',
      }),
      Plot.lineY(lines, { fx: 'side', fy: 'node', x: 'hours', y: 'usage', stroke: '#1f77b4' }),
      Plot.dot(overs, { fx: 'side', fy: 'node', x: 'hours', y: 'usage', r: 1.5, fill: OVER }),
      Plot.text(capacities, {
        fx: 'side',
        fy: 'node',
        frameAnchor: 'top-right',
        dy: 3,
        dx: -3,
        text: (d: { side: string; node: string }) =>
          `q ${formatNumber(qOf.get(`${d.side}\u0000${d.node}`) ?? 0, 3)}`,
        fill: '#5a6470',
      }),
    ],
  };
}
