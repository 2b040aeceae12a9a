import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matrixFrom } from '../matrix.ts';
import {
  loadVariationRiskBalancing,
  matrixColumns,
  recreations,
  runWhatIf,
  targetLoadPacking,
  type ClusterView,
  type OnlineScheduler,
} from './index.ts';

/**
 * The scheduler reading every node's window afresh at every arrival, as it did before it kept each
 * node's figures for the instant: its view gives every node a new version at every read.
 */
function uncached(inner: OnlineScheduler): OnlineScheduler {
  let reads = 0;
  return {
    ...inner,
    place(pod, view) {
      const fresh: ClusterView = {
        t: view.t,
        step: view.step,
        nodeCount: view.nodeCount,
        node: (n) => ({ ...view.node(n), version: -1 - reads++ }),
        nodeUsageMilli: (n, u) => view.nodeUsageMilli(n, u),
        podUsageMilli: (p, u) => view.podUsageMilli(p, u),
        assignedSince: (n, since) => view.assignedSince(n, since),
        requestMilli: (p) => view.requestMilli(p),
        memoryRequestBytes: (p) => view.memoryRequestBytes(p),
      };
      return inner.place(pod, fresh);
    },
  };
}

const cluster = fc.record({
  pods: fc.integer({ min: 2, max: 24 }),
  nodes: fc.integer({ min: 1, max: 6 }),
  instants: fc.integer({ min: 4, max: 40 }),
  seed: fc.integer({ min: 0, max: 1e6 }),
  step: fc.constantFrom(30, 60, 300),
  plugin: fc.oneof(
    fc.record({
      kind: fc.constant('tlp' as const),
      target: fc.integer({ min: 1, max: 99 }),
      multiplier: fc.constantFrom(1, 1.5, 2),
    }),
    fc.record({
      kind: fc.constant('lvrb' as const),
      margin: fc.constantFrom(0.5, 1, 2),
      sensitivity: fc.constantFrom(0.5, 1, 2),
    }),
  ),
});

describe('trimaran TLP and LVRB: each node’s window read once per instant', () => {
  it('places every pod where reading every node at every arrival does, on random clusters', () => {
    fc.assert(
      fc.property(cluster, (c) => {
        let state = c.seed + 1;
        const next = () => {
          state = (Math.imul(state, 1103515245) + 12345) >>> 0;
          return state / 4294967296;
        };
        const data = Float32Array.from({ length: c.pods * c.instants }, () => 0.4 * next());
        const first = Int32Array.from({ length: c.pods }, () =>
          Math.floor(next() * (c.instants / 2)),
        );
        const last = Int32Array.from(first, (f) => f + Math.floor(next() * (c.instants - f)));
        const requests = Float64Array.from({ length: c.pods }, () =>
          next() < 0.2 ? 0 : 0.3 * next(),
        );
        const placement = Int32Array.from({ length: c.pods }, () =>
          next() < 0.3 ? Math.floor(next() * c.nodes) : -1,
        );
        const input = {
          ids: Array.from({ length: c.pods }, (_, p) => `p${p}`),
          usage: matrixColumns(matrixFrom(c.pods, c.instants, data)),
          step: c.step,
          milliPerUnit: 1000,
          first,
          last,
          nodes: Array.from({ length: c.nodes }, (_, n) => ({
            name: `n${(7 * n) % c.nodes}`,
            capacity: 0.5 + next(),
          })),
          newNodeCapacity: 1,
          placement,
          requests,
          recreations: recreations(
            { kind: 'restart', share: 0.5 },
            first,
            last,
            c.instants,
            c.step,
            c.seed,
          ),
          judged: { start: 0, end: c.instants },
        };
        const p = c.plugin;
        const make = () =>
          p.kind === 'tlp'
            ? targetLoadPacking(
                {
                  targetUtilization: p.target,
                  defaultRequestsMultiplier: p.multiplier,
                  defaultRequestsMilli: 1000,
                },
                c.step,
              )
            : loadVariationRiskBalancing(
                { safeVarianceMargin: p.margin, safeVarianceSensitivity: p.sensitivity },
                c.step,
              );
        const kept = runWhatIf(input, make());
        const fresh = runWhatIf(input, uncached(make()));
        expect(kept.residences).toEqual(fresh.residences);
        expect(kept.nodes.map((n) => [n.name, n.q])).toEqual(fresh.nodes.map((n) => [n.name, n.q]));
      }),
      { numRuns: 200, seed: 45 },
    );
  });
});
