/**
 * A seeded week (or any number of days) of correlated task usage at a fixed step, for judging
 * advice out of sample where the bundled histories are too short or too quiet
 * (docs/advice-results.md). What makes advice fail on real clusters is built in, each part
 * switchable:
 * - groups of tasks sharing a daily curve (each group its peak hour), so a group's tasks peak
 *   together;
 * - slow noise per task (an AR(1) of coefficient 0.9 per step) and bursts shared by a group
 *   (a group's tasks all rise for 15 to 60 minutes), Poisson in time;
 * - a level shift: from a chosen day on, a share of the tasks runs higher by a chosen fraction;
 * - peaks that line up: on chosen days every group peaks at the same hour.
 * Values are a share of one machine (0.01 = 1 %). Group g draws from stream (seed, synthetic,
 * 1 000 000 + g) and task i from (seed, synthetic, 2 000 000 + i), so a task does not depend on
 * how many others are drawn.
 */
import { allocateMatrix, type RealizationMatrix } from '../matrix.ts';
import { numberRange } from '../ranges.ts';
import { Rng, streamKey } from '../random/rng.ts';

export const WEEK_TASKS = numberRange('tasks', 'n', { min: 1, max: 100_000, integer: true });
export const WEEK_DAYS = numberRange('days', 'd', { min: 1, max: 60, integer: true });
export const WEEK_STEP = numberRange('step', 'Δt', { min: 1, max: 3600, integer: true });
export const WEEK_GROUPS = numberRange('groups', 'g', { min: 1, max: 1000, integer: true });
export const WEEK_BURSTS = numberRange('bursts per group and day', 'λ', { min: 0, max: 100 });
export const WEEK_SHIFT_DAY = numberRange('shift-day', 'day', { min: 1, max: 60, integer: true });
export const WEEK_SHIFT_SHARE = numberRange('shift-share', 's', { min: 0, max: 1 });
export const WEEK_SHIFT_SIZE = numberRange('shift-size', 'Δ', { min: -0.9, max: 10 });

export interface CorrelatedWeekParams {
  readonly tasks: number;
  readonly days: number;
  /** Seconds between instants. */
  readonly step: number;
  readonly groups: number;
  readonly seed: number;
  /** Mean group bursts per day. */
  readonly bursts: number;
  /** From this day (0-based) on, `shiftShare` of the tasks run `shiftSize` higher; null: none. */
  readonly shiftDay: number | null;
  readonly shiftShare: number;
  readonly shiftSize: number;
  /** Days (0-based) on which every group peaks at the same hour (14:00). */
  readonly alignedDays: readonly number[];
  /**
   * Another draw of the days from `fromDay` (0-based) on, for the same past: the bursts and the
   * tasks' noise from then on come from streams keyed by `seed` as well; every earlier instant,
   * and every group's and task's own parameters, are those of the week without it. null: none.
   */
  readonly redraw: { readonly fromDay: number; readonly seed: number } | null;
}

export const CORRELATED_WEEK: CorrelatedWeekParams = {
  tasks: 200,
  days: 7,
  step: 300,
  groups: 8,
  seed: 1,
  bursts: 1,
  shiftDay: null,
  shiftShare: 0,
  shiftSize: 0,
  alignedDays: [],
  redraw: null,
};

export interface CorrelatedWeek {
  readonly usage: RealizationMatrix;
  /** "g<group>-t<task>". */
  readonly ids: string[];
  readonly group: Int32Array;
}

const ALIGNED_HOUR = 14;

/** The stream of draws at instant t: `past`, or from the redrawn day on `future`'s. */
function drawAt(p: CorrelatedWeekParams, perDay: number, past: Rng, index: number) {
  const r = p.redraw;
  if (!r) return () => past;
  const future = new Rng(streamKey(p.seed, 'synthetic', index, r.seed));
  return (t: number) => (t >= r.fromDay * perDay ? future : past);
}

/** One group's daily peak hours (per day) and its burst multiplier per instant. */
function groupDraw(p: CorrelatedWeekParams, g: number, cols: number, perDay: number) {
  const rng = new Rng(streamKey(p.seed, 'synthetic', 1_000_000 + g));
  const ownHour = (24 * (g + rng.nextFloat())) / p.groups;
  const peakHour = Array.from({ length: p.days }, (_, d) =>
    p.alignedDays.includes(d) ? ALIGNED_HOUR : ownHour,
  );
  const amplitude = 0.3 + 0.5 * rng.nextFloat();
  const burst = new Float64Array(cols).fill(1);
  const perStep = p.bursts / perDay;
  const at = drawAt(p, perDay, rng, 3_000_000 + g);
  for (let t = 0; t < cols; t++) {
    const r = at(t);
    if (!(r.nextFloat() < perStep)) continue;
    const length = Math.max(1, Math.round((900 + 2700 * r.nextFloat()) / p.step));
    const height = 1.5 + r.nextFloat();
    for (let k = t; k < Math.min(cols, t + length); k++) burst[k] = Math.max(burst[k], height);
  }
  return { peakHour, amplitude, burst };
}

export function correlatedWeek(p: CorrelatedWeekParams): CorrelatedWeek {
  const perDay = Math.max(1, Math.round(86_400 / p.step));
  const cols = p.days * perDay;
  const usage = allocateMatrix(p.tasks, cols, false);
  const groups = Array.from({ length: p.groups }, (_, g) => groupDraw(p, g, cols, perDay));
  const group = new Int32Array(p.tasks);
  const ids: string[] = [];
  for (let i = 0; i < p.tasks; i++) {
    const rng = new Rng(streamKey(p.seed, 'synthetic', 2_000_000 + i));
    const g = (group[i] = i % p.groups);
    ids.push(`g${g}-t${i}`);
    const { peakHour, amplitude, burst } = groups[g];
    const level = 0.01 * Math.exp(0.5 * rng.nextGaussian());
    const share = amplitude * (0.6 + 0.8 * rng.nextFloat());
    const shifted = p.shiftDay !== null && rng.nextFloat() < p.shiftShare;
    let noise = rng.nextGaussian();
    const innovation = Math.sqrt(1 - 0.81);
    const at = drawAt(p, perDay, rng, 4_000_000 + i);
    for (let t = 0; t < cols; t++) {
      const day = Math.floor(t / perDay);
      const hour = ((t % perDay) * p.step) / 3600;
      const curve = Math.cos(((hour - peakHour[day]) / 24) * 2 * Math.PI);
      const up = shifted && day >= p.shiftDay! ? 1 + p.shiftSize : 1;
      const v = level * up * burst[t] * (1 + share * curve + 0.2 * noise);
      usage.data[i * cols + t] = Math.max(0, v);
      noise = 0.9 * noise + innovation * at(t).nextGaussian();
    }
  }
  return { usage, ids, group };
}

/** The week as a wide CSV (`task_id,t0,t1,…`), values in percent of one machine. */
export function correlatedWeekCsv(w: CorrelatedWeek): string {
  const { rows, cols, data } = w.usage;
  const lines = [['task_id', ...Array.from({ length: cols }, (_, t) => `t${t}`)].join(',')];
  for (let i = 0; i < rows; i++) {
    const row = [w.ids[i]];
    for (let t = 0; t < cols; t++) row.push((100 * data[i * cols + t]).toFixed(4));
    lines.push(row.join(','));
  }
  return `${lines.join('\n')}\n`;
}
