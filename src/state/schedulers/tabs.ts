/**
 * The Schedulers view's tabs: one per scheduler's rule in the fit registry's group 'scheduler'
 * that the tuner can sweep (its first parameter is the knob).
 */
import { fitEntries } from '../../engine/fit/index.ts';
import { FAMILY_INFO, type FitFamily } from '../../engine/tune/families.ts';

export interface SchedulerTab {
  /** The name in the link and on the command line. */
  readonly name: string;
  readonly family: FitFamily;
  readonly title: string;
  /** The rule in one sentence. */
  readonly rule: string;
  /** The knob's name and symbol, e.g. "safeVarianceMargin". */
  readonly knob: string;
}

export function schedulerTabs(): SchedulerTab[] {
  return fitEntries()
    .filter((e) => e.group === 'scheduler' && FAMILY_INFO[e.kind])
    .map((e) => ({
      name: e.kind,
      family: e.kind,
      title: e.label,
      rule: e.slackMeaning,
      knob: FAMILY_INFO[e.kind].parameter,
    }));
}

export function schedulerTab(name: string): SchedulerTab | null {
  return schedulerTabs().find((t) => t.name === name) ?? null;
}
