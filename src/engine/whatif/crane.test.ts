import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matrixFrom } from '../matrix.ts';
import {
  CRANE_METRICS,
  craneDynamic,
  matrixColumns,
  recreations,
  runWhatIf,
  type ClusterView,
  type CraneSettings,
  type OnlineScheduler,
} from './index.ts';

/**
 * The scheduler reading every node's annotations afresh at every arrival, as it did before it kept
 * them from one sync to the next and each node's score for the instant: each arrival sees a view
 * it has not seen, with every node at a new version.
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

const metric = fc.constantFrom(...CRANE_METRICS);
const cluster = fc.record({
  pods: fc.integer({ min: 2, max: 24 }),
  nodes: fc.integer({ min: 1, max: 6 }),
  instants: fc.integer({ min: 4, max: 60 }),
  seed: fc.integer({ min: 0, max: 1e6 }),
  step: fc.constantFrom(60, 300, 900),
  predicates: fc.array(fc.record({ name: metric, maxLimitPecent: fc.constantFrom(0, 0.3, 0.65) }), {
    maxLength: 3,
  }),
  priorities: fc.array(fc.record({ name: metric, weight: fc.constantFrom(0, 0.2, 0.5, 1) }), {
    maxLength: 3,
  }),
  sync: fc.tuple(
    fc.constantFrom(60, 180, 900),
    fc.constantFrom(300, 900, 3600),
    fc.constantFrom(900, 10800),
  ),
});

describe('crane Dynamic: each node’s annotations read once per sync', () => {
  it('places every pod where reading them at every arrival does, on random clusters', () => {
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
        const settings: CraneSettings = {
          predicates: c.predicates,
          priorities: c.priorities,
          sync: {
            cpu_usage_avg_5m: c.sync[0],
            cpu_usage_max_avg_1h: c.sync[1],
            cpu_usage_max_avg_1d: c.sync[2],
          },
          hotValue: [
            { timeRange: 300, count: 5 },
            { timeRange: 60, count: 2 },
          ],
        };
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
        const kept = runWhatIf(input, craneDynamic(settings, c.step));
        const fresh = runWhatIf(input, uncached(craneDynamic(settings, c.step)));
        expect(kept.residences).toEqual(fresh.residences);
        expect(kept.nodes.map((n) => n.name)).toEqual(fresh.nodes.map((n) => n.name));
        expect(kept.nodes.map((n) => n.q)).toEqual(fresh.nodes.map((n) => n.q));
      }),
      { numRuns: 200, seed: 45 },
    );
  });
});
