import fc from 'fast-check';
import { describe, it } from 'vitest';
import { koordinatorOnline, type KoordinatorSettings } from './index.ts';
import { expectCachesInvisible, randomCluster } from './testing/perInstantCaches.ts';

const cluster = fc.record({
  pods: fc.integer({ min: 2, max: 24 }),
  nodes: fc.integer({ min: 1, max: 6 }),
  instants: fc.integer({ min: 4, max: 40 }),
  seed: fc.integer({ min: 0, max: 1e6 }),
  reportInterval: fc.constantFrom(60, 300, 600, 900),
  threshold: fc.integer({ min: 0, max: 100 }),
  factor: fc.integer({ min: 1, max: 100 }),
  aggregation: fc.option(
    fc.record({
      type: fc.constantFrom('avg', 'p50', 'p90', 'p95', 'p99') as fc.Arbitrary<
        'avg' | 'p50' | 'p90' | 'p95' | 'p99'
      >,
      threshold: fc.integer({ min: 1, max: 100 }),
      duration: fc.constantFrom(0, 600, 1500),
    }),
    { nil: undefined },
  ),
});

describe('koordinator LoadAware: each node estimated once per instant', () => {
  it('places every pod where estimating every node at every arrival does, on random clusters', () => {
    fc.assert(
      fc.property(cluster, (c) => {
        const settings: KoordinatorSettings = {
          threshold: c.threshold,
          factor: c.factor,
          reportInterval: c.reportInterval,
          aggregation: c.aggregation,
        };
        const input = randomCluster({ ...c, step: 300 });
        expectCachesInvisible(input, () => koordinatorOnline(settings, 300));
      }),
      { numRuns: 200, seed: 45 },
    );
  });
});
