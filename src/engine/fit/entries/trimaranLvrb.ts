/**
 * The registry's entry of Trimaran's LoadVariationRiskBalancing rule with its parameters' ranges,
 * the code's defaults and the README's recommendation: its description (label, parameters, sweep,
 * tuning), which the first page reads; its code is `../scheduler/trimaranLvrb.ts`.
 */
import { numberRange } from '../../ranges.ts';
import { linearGrid, type FitEntry } from '../entry.ts';
import { REQUEST_ASSUMPTION, STEP_PARAMETER } from './usage.ts';
import { TRIMARAN_SCORE_ONLY, TRIMARAN_WINDOW_PARAMETER } from './trimaranTlp.ts';

export const LVRB_MARGIN = numberRange('safeVarianceMargin', 'margin', { min: 0 });
export const LVRB_SENSITIVITY = numberRange('safeVarianceSensitivity', 'sensitivity', {
  min: 0,
  minOpen: true,
});

/** The code's defaults (defaults.go) and the README's recommendation. */
export const LVRB_CODE_DEFAULTS = { margin: 1, sensitivity: 1 } as const;
export const LVRB_RECOMMENDED = { margin: 1, sensitivity: 2 } as const;

export const LVRB_FIT: FitEntry = {
  kind: 'lvrb',
  label: `Trimaran LoadVariationRiskBalancing (safeVarianceMargin, safeVarianceSensitivity; this plugin only scores; read as a filter at risk ½; ${REQUEST_ASSUMPTION})`,
  group: 'scheduler',
  family: { name: 'Trimaran LVRB margin' },
  slackMeaning: `1 − (μ + min(1, margin·σ^(1/sensitivity))), μ and σ the node's window mean with the request and its σ, fractions of c (${TRIMARAN_SCORE_ONLY.replace('the target', 'risk ½')}; ${REQUEST_ASSUMPTION})`,
  sweep: [
    [1, 1, 0],
    [1, 2, 0],
  ],
  readsPercentiles: true,
  parameters: [
    {
      key: 'margin',
      range: LVRB_MARGIN,
      input: { label: 'safeVarianceMargin', widget: 'number', min: 0, max: 10 },
      arbitrary: { min: 0, max: 10 },
    },
    {
      key: 'sensitivity',
      range: LVRB_SENSITIVITY,
      input: {
        label: 'safeVarianceSensitivity',
        widget: 'number',
        min: 0.1,
        max: 10,
        hint: 'code default 1, README recommends 2',
      },
      arbitrary: { min: 0.25, max: 4 },
      // The notation has no default for it; the tuner tunes the margin at the README's
      // recommended sensitivity.
      held: LVRB_RECOMMENDED.sensitivity,
    },
    TRIMARAN_WINDOW_PARAMETER,
    STEP_PARAMETER,
  ],
  example: { kind: 'lvrb', margin: 1, sensitivity: 2, window: 900, step: 300 },
  tuning: {
    label: 'Trimaran safeVarianceMargin (sensitivity 2)',
    direction: 1,
    scale: 'linear',
    grid: linearGrid(0, 6, 0.25),
    nominalSlo: () => null,
    nominalSloMeaning: 'none: the margin names no overflow probability',
  },
};
