/** Test helper: arbitrary Resize parameters (every value the link accepts). */
import fc from 'fast-check';
import {
  RESIZE_POLICIES,
  RESIZE_PREDICTORS,
  RESIZE_WORKLOAD_IDS,
  type ResizeParams,
} from './params.ts';
import { isSubnormal } from '../../engine/ranges.ts';

const finite = (min: number, max: number) =>
  fc
    .double({ min, max, noNaN: true, noDefaultInfinity: true })
    .filter((v) => !isSubnormal(v))
    .map((v) => v + 0); // no −0 in a link

export const resizeParamsArb: fc.Arbitrary<ResizeParams> = fc.record({
  workload: fc.constantFrom(...RESIZE_WORKLOAD_IDS),
  policy: fc.constantFrom(...RESIZE_POLICIES),
  every: fc.integer({ min: 1, max: 100_000 }),
  predictor: fc.constantFrom(...RESIZE_PREDICTORS),
  upAlpha: finite(-1, 1),
  downAlpha: finite(-1, 1),
  window: fc.integer({ min: 1, max: 10_000 }),
  percentile: finite(0, 100),
  z: finite(-10, 10),
  gpaHot: fc.boolean(),
  hot: finite(1e-3, 10),
  scenario: fc.stringMatching(/^[a-z0-9-]{1,40}$/),
  replayStep: fc.integer({ min: 0, max: 1_000_000 }),
});
