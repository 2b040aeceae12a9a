/**
 * Replays side by side (`replay --config A.yaml --config B.yaml`): per setting the nodes, the worst
 * node, node-hours over capacity (judged instants over capacity × step, summed over nodes), nodes
 * over the target q*, migrations and evictions; per node its q under each. A node present in one
 * replay only (added by its autoscaler) shows "–" in the others.
 */
import type { WhatIfResult } from '../../../engine/whatif/index.ts';

interface Compared {
  readonly label: string;
  readonly result: WhatIfResult;
}

function summaryOf(r: WhatIfResult, step: number, target: number) {
  return {
    nodes: r.nodes.length,
    nodes_added: r.nodesAdded,
    worst: r.worst,
    node_hours_over_capacity: (r.nodes.reduce((a, n) => a + n.overloads, 0) * step) / 3600,
    nodes_over_target: r.nodes.filter((n) => n.q > target).length,
    migrations: r.migrations,
    evictions: r.evictions,
    unschedulable: r.unschedulable.length,
  };
}

/** Node names of every replay, in the order of first appearance. */
function allNodes(runs: readonly Compared[]): string[] {
  const seen = new Set<string>();
  for (const c of runs) for (const n of c.result.nodes) seen.add(n.name);
  return [...seen];
}

export function comparisonJson(runs: readonly Compared[], step: number, target: number) {
  return {
    target,
    runs: runs.map((c) => ({
      config: c.label,
      scheduler: c.result.scheduler,
      settings: c.result.settings,
      ...summaryOf(c.result, step, target),
    })),
    nodes: allNodes(runs).map((name) => ({
      name,
      q: runs.map((c) => c.result.nodes.find((n) => n.name === name)?.q ?? null),
      pods: runs.map((c) => c.result.nodes.find((n) => n.name === name)?.pods.length ?? null),
    })),
  };
}

export function comparisonText(runs: readonly Compared[], step: number, target: number): string[] {
  const cell = (s: string) => s.padEnd(22);
  const lines = [cell('') + runs.map((c) => cell(c.label)).join('')];
  const rows: [string, (r: WhatIfResult) => string][] = [
    ['scheduler', (r) => r.scheduler],
    ['nodes (added)', (r) => `${r.nodes.length} (${r.nodesAdded})`],
    ['worst node', (r) => (r.worst ? `${r.worst.name} q ${r.worst.q.toFixed(4)}` : '–')],
    ['node-hours over cap.', (r) => summaryOf(r, step, target).node_hours_over_capacity.toFixed(2)],
    [`nodes over q* ${target}`, (r) => String(summaryOf(r, step, target).nodes_over_target)],
    ['migrations', (r) => String(r.migrations)],
    ['evictions', (r) => String(r.evictions)],
  ];
  for (const [name, f] of rows)
    lines.push(cell(name) + runs.map((c) => cell(f(c.result))).join(''));
  lines.push('', 'q per node on the judged part:');
  for (const name of allNodes(runs))
    lines.push(
      cell(`  ${name}`) +
        runs
          .map((c) => {
            const n = c.result.nodes.find((x) => x.name === name);
            return cell(n ? `${n.q.toFixed(4)} (${n.pods.length} pods)` : '–');
          })
          .join(''),
    );
  for (const c of runs)
    lines.push(
      '',
      `${c.label}: ${Object.entries(c.result.settings)
        .map(([k, v]) => `${k} = ${v}`)
        .join(', ')}`,
    );
  return lines;
}
