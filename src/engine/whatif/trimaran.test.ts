import fc from 'fast-check';
import { describe, it } from 'vitest';
import { loadVariationRiskBalancing, targetLoadPacking } from './index.ts';
import { expectCachesInvisible, randomCluster } from './testing/perInstantCaches.ts';

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
        const input = randomCluster({ ...c, step: c.step });
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
        expectCachesInvisible(input, make);
      }),
      { numRuns: 200, seed: 45 },
    );
  });
});
