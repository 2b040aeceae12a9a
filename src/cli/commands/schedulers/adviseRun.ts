/** Advising on one replay: every scheduler of a list, and the notices beside the results. */
import {
  DEFAULT_STEP,
  adviseScheduler,
  schedulerEntry,
  type AlignedTuneConfig,
  type SchedulerAdvice,
  type SchedulerInfo,
} from '../../../engine/index.ts';
import { decimalOrNull, whyNotDecimal } from '../../../engine/numberText.ts';
import { rangeProblem } from '../../../engine/ranges.ts';
import { asUsage } from '../command.ts';
import type { Replay } from '../replayData.ts';

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
  set: Readonly<Record<string, number>> = {},
): SchedulerAdvice[] {
  const judged = r.judge!.inst;
  const overrides = { step: stepOf(r, step), ...set };
  return list.map((info) =>
    asUsage(() => {
      try {
        checkSettable(info, set);
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

/**
 * `--set key=value,…`: the non-knob parameters of a rule (e.g. aggregation=95,duration=3600), each
 * value read by the project's decimal rule (numberText.ts: no hex, no `Infinity`, no empty text).
 */
export function parseSet(text: string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  if (!text) return out;
  for (const part of text.split(',')) {
    const m = /^([a-z]+)=(.*)$/.exec(part.trim());
    if (!m)
      throw new RangeError(
        `--set ${part}: expected key=number (e.g. aggregation=95,duration=3600)`,
      );
    const value = decimalOrNull(m[2]);
    if (value === null)
      throw new RangeError(`--set ${m[1]}: "${m[2]}" is not a number (${whyNotDecimal(m[2])})`);
    out[m[1]] = value;
  }
  return out;
}

/** Refuses a --set key the rule does not have, its knob (which is tuned), or a value out of range. */
function checkSettable(info: SchedulerInfo, set: Readonly<Record<string, number>>): void {
  const parameters = schedulerEntry(info).parameters;
  const keys = parameters.map((p) => p.key);
  for (const [key, value] of Object.entries(set)) {
    if (key === keys[0]) throw new RangeError(`--set ${key}: that is the knob, which advise tunes`);
    const parameter = parameters.find((p) => p.key === key);
    if (!parameter)
      throw new RangeError(
        `--set ${key}: not a parameter of this rule (its parameters: ${keys.slice(1).join(', ') || 'none besides the knob'})`,
      );
    const problem = rangeProblem(parameter.range, value);
    if (problem) throw new RangeError(`--set ${key}: ${problem}`);
  }
}
