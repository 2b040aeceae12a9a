/** Advising on one replay: every scheduler of a list, and the notices beside the results. */
import {
  DEFAULT_STEP,
  adviseScheduler,
  type AlignedTuneConfig,
  type SchedulerAdvice,
  type SchedulerInfo,
} from '../../engine/index.ts';
import { asUsage } from './command.ts';
import type { Replay } from './replayData.ts';

/**
 * The sampling step the rules' time windows are read on: the data's, else 300 s (the bundled
 * histories without timestamps are five-minute series; `--step` tells another).
 */
export function stepOf(r: Replay, given?: number): number {
  return r.aligned.report.step ?? given ?? DEFAULT_STEP;
}

/** Every scheduler of `list` advised on one replay (learned and judged parts). */
export function adviseAll(
  r: Replay,
  list: readonly SchedulerInfo[],
  c: AlignedTuneConfig,
  step?: number,
): SchedulerAdvice[] {
  const judged = r.judge!.inst;
  const overrides = { step: stepOf(r, step) };
  return list.map((info) =>
    asUsage(() => {
      try {
        return adviseScheduler(r.inst, judged, info, c, { overrides });
      } catch (e) {
        if (e instanceof RangeError)
          throw new RangeError(`${info.name}: ${e.message}`, { cause: e });
        throw e;
      }
    }),
  );
}

/** The notice beside a rule that needs requests (the data carry none in the aligned replay). */
export function requestNotice(info: SchedulerInfo): string | null {
  return info.requests
    ? `${info.name} needs requests and the data carry none in the time-aligned replay: ${info.requests}`
    : null;
}

/** The message when no knob value kept q* on the fold. */
export function missNotice(a: SchedulerAdvice): string | null {
  if (a.tuned || !a.closest) return null;
  const s = a.closest.settings;
  const setting = Object.entries(s)
    .map(([k, v]) => `${k} = ${v}`)
    .join(', ');
  return `${a.scheduler.name}: every value of ${a.scheduler.knob.field} misses q* = ${a.target} (scope ${a.scope}) on the learned part; the closest, ${setting}, gives worst-node q ${a.closest.judged.worst.toFixed(4)} on ${a.closest.machines} nodes on the judged part`;
}
