/**
 * The Replay view's parameters, one object in `Params.whatif`: the bundled history replayed when no
 * data of the user's are loaded, the share of the instants before the judged part, the target q*,
 * the scenario (fresh, history, rollout over H hours, restart of a share p) and its seed, and the two
 * sides compared: each a scheduler with its project's defaults or with its knob set.
 * The names and ranges repeat the engine's (engine/whatif: `ONLINE_SCHEDULERS` with crane,
 * `ROLLOUT_HOURS`, `RESTART_SHARE`) so that the first page does not carry the replay's code;
 * `whatif/params.test.ts` checks they agree.
 */
import { numberRange, SEED } from '../../engine/index.ts';
import {
  choiceParam,
  defaultsOf,
  numberParam,
  optionalNumber,
  type ParamSpecs,
} from '../common/store/paramSpec.ts';

/** The bundled histories the view replays without the user's data (five-minute steps). */
export const WHATIF_HISTORIES = ['azure-v1', 'google-gcd-jobs'] as const;
export const WHATIF_SCHEDULERS = [
  'kube-default',
  'koordinator',
  'trimaran-tlp',
  'trimaran-lvrb',
  'crane',
] as const;
export const WHATIF_SCENARIOS = ['fresh', 'history', 'rollout', 'restart'] as const;

type WhatifScheduler = (typeof WHATIF_SCHEDULERS)[number];

export const WHATIF_ROLLOUT_HOURS = numberRange('rollout hours', 'H', { min: 0, minOpen: true });
export const WHATIF_RESTART_SHARE = numberRange('restart share', 'p', { min: 0, max: 1 });

export interface WhatifSettings {
  readonly history: (typeof WHATIF_HISTORIES)[number];
  /** The share of the instants before the judged part (the rest is judged). */
  readonly learn: number;
  readonly target: number;
  readonly scenario: (typeof WHATIF_SCENARIOS)[number];
  readonly hours: number;
  readonly share: number;
  readonly seed: number;
  readonly a: WhatifScheduler;
  /** Side A's knob (null: its project's defaults). */
  readonly aKnob: number | null;
  readonly b: WhatifScheduler;
  readonly bKnob: number | null;
}

const KNOB = numberRange('knob', 'knob', { min: -1e9, max: 1e9 });

export const WHATIF_PARAMS: ParamSpecs<WhatifSettings> = {
  history: choiceParam('wid', 'azure-v1', 'history', WHATIF_HISTORIES),
  learn: numberParam(
    'wil',
    0.5,
    numberRange('share before the judged part', 'learn', {
      min: 0,
      minOpen: true,
      max: 1,
      maxOpen: true,
    }),
  ),
  target: numberParam(
    'wiq',
    0.01,
    numberRange('target q*', 'q*', { min: 0, minOpen: true, max: 1, maxOpen: true }),
  ),
  scenario: choiceParam('wis', 'fresh', 'scenario', WHATIF_SCENARIOS),
  hours: numberParam('wih', 6, WHATIF_ROLLOUT_HOURS),
  share: numberParam('wip', 0.2, WHATIF_RESTART_SHARE),
  seed: numberParam('wir', 1, SEED),
  a: choiceParam('wia', 'kube-default', 'scheduler A', WHATIF_SCHEDULERS),
  aKnob: optionalNumber('wiak', KNOB, { onlyChanged: true }),
  b: choiceParam('wib', 'koordinator', 'scheduler B', WHATIF_SCHEDULERS),
  bKnob: optionalNumber('wibk', KNOB, { onlyChanged: true }),
};

export const DEFAULT_WHATIF: WhatifSettings = defaultsOf(WHATIF_PARAMS);

/** The scenario as the engine reads it (`parseScenario`): fresh, history, rollout:H, restart:p. */
export function scenarioOf(s: WhatifSettings): string {
  if (s.scenario === 'rollout') return `rollout:${s.hours}`;
  if (s.scenario === 'restart') return `restart:${s.share}`;
  return s.scenario;
}
