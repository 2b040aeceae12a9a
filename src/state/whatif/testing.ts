/** Test helpers: any valid Replay settings, for the link's round-trip properties. */
import fc from 'fast-check';
import { isSubnormal } from '../../engine/ranges.ts';
import {
  WHATIF_HISTORIES,
  WHATIF_SCENARIOS,
  WHATIF_SCHEDULERS,
  type WhatifSettings,
} from './params.ts';

const openUnit = fc.double({ min: 1e-6, max: 1 - 1e-6, noNaN: true }).filter((v) => v > 0 && v < 1);
const knob = fc.option(
  fc
    .double({ min: -1e6, max: 1e6, noNaN: true })
    .filter((v) => !isSubnormal(v))
    .map((v) => (v === 0 ? 0 : v)),
  { nil: null },
);

export const whatifArb: fc.Arbitrary<WhatifSettings> = fc.record({
  history: fc.constantFrom(...WHATIF_HISTORIES),
  learn: openUnit,
  target: openUnit,
  scenario: fc.constantFrom(...WHATIF_SCENARIOS),
  hours: fc.double({ min: 1e-3, max: 1e4, noNaN: true }),
  share: fc.double({ min: 0, max: 1, noNaN: true }).map((v) => (v === 0 || isSubnormal(v) ? 0 : v)),
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  a: fc.constantFrom(...WHATIF_SCHEDULERS),
  aKnob: knob,
  b: fc.constantFrom(...WHATIF_SCHEDULERS),
  bKnob: knob,
});
