/**
 * The registry's entry of the convolution test at ρ and bin width w and its bin width's range: its
 * description (label, parameters, sweep, tuning), which the first page reads; its code is
 * `../convolution.ts`.
 */
import { checkRange, numberRange } from '../../ranges.ts';
import { logGrid, type FitEntry } from '../entry.ts';
import { RHO_PARAMETER, RHO_SLACK, rhoTuning, TAIL_SWEEP } from './gpa.ts';

/** The default bin width w: 1/400 of a reference machine (PlanetLab's 1 % at scale 0.25). */
export const DEFAULT_BIN = 0.0025;
/** The most bins a machine's pmf may have (c/w), to keep the convolution interactive. */
export const MAX_BINS = 100_000;

export const BIN_WIDTH = numberRange('bin width', 'w', { min: 0, minOpen: true, flag: 'bin' });

export function checkBin(bin: number): number {
  return checkRange(BIN_WIDTH, bin);
}

export const CONV_FIT: FitEntry = {
  kind: 'conv',
  label: 'exact convolution (ρ)',
  group: 'tail-aware',
  family: { name: 'convolution ρ' },
  slackMeaning: RHO_SLACK,
  sweep: TAIL_SWEEP,
  parameters: [
    RHO_PARAMETER,
    {
      key: 'bin',
      range: BIN_WIDTH,
      default: DEFAULT_BIN,
      input: {
        label: 'histogram bin width (machines)',
        widget: 'number',
        min: 1e-4,
        max: 0.5,
        hint: 'Per-task usage histograms are convolved at this resolution',
      },
      arbitrary: { min: 1e-4, max: 0.5 },
    },
  ],
  example: { kind: 'conv', rho: 0.01, bin: 0.005 },
  tuning: rhoTuning('convolution ρ', logGrid(0.2, 1e-8, 16), 6),
};
