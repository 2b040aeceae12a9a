/** Test helpers: any valid Schedulers settings, for the link's round-trip properties. */
import fc from 'fast-check';
import { SLO_SCOPES } from '../../engine/index.ts';
import { SCHEDULER_HISTORIES, type SchedulersSettings } from './params.ts';
import { isSubnormal } from '../../engine/ranges.ts';

const openUnit = fc.double({ min: 1e-6, max: 1 - 1e-6, noNaN: true }).filter((v) => v > 0 && v < 1);

export const schedulersArb: fc.Arbitrary<SchedulersSettings> = fc.record({
  history: fc.constantFrom(...SCHEDULER_HISTORIES),
  learn: openUnit,
  target: openUnit,
  scope: fc.constantFrom(...SLO_SCOPES),
  scheduler: fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/),
  knob: fc.option(
    fc
      .double({ min: -1e6, max: 1e6, noNaN: true })
      .filter((v) => !isSubnormal(v))
      .map((v) => (v === 0 ? 0 : v)),
    { nil: null },
  ),
});
