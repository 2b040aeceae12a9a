import { describe, expect, it } from 'vitest';
import { figureSnapshot } from '../../../scripts/figureSnapshot.ts';
import { drawnNodes, replayNodesSpec, type ReplaySide } from './replayNodes.ts';

/** A node's usage: a slow wave plus `peak` at instants 5 and 6 (over capacity when above 1). */
function node(name: string, level: number, peak: number) {
  const usage = Float32Array.from({ length: 24 }, (_, t) =>
    t === 5 || t === 6 ? level + peak : level + 0.1 * Math.sin(t / 3),
  );
  const overloadInstants = [...usage.keys()].filter((t) => usage[t] > 1);
  return { name, capacity: 1, q: overloadInstants.length / 24, usage, overloadInstants };
}

const sides: ReplaySide[] = [
  { label: 'A: kube-default', nodes: [node('node-0', 0.7, 0.5), node('node-1', 0.5, 0.1)] },
  {
    label: 'B: koordinator',
    nodes: [node('node-0', 0.55, 0.2), node('node-1', 0.6, 0.2), node('node-2', 0.3, 0)],
  },
];

describe('Replay figures as SVG snapshots', () => {
  it('two replays node by node over the judged part, the overloaded instants marked', async () => {
    const spec = replayNodesSpec(sides, { step: 3600, maxNodes: 2, points: 12 });
    await expect(figureSnapshot(spec)).toMatchFileSnapshot('__snapshots__/replayNodes.svg');
  });

  it('draws the worst nodes of either replay, worst first', () => {
    expect(drawnNodes(sides, 2)).toEqual(['node-0', 'node-1']);
    expect(drawnNodes(sides, 3)).toEqual(['node-0', 'node-1', 'node-2']);
    expect(drawnNodes([sides[1]], 1)).toEqual(['node-0']);
  });
});
