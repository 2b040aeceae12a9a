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
  /** Their rows, in order. */
  readonly rowsAbovePeak: readonly number[];
  readonly tasks: number;
  /** Correlation of the hour-of-day profiles (null without a step or a whole day on each side). */
  readonly profileCorrelation: number | null;
  /** Which readings fired. */
  readonly reasons: readonly string[];
  /** One plain sentence, or null when quiet. */
  readonly message: string | null;
}

/** What the alarm reads of one part: the cluster total per instant, each task's maximum and mean. */
export interface DriftSide {
  readonly totals: Float64Array;
  readonly rowMax: Float64Array;
  readonly rowMean: Float64Array;
}

/** An empty side of `rows` tasks and `cols` instants, to fill block by block (`addToSide`). */
export function emptySide(rows: number, cols: number): DriftSide {
  return {
    totals: new Float64Array(cols),
    rowMax: new Float64Array(rows).fill(-Infinity),
    rowMean: new Float64Array(rows),
  };
}

/** Adds the rows of `block` (rows `firstRow`… of the part) to `side`. */
export function addToSide(side: DriftSide, firstRow: number, block: RealizationMatrix): void {
  const { cols } = block;
  for (let i = 0; i < block.rows; i++) {
    const base = i * cols;
    let top = -Infinity;
    let sum = 0;
    for (let t = 0; t < cols; t++) {
      const v = block.data[base + t];
      side.totals[t] += v;
      sum += v;
      if (v > top) top = v;
    }
    side.rowMax[firstRow + i] = top;
    side.rowMean[firstRow + i] = cols ? sum / cols : 0;
  }
}

export function driftSide(m: RealizationMatrix): DriftSide {
  const side = emptySide(m.rows, m.cols);
  addToSide(side, 0, m);
  return side;
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
 * instants, or null on an index axis). `learn` starts at instant `learnStart` (default 0) and
 * `judge` right after it unless `judgeStart` says where.
 */
export function driftAlarm(
  learn: RealizationMatrix,
  judge: RealizationMatrix,
  step: number | null,
  judgeStart = learn.cols,
  learnStart = 0,
): DriftReport {
  if (learn.rows !== judge.rows)
    throw new RangeError(
      `the learned part has ${learn.rows} tasks, the judged part ${judge.rows}: compare the same tasks`,
    );
  return driftOf(driftSide(learn), driftSide(judge), step, judgeStart, learnStart);
}

/** The alarm on two parts' summaries (`driftSide`, or `emptySide` filled block by block). */
export function driftOf(
  learn: DriftSide,
  judge: DriftSide,
  step: number | null,
  judgeStart = learn.totals.length,
  learnStart = 0,
): DriftReport {
  const rows = learn.rowMax.length;
  if (judge.rowMax.length !== rows)
    throw new RangeError(
      `the learned part has ${rows} tasks, the judged part ${judge.rowMax.length}: compare the same tasks`,
    );
  const L = learn.totals;
  const J = judge.totals;
  const peakRise = max(J) / max(L) - 1;
  const levelRise = mean(J) / mean(L) - 1;
  const rowsAbovePeak: number[] = [];
  for (let i = 0; i < rows; i++) if (judge.rowMean[i] > learn.rowMax[i]) rowsAbovePeak.push(i);
  const tasksAbovePeak = rowsAbovePeak.length;
  const wholeDays = step !== null && Math.min(L.length, J.length) * step >= 86_400;
  const profileCorrelation = wholeDays
    ? correlation(hourProfile(L, step, learnStart), hourProfile(J, step, judgeStart))
    : null;
  const reasons: string[] = [];
  if (peakRise > DRIFT_PEAK_RISE) reasons.push('peak');
  if (levelRise > DRIFT_LEVEL_RISE) reasons.push('level');
  if (tasksAbovePeak > DRIFT_TASK_SHARE * rows) reasons.push('tasks');
  if (profileCorrelation !== null && profileCorrelation < DRIFT_PROFILE_CORRELATION)
    reasons.push('profile');
  const fired = reasons.length > 0;
  const parts: string[] = [];
  if (peakRise > 0)
    parts.push(
      `the last ${span(J.length, step)} peak ${percent(peakRise)} above anything seen in learning`,
    );
  else parts.push(`the last ${span(J.length, step)} stay within the learned peak`);
  if (levelRise > DRIFT_LEVEL_RISE) parts.push(`their mean is ${percent(levelRise)} higher`);
  parts.push(`${tasksAbovePeak} of ${rows} tasks run above their learned peak on average`);
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
    rowsAbovePeak,
    tasks: rows,
    profileCorrelation,
    reasons,
    message,
  };
}

/** Each matrix row's machine (−1: on none), from the machines' rows. */
export function machineOfRows(machines: readonly ArrayLike<number>[], rows: number): Int32Array {
  const of = new Int32Array(rows).fill(-1);
  machines.forEach((tasks, j) => {
    for (let k = 0; k < tasks.length; k++) of[tasks[k]] = j;
  });
  return of;
}

/** Adds the rows of `block` (rows `firstRow`… of the part) to `loads`, machines × instants. */
export function addMachineLoads(
  loads: Float64Array,
  machineOf: Int32Array,
  firstRow: number,
  block: RealizationMatrix,
): void {
  const { cols } = block;
  for (let i = 0; i < block.rows; i++) {
    const j = machineOf[firstRow + i];
    if (j < 0) continue;
    for (let t = 0; t < cols; t++) loads[j * cols + t] += block.data[i * cols + t];
  }
}

/** Each machine's highest load of `loads` (machines × `cols`). */
export function machinePeaks(loads: Float64Array, cols: number): Float64Array {
  return Float64Array.from({ length: loads.length / cols }, (_, j) =>
    max(loads.subarray(j * cols, (j + 1) * cols)),
  );
}

/**
 * Each machine's judged peak over its learned peak, minus 1 (the machines' tasks by row, the parts
 * as matrices of the same rows): how far each machine's judged load left what it was packed on.
 */
export function machinePeakRise(
  machines: readonly ArrayLike<number>[],
  learn: RealizationMatrix,
  judge: RealizationMatrix,
): Float64Array {
  const machineOf = machineOfRows(machines, learn.rows);
  const peaks = (m: RealizationMatrix) => {
    const loads = new Float64Array(machines.length * m.cols);
    addMachineLoads(loads, machineOf, 0, m);
    return machinePeaks(loads, m.cols);
  };
  const before = peaks(learn);
  const after = peaks(judge);
  return after.map((p, j) => p / before[j] - 1);
}
