/**
 * The registry's entry of the same-hour-of-previous-days peak predictor (N-sigma about a daily
 * profile): its description, which the first page reads; its code is `../hourOfDay.ts`. Its
 * strings and ranges are its neighbours' where they mean the same (the first page is full).
 */
import { numberRange } from '../../ranges.ts';
import type { FitEntry } from '../entry.ts';
import { AUTOPILOT_STEP } from './autopilot.ts';
import { N_PARAMETER, N_TUNING } from './nSigma.ts';

export const HOD_BIN_MINUTES = numberRange('bin width (minutes)', 'w', { min: 0, minOpen: true });

export const HOD_FIT: FitEntry = {
  kind: 'hod',
  label: 'same hour of previous days, profile + N·sd of the machine total (aligned)',
  group: 'correlation-aware',
  family: { name: 'hour-of-day N' },
  slackMeaning: 'c − (hour bin’s mean + N·sd about the daily profile), least over the bins',
  // No Trade-off points: its columns must be the instants of a time-aligned history, not draws.
  sweep: [],
  parameters: [
    N_PARAMETER,
    {
      key: 'binMinutes',
      range: HOD_BIN_MINUTES,
      default: 60,
      arbitrary: { min: 1, max: 1440 },
      input: { label: 'bin w (min)', widget: 'number', min: 1, max: 1440 },
    },
    {
      key: 'step',
      range: AUTOPILOT_STEP,
      default: 300,
      arbitrary: { min: 1, max: 3600 },
      input: { label: 'step Δ (s)', widget: 'number', min: 1, max: 86400 },
    },
  ],
  example: { kind: 'hod', n: 4, binMinutes: 60, step: 300 },
  tuning: N_TUNING('hour-of-day N'),
};
