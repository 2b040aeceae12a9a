/**
 * The Schedulers view's tabs: the scheduler catalog (engine/schedulers/catalog.ts), each with the
 * fit test that reproduces its rule and the knob the tuner sweeps (the test's first parameter).
 */
import { fitEntry, type NumberRange } from '../../engine/index.ts';
import { SCHEDULERS, type SchedulerInfo } from '../../engine/schedulers/index.ts';

export interface SchedulerTab {
  readonly info: SchedulerInfo;
  /** The knob's range (the fit test's first parameter). */
  readonly range: NumberRange;
  /** Whether its tuning grid is log-spaced. */
  readonly logKnob: boolean;
}

export function schedulerTabs(): SchedulerTab[] {
  return SCHEDULERS.flatMap((info) => {
    const entry = fitEntry(info.kind);
    if (!entry?.tuning || entry.parameters.length === 0) return [];
    return [{ info, range: entry.parameters[0].range, logKnob: entry.tuning.scale === 'log' }];
  });
}

export function schedulerTab(name: string): SchedulerTab | null {
  return schedulerTabs().find((t) => t.info.name === name) ?? null;
}
