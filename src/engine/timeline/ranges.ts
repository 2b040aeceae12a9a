import { numberRange } from '../ranges.ts';

/** Timeline's machine capacity c: positive, at most 1000 machines' worth of one task's unit. */
export const TIMELINE_CAPACITY = numberRange('capacity', 'c', {
  min: 0,
  minOpen: true,
  max: 1000,
  flag: 'capacity',
});
