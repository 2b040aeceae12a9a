/** The Timeline view's parameters as a fast-check arbitrary, for the URL codec's tests. */
import fc from 'fast-check';
import { ORDERS, POLICIES, type TimelineFit } from '../../engine/timeline/index.ts';
import { TIMELINE_SOURCES, type TimelineViewParams } from './params.ts';
import { isSubnormal } from '../../engine/ranges.ts';

const fitArb: fc.Arbitrary<TimelineFit> = fc.oneof(
  fc.constant({ kind: 'size' } as const),
  fc
    .double({ min: 1e-6, max: 0.5, noNaN: true, noDefaultInfinity: true })
    .map((rho) => ({ kind: 'gpa', rho }) as const),
);

export const timelineParamsArb: fc.Arbitrary<TimelineViewParams> = fc.record({
  timelineSource: fc.constantFrom(...TIMELINE_SOURCES),
  timelineTasks: fc.integer({ min: 1, max: 2_000_000 }),
  timelineDays: fc.integer({ min: 1, max: 30 }),
  timelinePolicy: fc.constantFrom(...POLICIES),
  timelineOrder: fc.constantFrom(...ORDERS),
  timelineWindow: fc.double({ min: 0, max: 86_400, noNaN: true }).filter((v) => !isSubnormal(v)),
  timelineFit: fitArb,
  timelineError: fc.double({ min: 0, max: 10, noNaN: true }).filter((v) => !isSubnormal(v)),
  timelineCapacity: fc.double({ min: 1e-3, max: 1000, noNaN: true }).filter((c) => c > 0),
  timelineSeed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  timelineTime: fc.option(
    fc.double({ min: 0, max: 1e7, noNaN: true }).filter((v) => !isSubnormal(v)),
    { nil: null },
  ),
  timelineMachine: fc.option(fc.integer({ min: 0, max: 1e6 }), { nil: null }),
  timelineUpload: fc.option(
    fc.record({
      name: fc.stringMatching(/^[A-Za-z0-9 _.,()-]{1,20}$/),
      hash: fc.stringMatching(/^[0-9a-f]{64}$/),
    }),
    { nil: null },
  ),
});
