import fc from 'fast-check';
import { describe, it } from 'vitest';
import { CRANE_METRICS, craneDynamic, type CraneSettings } from './index.ts';
import { expectCachesInvisible, randomCluster } from './testing/perInstantCaches.ts';

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
        const input = randomCluster({ ...c, step: c.step });
        expectCachesInvisible(input, () => craneDynamic(settings, c.step));
      }),
      { numRuns: 200, seed: 45 },
    );
  });
});
