/**
 * The drift alarm on the command line (`engine/replay/drift.ts`): one line on standard error when
 * it fires, naming the first tasks (and machines) that left what was learned, and the same figures
 * as a `drift` field of the JSON, fired or not, so a script reads the verdict beside the q.
 */
import type { DriftReport } from '../../engine/index.ts';

const NAMED = 10;

const rounded = (x: number) => Number(x.toFixed(4));

function named(ids: readonly string[] | null, rows: readonly number[]): string[] {
  return rows.slice(0, NAMED).map((r) => (ids ? ids[r] : `row ${r}`));
}

/** Machines (opening order) whose judged peak passed their learned peak, highest rise first. */
function machinesAbove(rise: Float64Array | null): { machine: number; peak_rise: number }[] {
  if (!rise) return [];
  return Array.from(rise, (r, machine) => ({ machine, peak_rise: r }))
    .filter((m) => m.peak_rise > 0)
    .sort((a, b) => b.peak_rise - a.peak_rise || a.machine - b.machine);
}

export function driftJson(
  d: DriftReport,
  ids: readonly string[] | null,
  machineRise: Float64Array | null = null,
): Record<string, unknown> {
  const above = machinesAbove(machineRise);
  return {
    fired: d.fired,
    reasons: d.reasons,
    message: d.message,
    peak_rise: rounded(d.peakRise),
    level_rise: rounded(d.levelRise),
    profile_correlation: d.profileCorrelation === null ? null : rounded(d.profileCorrelation),
    tasks: d.tasks,
    tasks_above_learned_peak: d.tasksAbovePeak,
    tasks_above_learned_peak_first: named(ids, d.rowsAbovePeak),
    ...(machineRise && {
      machines_above_learned_peak: above.length,
      machines_above_learned_peak_first: above
        .slice(0, NAMED)
        .map((m) => ({ machine: m.machine, peak_rise: rounded(m.peak_rise) })),
    }),
  };
}

/** The standard-error line when the alarm fired (null when quiet). */
export function driftLine(
  command: string,
  d: DriftReport,
  ids: readonly string[] | null,
  machineRise: Float64Array | null = null,
): string | null {
  if (!d.fired) return null;
  const tasks = named(ids, d.rowsAbovePeak);
  const more =
    d.tasksAbovePeak > tasks.length ? ` and ${d.tasksAbovePeak - tasks.length} more` : '';
  const above = machinesAbove(machineRise);
  const machines = above.length
    ? ` ${above.length} of ${machineRise!.length} machines peak above their learned peak (${above
        .slice(0, NAMED)
        .map((m) => `machine ${m.machine} +${Math.round(m.peak_rise * 100)} %`)
        .join(', ')}${above.length > NAMED ? ` and ${above.length - NAMED} more` : ''}).`
    : '';
  return `${command}: ${d.message}${tasks.length ? ` Tasks above their learned peak: ${tasks.join(', ')}${more}.` : ''}${machines}`;
}
