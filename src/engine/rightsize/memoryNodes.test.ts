import { describe, expect, it } from 'vitest';
import type { WhatIfResult } from '../whatif/index.ts';
import { memoryExceedance, memoryOnInstants, memoryOnNodes } from './memoryNodes.ts';
import { groupWorkloads, rightsize, type RightsizeHistory } from './index.ts';

/** Two nodes; pod 0 moves from node 0 to node 1 at instant 2 (a rollout's re-creation). */
const replay = {
  nodes: [{ name: 'node-0' }, { name: 'node-1' }],
  residences: [
    [
      { node: 0, from: 0, to: 2 },
      { node: 1, from: 2, to: 4 },
    ],
    [{ node: 0, from: 0, to: 4 }],
    [{ node: 1, from: 0, to: 4 }],
  ],
} as unknown as WhatIfResult;

describe('memory judged on the replay’s nodes', () => {
  it('sums the working sets of the pods on a node at each judged instant, over its memory', () => {
    // Pods × 4 instants; a node holds 1.0.
    const values = Float64Array.from([0.6, 0.6, 0.6, 0.6, 0.5, 0.3, 0.5, NaN, 0.5, 0.5, 0.5, 0.3]);
    const m = { values, cols: 4, capacity: 1, bytesPerUnit: 1 };
    // Judged 1..3: node-0 holds pods 0+1 at 1 (0.9), pod 1 alone at 2, 3 (0.5, none);
    // node-1 holds pod 2 at 1 (0.5), pods 0+2 at 2 (1.1 > 1) and 3 (0.9).
    const r = memoryOnNodes(replay, m, { start: 1, end: 4 }, 0.2);
    expect(Array.from(r.q)).toEqual([0, 1 / 3]);
    expect(r.worst).toEqual({ name: 'node-1', q: 1 / 3 });
    expect(r.over).toBe(1);
    const e = memoryExceedance(Int32Array.from([0, 1, 1]), Float64Array.from([0.55, 0.45]), m, {
      start: 1,
      end: 4,
    });
    // Pod 0: 3 of 3 above 0.55; pods 1, 2 against 0.45: 0.3 no, 0.5 yes, NaN skipped; 0.5, 0.5, 0.3.
    expect(e).toEqual({ workloads: 2, overall: 6 / 8 });
  });

  it('lays each pod’s samples on the nearest instant within half a step', () => {
    const times = Float64Array.from([0, 300, 600]);
    const m = memoryOnInstants(
      [{ times: Float64Array.from([10, 290, 320, 900]), values: Float64Array.from([1, 2, 3, 4]) }],
      times,
      300,
      8,
      1,
    );
    expect(Array.from(m.values)).toEqual([1, 3, NaN]);
    expect(m.capacity).toBe(8);
  });

  it('memory requests move pods: kube-default places by them beside CPU', () => {
    // Four pods of 0.05 machine CPU and 0.4 machine memory, twelve instants; nodes of 1 and 1.
    const T = 12;
    const h: RightsizeHistory = {
      ids: ['a', 'b', 'c', 'd'],
      usage: { rows: 4, cols: T, data: new Float32Array(4 * T).fill(0.05) },
      first: new Int32Array(4),
      last: new Int32Array(4).fill(T - 1),
      times: Float64Array.from({ length: T }, (_, t) => t * 600),
      step: 600,
      milliPerUnit: 8000,
      capacity: 1,
    };
    const usage = {
      values: new Float64Array(4 * T).fill(0.4),
      cols: T,
      capacity: 1,
      bytesPerUnit: 1e12,
    };
    const run = (requests: Float64Array | undefined) =>
      rightsize({
        history: h,
        workloads: groupWorkloads(h.ids).workloads,
        learned: { start: 0, end: 6 },
        judged: { start: 6, end: T },
        target: 0.01,
        scenarios: [{ kind: 'fresh' }],
        seed: 1,
        minRequest: 0,
        today: null,
        strategies: ['vpa'],
        memory: { usage, requests: requests ? { vpa: requests } : {} },
      }).outcomes[0];
    // Without memory requests the four fit one node by CPU, whose memory (1.6) is always over.
    const cpuOnly = run(undefined);
    expect(cpuOnly.replays[0].nodes).toBe(1);
    expect(cpuOnly.memory!.replays[0].worst).toEqual({ name: 'node-0', q: 1 });
    // At 0.45 each, NodeResourcesFit lets two share a node: two nodes, none over its memory.
    const placed = run(new Float64Array(4).fill(0.45));
    expect(placed.replays[0].nodes).toBe(2);
    expect(placed.replays[0].perNode.map((n) => n.pods)).toEqual([2, 2]);
    expect(placed.memory!.replays[0].worst!.q).toBe(0);
  });
});
