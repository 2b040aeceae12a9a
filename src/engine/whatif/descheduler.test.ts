/**
 * The descheduler's balance plugins against cases worked by hand from their upstream code
 * (kubernetes-sigs/descheduler LowNodeUtilization, Koordinator LowNodeLoad).
 */
import { describe, expect, it } from 'vitest';
import { matrixFrom } from '../matrix.ts';
import {
  coverScore,
  descheduler,
  kubeDefault,
  matrixColumns,
  runWhatIf,
  type LowNodeLoadSettings,
  type LowNodeUtilizationSettings,
  type WhatIfInput,
} from './index.ts';

/** Pods with constant usage (m of a 1000 m node) placed on named nodes, over T instants of 60 s. */
function cluster(
  pods: readonly { node: number; use: number; request?: number }[],
  nodes: readonly string[],
  T: number,
): WhatIfInput {
  const rows = pods.map((p) => Array.from({ length: T }, () => p.use / 1000));
  return {
    ids: pods.map((_, k) => `p${k}`),
    usage: matrixColumns(matrixFrom(pods.length, T, Float32Array.from(rows.flat()))),
    step: 60,
    milliPerUnit: 1000,
    first: new Int32Array(pods.length),
    last: new Int32Array(pods.length).fill(T - 1),
    nodes: nodes.map((name) => ({ name, capacity: 1 })),
    newNodeCapacity: 1,
    placement: Int32Array.from(pods, (p) => p.node),
    requests: Float64Array.from(pods, (p) => (p.request ?? p.use) / 1000),
    recreations: [],
    judged: { start: 0, end: T },
  };
}

const LNU: LowNodeUtilizationSettings = {
  plugin: 'LowNodeUtilization',
  low: 20,
  high: 50,
  deviation: false,
  numberOfNodes: 0,
  source: 'requests',
  perNodeLimit: null,
  interval: 60,
};

/** Each pod's node names over time. */
const trail = (r: ReturnType<typeof runWhatIf>) =>
  r.residences.map((list) => list.map((s) => r.nodes[s.node].name));

describe('LowNodeUtilization (kubernetes-sigs/descheduler)', () => {
  // a: requests 300 + 300 + 200 = 800 m (80 % > 50 %), b: 100 m (10 % ≤ 20 %), c: 500 m (between).
  const pods = [
    { node: 0, use: 300 },
    { node: 0, use: 300 },
    { node: 0, use: 200 },
    { node: 1, use: 100 },
    { node: 2, use: 500 },
  ];
  it('evicts from the node above targetThresholds until it is at ⌊50 % × 1000 m⌋, and the pod lands on the low node', () => {
    const input = cluster(pods, ['a', 'b', 'c'], 1);
    const r = runWhatIf({ ...input, descheduler: descheduler(LNU, 60) }, kubeDefault());
    // room = 500 − 100 = 400; a: 800 → 500 after one eviction of 300 m: no longer above 500.
    expect(r.evictions).toBe(1);
    expect(trail(r)).toEqual([['a', 'b'], ['a'], ['a'], ['b'], ['c']]);
  });

  it('does nothing when the low nodes are numberOfNodes or fewer, or none is above target', () => {
    const input = cluster(pods, ['a', 'b', 'c'], 1);
    const few = runWhatIf(
      { ...input, descheduler: descheduler({ ...LNU, numberOfNodes: 1 }, 60) },
      kubeDefault(),
    );
    expect(few.evictions).toBe(0);
    const high = runWhatIf(
      { ...input, descheduler: descheduler({ ...LNU, high: 80 }, 60) },
      kubeDefault(),
    );
    expect(high.evictions).toBe(0);
  });

  it('the room on the low nodes bounds the evictions: it stops once the room is spent', () => {
    // b at 150 m: room = 500 − 150 = 350; after 300 m the room is 50 > 0 and a is at 500: stops on a.
    // With b at 450 m (above 20 %) there is no low node at all.
    const tight = [...pods.slice(0, 3), { node: 1, use: 450 }, { node: 2, use: 500 }];
    const none = runWhatIf(
      { ...cluster(tight, ['a', 'b', 'c'], 1), descheduler: descheduler(LNU, 60) },
      kubeDefault(),
    );
    expect(none.evictions).toBe(0);
    const limited = runWhatIf(
      {
        ...cluster(pods, ['a', 'b', 'c'], 1),
        descheduler: descheduler({ ...LNU, high: 30, perNodeLimit: 1 }, 60),
      },
      kubeDefault(),
    );
    // high 30 %: a needs to fall to 300 m (two evictions) but the per-node limit is 1.
    expect(limited.evictions).toBe(1);
  });

  it('with deviation thresholds, low and high are the mean utilisation ∓ them', () => {
    // mean of 80, 10, 50 % = 46.67 %: low = 26.67 %, high = 56.67 %: a (80 %) over, b (10 %) low.
    const r = runWhatIf(
      {
        ...cluster(pods, ['a', 'b', 'c'], 1),
        descheduler: descheduler({ ...LNU, deviation: true, low: 20, high: 10 }, 60),
      },
      kubeDefault(),
    );
    // available = ⌊56.67 % × 1000⌋ = 566: after one eviction a is at 500 ≤ 566.
    expect(r.evictions).toBe(1);
  });
});

const LNL: LowNodeLoadSettings = {
  plugin: 'LowNodeLoad',
  low: 30,
  high: 50,
  deviation: false,
  numberOfNodes: 0,
  consecutiveAbnormalities: 1,
  detectorCacheTimeout: 300,
  nodeFit: true,
  interval: 60,
};

describe('LowNodeLoad (Koordinator)', () => {
  // a uses 100 + 350 + 450 = 900 m (excess 400 over 500), b uses 100 m.
  const pods = [
    { node: 0, use: 100 },
    { node: 0, use: 350 },
    { node: 0, use: 450 },
    { node: 1, use: 100 },
  ];
  it('scores pods by how well they cover the excess and evicts the best first', () => {
    expect(coverScore(100, 400)).toBeCloseTo(0.25);
    expect(coverScore(350, 400)).toBeCloseTo(0.875);
    expect(coverScore(450, 400)).toBeCloseTo(1 + 400 / 450);
    const r = runWhatIf(
      {
        ...cluster(pods, ['a', 'b'], 2),
        descheduler: descheduler({ ...LNL, nodeFit: false }, 60),
      },
      kubeDefault(),
    );
    // at t = 1 (the first report is t = 0): the 450 m pod goes; a is at 450 ≤ 500: stop.
    expect(r.evictions).toBe(1);
    expect(trail(r)[2]).toEqual(['a', 'b']);
  });

  it('reads no NodeMetric before the first report: nothing at instant 0', () => {
    const r = runWhatIf(
      { ...cluster(pods, ['a', 'b'], 1), descheduler: descheduler(LNL, 60) },
      kubeDefault(),
    );
    expect(r.evictions).toBe(0);
  });

  it('nodeFit: a pod that would push every low node above its high threshold is not removable', () => {
    // b at 100 m takes up to 400 m more. The check runs in the node's pod order and keeps each
    // fitting pod's usage on b (upstream's podFitsAnyNodeWithThreshold adds it and does not take
    // it back): the 100 m pod fits (b at 200), then 350 m no longer does (550), nor 450 m. Only the
    // 100 m pod is removable; a stays above 500 m after it.
    const r = runWhatIf(
      { ...cluster(pods, ['a', 'b'], 2), descheduler: descheduler(LNL, 60) },
      kubeDefault(),
    );
    expect(r.evictions).toBe(1);
    expect(trail(r)[0]).toEqual(['a', 'b']);
    // b at 420 m (low below 45 %) takes 80 m at most: no pod is removable; without nodeFit the
    // 450 m pod goes (the room, 80 m, is positive).
    const crowded = [...pods.slice(0, 3), { node: 1, use: 420 }];
    const tighter = runWhatIf(
      { ...cluster(crowded, ['a', 'b'], 2), descheduler: descheduler({ ...LNL, low: 45 }, 60) },
      kubeDefault(),
    );
    expect(tighter.evictions).toBe(0);
    const blind = runWhatIf(
      {
        ...cluster(crowded, ['a', 'b'], 2),
        descheduler: descheduler({ ...LNL, low: 45, nodeFit: false }, 60),
      },
      kubeDefault(),
    );
    expect(blind.evictions).toBe(1);
    expect(trail(blind)[2]).toEqual(['a', 'b']);
  });

  it('a node is abnormal only after more than consecutiveAbnormalities runs above high', () => {
    const run = (consecutive: number, step: number, T: number) =>
      runWhatIf(
        {
          ...cluster(pods, ['a', 'b'], T),
          step,
          descheduler: descheduler(
            { ...LNL, consecutiveAbnormalities: consecutive, interval: step },
            step,
          ),
        },
        kubeDefault(),
      );
    // reports from t = 0; runs at t = 1, 2, 3 see a high: the third is the one above 2.
    expect(run(2, 60, 3).evictions).toBe(0);
    expect(run(2, 60, 4).evictions).toBe(1);
    // at a 300 s interval the detector (5 min cache) expires between runs: never abnormal.
    expect(run(2, 300, 20).evictions).toBe(0);
  });
});
