import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matrixFrom } from '../matrix.ts';
import {
  kubeDefault,
  koordinatorOnline,
  loadVariationRiskBalancing,
  matrixColumns,
  parseScenario,
  recreations,
  runWhatIf,
  targetLoadPacking,
  craneDynamic,
  CRANE_ONLINE_DEFAULTS,
  type OnlineScheduler,
  type WhatIfInput,
} from './index.ts';

/** A replay input over pods × instants usage rows (machine units, 1000 m each). */
function input(
  rows: number[][],
  options: Partial<WhatIfInput> & { nodes?: WhatIfInput['nodes'] } = {},
): WhatIfInput {
  const T = rows[0].length;
  const ids = rows.map((_, p) => `p${p}`);
  return {
    ids,
    usage: matrixColumns(matrixFrom(rows.length, T, Float32Array.from(rows.flat()))),
    step: 300,
    milliPerUnit: 1000,
    first: new Int32Array(rows.length),
    last: new Int32Array(rows.length).fill(T - 1),
    nodes: [],
    newNodeCapacity: 1,
    placement: new Int32Array(rows.length).fill(-1),
    requests: null,
    recreations: [],
    judged: { start: 0, end: T },
    ...options,
  };
}

/** The node name of each pod's first residence. */
function firstNodes(r: ReturnType<typeof runWhatIf>): string[] {
  return r.residences.map((list) => r.nodes[list[0].node].name);
}

describe('kube-default (NodeResourcesFit + LeastAllocated on requests)', () => {
  it('fills an empty cluster in file order, adding node-0, node-1, … when none fits', () => {
    const rows = [0.6, 0.5, 0.3, 0.2].map((v) => [v, v]);
    const r = runWhatIf(
      input(rows, { requests: Float64Array.from([0.6, 0.5, 0.3, 0.2]) }),
      kubeDefault(),
    );
    // 600 m on node-0; 500 m does not fit (400 m left): node-1; 300 m: node-0 scores
    // (1000 − 900)·100/1000 = 10, node-1 (1000 − 800)·100/1000 = 20 → node-1; 200 m: node-0
    // 20, node-1 0 (1000 m requested after it) → node-0.
    expect(firstNodes(r)).toEqual(['node-0', 'node-1', 'node-1', 'node-0']);
    expect(r.nodesAdded).toBe(2);
    expect(r.nodes.map((n) => n.pods)).toEqual([
      ['p0', 'p3'],
      ['p1', 'p2'],
    ]);
  });

  it('breaks a tie to the lowest node name, not the first node listed', () => {
    const rows = [[0.1, 0.1]];
    const r = runWhatIf(
      input(rows, {
        requests: Float64Array.from([0.1]),
        nodes: [
          { name: 'b', capacity: 1 },
          { name: 'a', capacity: 1 },
        ],
      }),
      kubeDefault(),
    );
    expect(firstNodes(r)).toEqual(['a']);
  });

  it('MostAllocated packs onto the fuller node', () => {
    const rows = [0.5, 0.1, 0.1].map((v) => [v]);
    const requests = Float64Array.from([0.5, 0.1, 0.1]);
    const nodes = [
      { name: 'n0', capacity: 1 },
      { name: 'n1', capacity: 1 },
    ];
    const placement = Int32Array.from([0, -1, -1]);
    const least = runWhatIf(input(rows, { requests, nodes, placement }), kubeDefault());
    const most = runWhatIf(
      input(rows, { requests, nodes, placement }),
      kubeDefault('MostAllocated'),
    );
    expect(firstNodes(least).slice(1)).toEqual(['n1', 'n1']);
    expect(firstNodes(most).slice(1)).toEqual(['n0', 'n0']);
  });

  it('equals an independent kube-scheduler on random clusters', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1200 }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 4 }),
        fc.array(fc.integer({ min: 500, max: 3000 }), { minLength: 1, maxLength: 5 }),
        (requestsMilli, startNodes, capacities) => {
          // The independent one: every node's requested sums and integer scores, written out.
          const capacity = capacities[0];
          const names: string[] = [];
          const requested: number[] = [];
          const nonZero: number[] = [];
          for (let k = 0; k < startNodes; k++) {
            names.push(`s${k}`);
            requested.push(0);
            nonZero.push(0);
          }
          const expected: string[] = [];
          let added = 0;
          const choose = (req: number) => {
            let best = -1;
            for (let n = 0; n < names.length; n++) {
              if (req > 0 && req > capacity - requested[n]) continue;
              const total = nonZero[n] + (req === 0 ? 100 : req);
              const score =
                total > capacity ? 0 : Math.floor(((capacity - total) * 100) / capacity);
              const bestTotal = best < 0 ? 0 : nonZero[best] + (req === 0 ? 100 : req);
              const bestScore =
                best < 0
                  ? -1
                  : bestTotal > capacity
                    ? 0
                    : Math.floor(((capacity - bestTotal) * 100) / capacity);
              if (score > bestScore || (score === bestScore && names[n] < names[best])) best = n;
            }
            return best;
          };
          for (const req of requestsMilli) {
            let n = choose(req);
            if (n < 0 && req <= capacity) {
              names.push(`node-${added++}`);
              requested.push(0);
              nonZero.push(0);
              n = choose(req);
            }
            expected.push(n < 0 ? '-' : names[n]);
            if (n >= 0) {
              requested[n] += req;
              nonZero[n] += req === 0 ? 100 : req;
            }
          }
          const rows = requestsMilli.map(() => [0]);
          const r = runWhatIf(
            input(rows, {
              milliPerUnit: capacity,
              newNodeCapacity: 1,
              requests: Float64Array.from(requestsMilli, (m) => m / capacity),
              nodes: names.slice(0, startNodes).map((name) => ({ name, capacity: 1 })),
            }),
            kubeDefault(),
          );
          const got = r.residences.map((list) => (list.length ? r.nodes[list[0].node].name : '-'));
          expect(got).toEqual(expected);
        },
      ),
      { seed: 45, numRuns: 300 },
    );
  });
});

/** Pods arriving one per instant in order, each scheduled by `s`, onto `nodes`. */
function arrivals(rows: number[][], s: OnlineScheduler, options: Partial<WhatIfInput>) {
  const first = Int32Array.from(rows, (_, p) => p);
  return runWhatIf(input(rows, { first, ...options }), s);
}

describe('koordinator LoadAware (online)', () => {
  it('counts a just-assigned pod by its estimate until the node reports it, and filters on it', () => {
    // Two nodes; pod 0 is bound to n0 at instant 1 (request 400 m), pod 1 arrives at instant 2.
    // The report at instant 1 shows pod 0 at 100 m but it was bound less than 60 s before:
    // n0's estimate = 0.85 · 400 (pod 0's estimate, above its 100 m) + 0.85 · 400 (pod 1)
    // + (n0's 100 m − pod 0's 100 m) = 680 m → 68 % > 65 %: filtered out; n1 (340 m, 34 %) takes it.
    const rows = [
      [0, 0.1, 0.1],
      [0, 0, 0.1],
    ];
    const nodes = [
      { name: 'n0', capacity: 1 },
      { name: 'n1', capacity: 1 },
    ];
    const requests = Float64Array.from([0.4, 0.4]);
    const first = Int32Array.from([1, 2]);
    const k = koordinatorOnline({ threshold: 65, factor: 85, reportInterval: 60 }, 300);
    const r = runWhatIf(input(rows, { nodes, requests, first }), k);
    expect(firstNodes(r)).toEqual(['n0', 'n1']);
    // Without the estimate of pod 0 (as the one-shot rule would see it) n0 would pass at 44 %
    // and, by the score, lose only to an emptier node: with n1 holding 500 m, n0 wins.
    const busy = [...rows, [0.5, 0.5, 0.5]];
    const r2 = runWhatIf(
      input(busy, {
        nodes,
        requests: Float64Array.from([0.4, 0.4, 0.5]),
        first: Int32Array.from([1, 2, 0]),
        placement: Int32Array.from([-1, -1, 1]),
      }),
      k,
    );
    // n1 reports 500 m: with pod 1 (340 m) 84 % > 65 % → filtered; n0 at 68 % too: autoscaled.
    expect(firstNodes(r2)).toEqual(['n0', 'node-0', 'n1']);
  });

  it('reads the report at full weight once the interval has passed', () => {
    // Pod 0 bound at instant 0; at instant 2 the report at 1 is 300 s after the binding (> 60 s):
    // n0 = its reported 100 m + pod 1's 340 m = 44 % ≤ 65 %, and scores above the empty-but-
    // unreported n1 (no NodeMetric: passes, scores 0).
    const rows = [
      [0.1, 0.1, 0.1],
      [0, 0, 0.1],
    ];
    const r = runWhatIf(
      input(rows, {
        nodes: [{ name: 'n0', capacity: 1 }],
        requests: Float64Array.from([0.4, 0.4]),
        first: Int32Array.from([0, 2]),
      }),
      koordinatorOnline({ threshold: 65, factor: 85, reportInterval: 60 }, 300),
    );
    expect(firstNodes(r)).toEqual(['n0', 'n0']);
  });

  it('with no report yet the filter lets pods through, as upstream does without a NodeMetric', () => {
    const rows = [[0.9], [0.9]];
    const r = arrivals(
      rows.map((row) => [row[0], row[0]]),
      koordinatorOnline({ threshold: 65, factor: 85, reportInterval: 60 }, 300),
      { first: new Int32Array(2), requests: Float64Array.from([0.1, 0.1]) },
    );
    expect(firstNodes(r)).toEqual(['node-0', 'node-0']);
  });
});

describe('trimaran (online)', () => {
  it('TargetLoadPacking averages a window that has not filled yet over what there is', () => {
    // n0 ran 200 m then 400 m (two instants of a three-instant window): average 300 m; a 100 m
    // request predicts 150 m: P = 45 % > 40 % → round(40·55/60) = 37. n1 ran 100 m: P = 25 % →
    // round(60·25/40 + 40) = 78: n1 wins; with a full window the same numbers hold.
    const rows = [
      [0.2, 0.4, 0],
      [0.1, 0.1, 0],
      [0, 0, 0],
    ];
    const r = runWhatIf(
      input(rows, {
        nodes: [
          { name: 'n0', capacity: 1 },
          { name: 'n1', capacity: 1 },
        ],
        placement: Int32Array.from([0, 1, -1]),
        first: Int32Array.from([0, 0, 2]),
        requests: Float64Array.from([0.2, 0.1, 0.1]),
      }),
      targetLoadPacking(undefined, 300),
    );
    expect(firstNodes(r)[2]).toBe('n1');
  });

  it('TargetLoadPacking prefers the node that lands nearest the target', () => {
    // n0 at 300 m: P = 45 % → 37; n1 at 200 m: P = 35 % → round(60·35/40 + 40) = 93 → n1.
    // n2 at 0 m: P = 15 % → round(60·15/40 + 40) = 63.
    const rows = [
      [0.3, 0.3, 0],
      [0.2, 0.2, 0],
      [0.0, 0.0, 0],
      [0, 0, 0],
    ];
    const r = runWhatIf(
      input(rows, {
        nodes: ['n0', 'n1', 'n2'].map((name) => ({ name, capacity: 1 })),
        placement: Int32Array.from([0, 1, 2, -1]),
        first: Int32Array.from([0, 0, 0, 2]),
        requests: Float64Array.from([0.3, 0.2, 0, 0.1]),
      }),
      targetLoadPacking(undefined, 300),
    );
    expect(firstNodes(r)[3]).toBe('n1');
  });

  it('LoadVariationRiskBalancing avoids the node whose usage varies', () => {
    // n0: 200, 600 m (μ 400, σ 200); n1: 450, 450 m (σ 0). Pod 100 m: n0 risk (0.5 + 0.2)/2
    // → 65; n1 (0.55 + 0)/2 → 73 (rounded): n1.
    const rows = [
      [0.2, 0.6, 0],
      [0.45, 0.45, 0],
      [0, 0, 0],
    ];
    const r = runWhatIf(
      input(rows, {
        nodes: ['n0', 'n1'].map((name) => ({ name, capacity: 1 })),
        placement: Int32Array.from([0, 1, -1]),
        first: Int32Array.from([0, 0, 2]),
        requests: Float64Array.from([0.2, 0.45, 0.1]),
      }),
      loadVariationRiskBalancing(undefined, 300),
    );
    expect(firstNodes(r)[2]).toBe('n1');
  });
});

describe('crane Dynamic (online)', () => {
  const nodes = ['n0', 'n1'].map((name) => ({ name, capacity: 1 }));

  it('filters a node whose 5-minute mean is above maxLimitPecent', () => {
    const rows = [
      [0.7, 0.7, 0.7],
      [0.3, 0.3, 0.3],
      [0, 0, 0.1],
    ];
    const r = runWhatIf(
      input(rows, {
        nodes,
        placement: Int32Array.from([0, 1, -1]),
        first: Int32Array.from([0, 0, 2]),
        requests: Float64Array.from([0.1, 0.1, 0.1]),
      }),
      craneDynamic(CRANE_ONLINE_DEFAULTS, 300),
    );
    // n0's cpu_usage_avg_5m 0.7 > 0.65: filtered, though n0 is listed first.
    expect(firstNodes(r)[2]).toBe('n1');
  });

  it('the hot value of its own recent bindings spreads a burst', () => {
    // Both nodes at 0.2: score (0.8·0.2 + 0.8·0.3 + 0.8·0.5)·100 = 80. The first pod goes to n0
    // (tie, lowest name); n0's hot value is then 1/5 + 1/2 = 0.7 → 80 − 7: the second goes to n1;
    // the third ties again → n0.
    const rows = [
      [0.2, 0.2, 0.2],
      [0.2, 0.2, 0.2],
      [0, 0, 0.01],
      [0, 0, 0.01],
      [0, 0, 0.01],
    ];
    const r = runWhatIf(
      input(rows, {
        nodes,
        placement: Int32Array.from([0, 1, -1, -1, -1]),
        first: Int32Array.from([0, 0, 2, 2, 2]),
        requests: Float64Array.from([0.1, 0.1, 0.1, 0.1, 0.1]),
      }),
      craneDynamic(CRANE_ONLINE_DEFAULTS, 300),
    );
    expect(firstNodes(r).slice(2)).toEqual(['n0', 'n1', 'n0']);
  });

  it('names its longest window: the default policy’s one-day priority', () => {
    const w = craneDynamic(CRANE_ONLINE_DEFAULTS, 300).window!;
    expect(w.what).toBe("Crane's cpu_usage_max_avg_1d window");
    expect(w.seconds).toBe(86400);
    const hourOnly = craneDynamic(
      {
        ...CRANE_ONLINE_DEFAULTS,
        priorities: CRANE_ONLINE_DEFAULTS.priorities.filter(
          (p) => p.name !== 'cpu_usage_max_avg_1d',
        ),
      },
      300,
    ).window!;
    expect([hourOnly.what, hourOnly.seconds]).toEqual([
      "Crane's cpu_usage_max_avg_1h window",
      3600,
    ]);
  });
});

describe('the replay', () => {
  it('judges each node strictly above capacity over the judged part only', () => {
    const rows = [
      [0.75, 0.5, 0.5, 0.75],
      [0.5, 0.5, 0.5, 0.5],
    ];
    const r = runWhatIf(
      input(rows, {
        nodes: [{ name: 'n0', capacity: 1 }],
        placement: Int32Array.from([0, 0]),
        judged: { start: 1, end: 4 },
      }),
      kubeDefault(),
    );
    // totals 1.25, 1, 1, 1.25 (exact in float32): judged instants 1–3, one strictly above 1.
    expect(r.nodes[0].overloads).toBe(1);
    expect(r.nodes[0].q).toBeCloseTo(1 / 3, 12);
    expect(r.worst).toEqual({ name: 'n0', q: 1 / 3 });
    expect(r.decisions).toBe(0);
  });

  it('a rollout re-creates every running pod once, seeded, within its hours', () => {
    const first = new Int32Array(10);
    const last = new Int32Array(10).fill(99);
    const a = recreations(parseScenario('rollout:2'), first, last, 100, 300, 3);
    expect(a.map((e) => e.pod).sort((x, y) => x - y)).toEqual([...Array(10).keys()]);
    expect(Math.max(...a.map((e) => e.at))).toBeLessThan(24);
    expect(recreations(parseScenario('rollout:2'), first, last, 100, 300, 3)).toEqual(a);
    expect(recreations(parseScenario('rollout:2'), first, last, 100, 300, 4)).not.toEqual(a);
    expect(() => recreations(parseScenario('rollout:9'), first, last, 100, 300, 3)).toThrow(
      /lasts 108 instants of 300 s; the history has 100/,
    );
    const b = recreations(parseScenario('restart:0.3'), first, last, 100, 300, 3);
    expect(b).toHaveLength(3);
    expect(() => parseScenario('restart:1.5')).toThrow(/restart share/);
    expect(() => parseScenario('later')).toThrow(/expected fresh, history/);
  });

  it('assumes a request from usage before the pod was created only', () => {
    // Pod 0 arrives at instant 2 having run 0.2 then 0.9 before (a restart's earlier life):
    // its assumed request is the p95 of [0.2, 0.9] = 0.865, never its later 0.95.
    const rows = [[0.2, 0.9, 0.95, 0.95]];
    const r = runWhatIf(
      input(rows, {
        nodes: [{ name: 'n0', capacity: 1 }],
        placement: Int32Array.from([0]),
        recreations: [{ at: 2, pod: 0 }],
        newNodeCapacity: 1,
      }),
      {
        name: 'probe',
        settings: {},
        historyInstants: 1,
        window: null,
        place(pod, view) {
          expect(view.requestMilli(pod)).toBe(865);
          return 0;
        },
      },
    );
    expect(r.decisions).toBe(1);
  });
});
