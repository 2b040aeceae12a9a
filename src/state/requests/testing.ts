/** Test helpers: any valid Requests settings, for the link's round-trip properties. */
import fc from 'fast-check';
import { STRATEGIES } from '../../engine/rightsize/index.ts';
import { REQUESTS_HISTORIES, type RequestsSettings } from './params.ts';

const openUnit = fc.double({ min: 1e-6, max: 1 - 1e-6, noNaN: true }).filter((v) => v > 0 && v < 1);

export const requestsArb: fc.Arbitrary<RequestsSettings> = fc.record({
  history: fc.constantFrom(...REQUESTS_HISTORIES),
  learn: openUnit,
  target: openUnit,
  strategy: fc.constantFrom(...STRATEGIES),
  memory: fc.double({ min: 1e-3, max: 2 ** 20, noNaN: true }),
});
