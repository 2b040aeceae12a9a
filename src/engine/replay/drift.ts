/**
 * The drift alarm: does the judged (or most recent) part of a time-aligned history look like the
 * learned part? A setting learned from the past can only promise the SLO on a future that the past
 * covered. Four readings, each of which can fire on its own:
 * - the cluster total's peak: the judged part's highest total above the learned part's by more than
 *   5 % (a packing sized on the past has never seen that load);
 * - the cluster total's level: the judged mean above the learned mean by more than 10 %;
 * - the tasks above their learned peak: more than 5 % of the tasks have a judged mean above the
 *   largest value they reached in learning (not a spike, a task that moved);
 * - the daily profile: where both parts hold whole days, the mean total per hour of the day,
 *   learned against judged, correlates below 0.5 (the peaks moved in the day).
 * The thresholds are deliberately loose so that a stationary history stays quiet (tested on a
 * generated stationary week, and fired on a generated level shift).
 */
import type { RealizationMatrix } from '../matrix.ts';

export const DRIFT_PEAK_RISE = 0.05;
export const DRIFT_LEVEL_RISE = 0.1;
export const DRIFT_TASK_SHARE = 0.05;
export const DRIFT_PROFILE_CORRELATION = 0.5;

export interface DriftReport {
  readonly fired: boolean;
  /** Judged peak of the cluster total over the learned peak, minus 1. */
  readonly peakRise: number;
  /** Judged mean of the cluster total over the learned mean, minus 1. */
  readonly levelRise: number;
  /** Tasks whose judged mean exceeds their learned maximum, and all tasks. */
  readonly tasksAbovePeak: number;
  readonly tasks: number;
  /** Correlation of the hour-of-day profiles (null without a step or a whole day on each side). */
  readonly profileCorrelation: number | null;
  /** Which readings fired. */
  readonly reasons: readonly string[];
  /** One plain sentence, or null when quiet. */
  readonly message: string | null;
}

function totals(m: RealizationMatrix): Float64Array {
  const s = new Float64Array(m.cols);
  for (let i = 0; i < m.rows; i++) {
    const base = i * m.cols;
    for (let t = 0; t < m.cols; t++) s[t] += m.data[base + t];
  }
  return s;
}

const mean = (a: ArrayLike<number>) => {
  let s = 0;
  for (let k = 0; k < a.length; k++) s += a[k];
  return a.length ? s / a.length : 0;
};

const max = (a: ArrayLike<number>) => {
  let m = -Infinity;
  for (let k = 0; k < a.length; k++) if (a[k] > m) m = a[k];
  return m;
};

/** Mean total per hour of the day (NaN where the part has none), from `first` instant on. */
function hourProfile(total: Float64Array, step: number, first: number): Float64Array {
  const sum = new Float64Array(24);
  const count = new Float64Array(24);
  for (let t = 0; t < total.length; t++) {
    const hour = Math.floor((((first + t) * step) % 86_400) / 3_600);
    sum[hour] += total[t];
    count[hour]++;
  }
  return sum.map((s, h) => (count[h] ? s / count[h] : NaN));
}

function correlation(a: Float64Array, b: Float64Array): number | null {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let k = 0; k < a.length; k++)
    if (a[k] === a[k] && b[k] === b[k]) {
      xs.push(a[k]);
      ys.push(b[k]);
    }
  if (xs.length < 3) return null;
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let k = 0; k < xs.length; k++) {
    sxy += (xs[k] - mx) * (ys[k] - my);
    sxx += (xs[k] - mx) ** 2;
    syy += (ys[k] - my) ** 2;
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : null;
}

/** "12 h", "2 days", "144 instants": how long the judged part is. */
function span(columns: number, step: number | null): string {
  if (step === null) return `${columns} instants`;
  const hours = (columns * step) / 3600;
  if (hours < 48) return `${Number(hours.toFixed(1))} h`;
  return `${Number((hours / 24).toFixed(1))} days`;
}

const percent = (x: number) => `${Math.round(x * 100)} %`;

/**
 * The drift of `judge` against `learn` (rows are the same tasks; `step` the seconds between
 * instants, or null on an index axis). `learn` starts at instant 0 and `judge` right after it
 * unless `judgeStart` says where.
 */
export function driftAlarm(
  learn: RealizationMatrix,
  judge: RealizationMatrix,
  step: number | null,
  judgeStart = learn.cols,
): DriftReport {
  if (learn.rows !== judge.rows)
    throw new RangeError(
      `the learned part has ${learn.rows} tasks, the judged part ${judge.rows}: compare the same tasks`,
    );
  const L = totals(learn);
  const J = totals(judge);
  const peakRise = max(J) / max(L) - 1;
  const levelRise = mean(J) / mean(L) - 1;
  let tasksAbovePeak = 0;
  for (let i = 0; i < learn.rows; i++) {
    const own = learn.data.subarray(i * learn.cols, (i + 1) * learn.cols);
    if (mean(judge.data.subarray(i * judge.cols, (i + 1) * judge.cols)) > max(own))
      tasksAbovePeak++;
  }
  const wholeDays = step !== null && Math.min(L.length, J.length) * step >= 86_400;
  const profileCorrelation = wholeDays
    ? correlation(hourProfile(L, step, 0), hourProfile(J, step, judgeStart))
    : null;
  const reasons: string[] = [];
  if (peakRise > DRIFT_PEAK_RISE) reasons.push('peak');
  if (levelRise > DRIFT_LEVEL_RISE) reasons.push('level');
  if (tasksAbovePeak > DRIFT_TASK_SHARE * learn.rows) reasons.push('tasks');
  if (profileCorrelation !== null && profileCorrelation < DRIFT_PROFILE_CORRELATION)
    reasons.push('profile');
  const fired = reasons.length > 0;
  const parts: string[] = [];
  if (peakRise > 0)
    parts.push(
      `the last ${span(judge.cols, step)} peak ${percent(peakRise)} above anything seen in learning`,
    );
  else parts.push(`the last ${span(judge.cols, step)} stay within the learned peak`);
  if (levelRise > DRIFT_LEVEL_RISE) parts.push(`their mean is ${percent(levelRise)} higher`);
  parts.push(`${tasksAbovePeak} of ${learn.rows} tasks run above their learned peak on average`);
  if (reasons.includes('profile'))
    parts.push(`the daily profile moved (correlation ${profileCorrelation!.toFixed(2)})`);
  const message = fired
    ? `drift: ${parts.join('; ')}. No setting learned from the past can promise the SLO on this future.`
    : null;
  return {
    fired,
    peakRise,
    levelRise,
    tasksAbovePeak,
    tasks: learn.rows,
    profileCorrelation,
    reasons,
    message,
  };
}
