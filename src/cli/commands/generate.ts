/**
 * `generate`: writes a seeded correlated week (`engine/synthetic/correlatedWeek.ts`) as a wide CSV
 * that `tune`, `advise`, `realize` and the page read with `--step` (the file has no timestamps).
 */
import {
  CORRELATED_WEEK,
  WEEK_BURSTS,
  WEEK_DAYS,
  WEEK_GROUPS,
  WEEK_SHIFT_DAY,
  WEEK_SHIFT_SHARE,
  WEEK_SHIFT_SIZE,
  WEEK_STEP,
  WEEK_TASKS,
  correlatedWeek,
  correlatedWeekCsv,
} from '../../engine/index.ts';
import { SEED } from '../../engine/ranges.ts';
import { UsageError, rangeOption } from '../args.ts';
import { writeOutput } from '../files.ts';
import type { Command } from './command.ts';

/** "6,7" → [5, 6]: days counted from 1 on the command line, from 0 in the engine. */
function dayList(flag: string, text: string, days: number): number[] {
  if (text.trim() === '') return [];
  return text.split(',').map((part) => {
    const day = part.trim();
    if (!/^\d{1,3}$/.test(day) || +day < 1 || +day > days)
      throw new UsageError(`--${flag} ${text}: "${day}" is not a day from 1 to ${days}`);
    return +day - 1;
  });
}

export const generate: Command = {
  usage:
    'npm run cli -- generate --out week.csv [--tasks 200] [--days 7] [--groups 8] [--bursts 1] [--shift-day 6 --shift-share 0.2 --shift-size 0.5] [--aligned-days 6,7] [--seed 1]',
  summary:
    'A seeded correlated week as a wide CSV (percent of one machine): groups sharing a daily curve, group bursts, a level shift, peaks lined up on chosen days; read it with --step.',
  options: {
    out: { kind: 'string', help: 'the wide CSV to write', required: true },
    tasks: rangeOption(WEEK_TASKS, 'tasks', CORRELATED_WEEK.tasks),
    days: rangeOption(WEEK_DAYS, 'days', CORRELATED_WEEK.days),
    step: rangeOption(WEEK_STEP, 'seconds between instants', CORRELATED_WEEK.step),
    groups: rangeOption(WEEK_GROUPS, 'groups sharing a daily curve', CORRELATED_WEEK.groups),
    bursts: rangeOption(WEEK_BURSTS, 'mean bursts per group and day', CORRELATED_WEEK.bursts),
    'shift-day': rangeOption(WEEK_SHIFT_DAY, 'from this day (1 = the first) on, a level shift'),
    'shift-share': rangeOption(WEEK_SHIFT_SHARE, 'the share of tasks shifted', 0.2),
    'shift-size': rangeOption(WEEK_SHIFT_SIZE, 'how much higher they run (0.5 = +50 %)', 0.5),
    'aligned-days': {
      kind: 'string',
      help: 'days (from 1, comma-separated) on which every group peaks at 14:00',
      default: '',
    },
    seed: rangeOption(SEED, 'seed', CORRELATED_WEEK.seed),
  },
  run(o, out) {
    const days = o.days as number;
    const shiftDay = o['shift-day'] as number | undefined;
    if (shiftDay !== undefined && shiftDay > days)
      throw new UsageError(`--shift-day ${shiftDay}: the week has ${days} days`);
    const params = {
      tasks: o.tasks as number,
      days,
      step: o.step as number,
      groups: o.groups as number,
      seed: o.seed as number,
      bursts: o.bursts as number,
      shiftDay: shiftDay === undefined ? null : shiftDay - 1,
      shiftShare: shiftDay === undefined ? 0 : (o['shift-share'] as number),
      shiftSize: shiftDay === undefined ? 0 : (o['shift-size'] as number),
      alignedDays: dayList('aligned-days', o['aligned-days'] as string, days),
      redraw: null,
    };
    const week = correlatedWeek(params);
    writeOutput(o.out as string, correlatedWeekCsv(week));
    out(
      JSON.stringify({
        out: o.out,
        tasks: week.usage.rows,
        instants: week.usage.cols,
        step_s: params.step,
        read_with: `--data ${String(o.out)} --step ${params.step}`,
        params: { ...params, alignedDays: params.alignedDays.map((d) => d + 1) },
      }),
    );
  },
};
