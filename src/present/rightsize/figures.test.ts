import { describe, expect, it } from 'vitest';
import { figureSnapshot } from '../../../scripts/figureSnapshot.ts';
import type { RightsizeResult } from '../../engine/rightsize/index.ts';
import { requestsNodesSpec } from './figure.ts';

/** Three strategies' outcomes: slopack keeps q* on 13 nodes, krr on 12, the VPA misses it on 11. */
function outcome(strategy: 'slopack' | 'krr' | 'vpa', requested: number, nodes: number, q: number) {
  const replay = (scenario: string, worst: number) => ({
    scenario,
    nodes,
    nodesAdded: nodes,
    perNode: [],
    worst: { name: 'node-1', q: worst },
    over: worst > 0.01 ? 1 : 0,
    unschedulable: [],
  });
  return {
    strategy,
    requests: new Float64Array(0),
    why: [],
    raised: 0,
    raisedWorkloads: [],
    requested,
    replays: [replay('fresh', q), replay('rollout:1', q / 2)],
    exceed: { share: new Float64Array(0), workloads: 0, overall: 0 },
    memory: null,
  };
}

const result: RightsizeResult = {
  outcomes: [
    outcome('slopack', 11.8, 13, 0.0012),
    outcome('krr', 11, 12, 0.0005),
    outcome('vpa', 10.1, 11, 0.059),
  ],
  slopack: null,
  notes: [],
};

describe('Requests figures as SVG snapshots', () => {
  it('nodes per strategy and scenario, the worst q above, the requested machines as ticks', async () => {
    const spec = requestsNodesSpec(result, { target: 0.01 });
    await expect(figureSnapshot(spec)).toMatchFileSnapshot('__snapshots__/requestsNodes.svg');
  });
});
