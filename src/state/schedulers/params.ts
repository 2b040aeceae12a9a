/**
 * The Schedulers view's parameters, one object in `Params.schedulers`: the bundled history with a
 * time axis, the share of its instants learned (the rest is judged), the per-machine SLO target and
 * the scope it is read on (engine/replay/slo.ts), the scheduler's tab, and a knob value the user
 * set (null: the tuned one). The packing is the correlation report's: Best Fit, rebalancing 5, c = 1.
 */
import { numberRange, SLO_SCOPES, type SloScope } from '../../engine/index.ts';
import { SLO_TARGET } from '../../engine/schedulers/index.ts';
import type { UrlCodec } from '../common/link/codecs.ts';
import {
  choiceParam,
  customParam,
  defaultsOf,
  numberParam,
  optionalNumber,
  type ParamSpecs,
} from '../common/store/paramSpec.ts';

/** The bundled histories the view replays (sample index = instant, five-minute steps). */
export const SCHEDULER_HISTORIES = ['azure-v1', 'google-gcd-jobs'] as const;
type SchedulerHistory = (typeof SCHEDULER_HISTORIES)[number];

export interface SchedulersSettings {
  readonly history: SchedulerHistory;
  /** The share of the instants learned, from the first; the rest is judged. */
  readonly learn: number;
  /** q*: the per-machine overflow frequency the knob is tuned to keep. */
  readonly target: number;
  readonly scope: SloScope;
  /** The open tab: a scheduler's name in the catalog. */
  readonly scheduler: string;
  /** The knob value the user set (null: the tuned value). */
  readonly knob: number | null;
}

const SCHEDULER_NAME = /^[a-z][a-z0-9-]{0,40}$/;

const schedulerCodec: UrlCodec<string> = {
  read: (raw) => (SCHEDULER_NAME.test(raw) ? { value: raw } : { problem: 'not a scheduler name' }),
  write: (v) => v,
};

export const SCHEDULERS_PARAMS: ParamSpecs<SchedulersSettings> = {
  history: choiceParam<SchedulerHistory>('schd', 'azure-v1', 'history', SCHEDULER_HISTORIES),
  learn: numberParam(
    'schl',
    0.5,
    numberRange('learned share', 'learn', { min: 0, minOpen: true, max: 1, maxOpen: true }),
  ),
  target: numberParam('schq', 0.01, SLO_TARGET),
  scope: choiceParam<SloScope>('schs', 'every', 'SLO scope', SLO_SCOPES),
  scheduler: customParam('sch', 'koordinator', schedulerCodec, { navigates: true }),
  knob: optionalNumber('schk', numberRange('knob', 'knob', { min: -1e9, max: 1e9 }), {
    onlyChanged: true,
  }),
};

export const DEFAULT_SCHEDULERS: SchedulersSettings = defaultsOf(SCHEDULERS_PARAMS);
