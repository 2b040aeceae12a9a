/**
 * The online schedulers by name, each with its project's defaults, and the settings a
 * configuration file gives them (`config.ts`).
 */
import type { OnlineScheduler } from './model.ts';
import { CRANE_ONLINE_DEFAULTS, craneDynamic, type CraneSettings } from './crane.ts';
import { kubeDefault, type KubeStrategy } from './kubeDefault.ts';
import {
  KOORD_ONLINE_DEFAULTS,
  koordinatorOnline,
  type KoordinatorSettings,
} from './koordinator.ts';
import {
  LVRB_ONLINE_DEFAULTS,
  TLP_ONLINE_DEFAULTS,
  loadVariationRiskBalancing,
  targetLoadPacking,
  type LvrbSettings,
  type TlpSettings,
} from './trimaran.ts';
import { setting } from '../settings.ts';

export const ONLINE_SCHEDULERS = [
  'kube-default',
  'koordinator',
  'trimaran-tlp',
  'trimaran-lvrb',
] as const;
export type OnlineSchedulerName = (typeof ONLINE_SCHEDULERS)[number];

/** A scheduler's settings, as a configuration file or the defaults give them. */
export type OnlineSettings =
  | { readonly scheduler: 'kube-default'; readonly strategy: KubeStrategy }
  | { readonly scheduler: 'koordinator'; readonly settings: KoordinatorSettings }
  | { readonly scheduler: 'trimaran-tlp'; readonly settings: TlpSettings }
  | { readonly scheduler: 'trimaran-lvrb'; readonly settings: LvrbSettings }
  | { readonly scheduler: 'crane'; readonly settings: CraneSettings };

export function defaultSettings(name: string): OnlineSettings {
  switch (name) {
    case 'kube-default':
      return { scheduler: name, strategy: 'LeastAllocated' };
    case 'koordinator':
      return { scheduler: name, settings: KOORD_ONLINE_DEFAULTS };
    case 'trimaran-tlp':
      return { scheduler: name, settings: TLP_ONLINE_DEFAULTS };
    case 'trimaran-lvrb':
      return { scheduler: name, settings: LVRB_ONLINE_DEFAULTS };
    case 'crane':
      return { scheduler: name, settings: CRANE_ONLINE_DEFAULTS };
    default:
      throw new RangeError(
        `unknown ${setting('scheduler', 'the scheduler')} "${name}" for replay (expected ${ONLINE_SCHEDULERS.join(', ')})`,
      );
  }
}

/** The scheduler of `s` at `step` seconds per instant. */
export function onlineScheduler(s: OnlineSettings, step: number): OnlineScheduler {
  switch (s.scheduler) {
    case 'kube-default':
      return kubeDefault(s.strategy);
    case 'koordinator':
      return koordinatorOnline(s.settings, step);
    case 'trimaran-tlp':
      return targetLoadPacking(s.settings, step);
    case 'trimaran-lvrb':
      return loadVariationRiskBalancing(s.settings, step);
    case 'crane':
      return craneDynamic(s.settings, step);
  }
}
