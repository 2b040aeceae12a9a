/**
 * The Requests view's figure: per strategy the capacity its requests ask for and the nodes
 * kube-default needs to place them (each scenario), the worst node's q written above its bar and
 * the bar red when some node runs over q* on the judged part.
 */
import * as Plot from '@observablehq/plot';
import type { RightsizeResult } from '../../engine/rightsize/index.ts';
import { formatFixed } from '../format.ts';

interface NodesRow {
  readonly strategy: string;
  readonly scenario: string;
  readonly nodes: number;
  readonly worst: number;
  readonly over: number;
}

const KEPT = '#1f77b4';
const MISSED = '#d62728';

export function requestsNodesSpec(r: RightsizeResult, o: { target: number }): Plot.PlotOptions {
  const rows: NodesRow[] = r.outcomes.flatMap((s) =>
    s.replays.map((p) => ({
      strategy: s.strategy,
      scenario: p.scenario,
      nodes: p.nodes,
      worst: p.worst?.q ?? 0,
      over: p.over,
    })),
  );
  const requested = r.outcomes.flatMap((s) =>
    s.replays.map((p) => ({ strategy: s.strategy, scenario: p.scenario, requested: s.requested })),
  );
  return {
    height: 260,
    marginTop: 40,
    marginBottom: 24,
    fx: { label: null, axis: 'top', domain: r.outcomes.map((s) => s.strategy) },
    x: { axis: null, domain: r.outcomes[0]?.replays.map((p) => p.scenario) ?? [] },
    y: {
      label: '↑ nodes (bars), requested machines (ticks)',
      grid: true,
      zero: true,
      insetTop: 14,
    },
    marks: [
      Plot.barY(rows, {
        fx: 'strategy',
        x: 'scenario',
        y: 'nodes',
        fill: (d: NodesRow) => (d.over > 0 ? MISSED : KEPT),
        title: (d: NodesRow) =>
          `${d.strategy}, ${d.scenario}: ${d.nodes} nodes, worst q ${formatFixed(d.worst, 4)}, ${d.over} over q* = ${o.target}`,
      }),
      Plot.text(rows, {
        fx: 'strategy',
        x: 'scenario',
        y: 'nodes',
        dy: -8,
        text: (d: NodesRow) => formatFixed(d.worst, 4),
      }),
      Plot.text(rows, {
        fx: 'strategy',
        x: 'scenario',
        frameAnchor: 'bottom',
        dy: 14,
        text: 'scenario',
      }),
      Plot.tickY(requested, {
        fx: 'strategy',
        x: 'scenario',
        y: 'requested',
        stroke: '#222',
        strokeWidth: 2,
        title: (d: { requested: number }) => `requested ${formatFixed(d.requested, 2)} machines`,
      }),
      Plot.ruleY([0]),
    ],
  };
}
