/**
 * The per-machine SLO target q* of the Schedulers view, `advise --target` and `pack --target` (the
 * target the per-machine figures are read against): an overflow frequency strictly between 0 and 1.
 */
import { numberRange } from '../ranges.ts';

export const SLO_TARGET = numberRange('target', 'q*', {
  min: 0,
  minOpen: true,
  max: 1,
  maxOpen: true,
  flag: 'target',
});
