/**
 * The Resize wing's number parameters, each declared once with the page's name and the command
 * line's flag (`resize --up-alpha` is the panel's "FUSD ↑α").
 */
import { numberRange } from '../ranges.ts';

/** FUSD's defaults (here, not beside the predictor: the first page's links read them alone). */
export const FUSD_DEFAULTS = { upAlpha: -0.2, downAlpha: 0.7, window: 8, percentile: 90 } as const;

const alpha = (name: string, flag: string) => numberRange(name, 'α', { min: -1, max: 1, flag });

export const FUSD_UP_ALPHA = alpha('FUSD ↑α', 'up-alpha');
export const FUSD_DOWN_ALPHA = alpha('FUSD ↓α', 'down-alpha');
/** FUSD's and the stochastic predictor's window W, in steps. */
export const RESIZE_WINDOW = numberRange('window W', 'window W', {
  min: 1,
  max: 10_000,
  integer: true,
  flag: 'window',
});
export const FUSD_PERCENTILE = numberRange('percentile', 'p', {
  min: 0,
  max: 100,
  flag: 'percentile',
});
/** The hot-spot threshold h on a machine's actual usage (SPEC §13). */
export const HOT_THRESHOLD = numberRange('hot-spot threshold', 'h', {
  min: 0,
  minOpen: true,
  max: 10,
  flag: 'hot',
});
/** `resize --max-vms` / `--max-steps`: the first N VMs or steps of a workload. */
export const RESIZE_MAX_VMS = numberRange('max-vms', 'max-vms', {
  min: 1,
  integer: true,
  flag: 'max-vms',
});
export const RESIZE_MAX_STEPS = numberRange('max-steps', 'max-steps', {
  min: 1,
  integer: true,
  flag: 'max-steps',
});
