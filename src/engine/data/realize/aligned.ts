/**
 * Time-aligned realization matrices: column t is one instant for every task, so a machine's column
 * total is what the machine would have run at that instant (the replay the GPA paper leaves as
 * future work, "the raw data from the trace, rather than stationary distributions").
 *
 * The time axis (choices SPEC §2 and §12 leave open, written here):
 * - with timestamps (`TaskSamples.times`: the traces, Google task_usage, a long CSV with a time
 *   column) each sample goes to the instant round((time − origin) / step), origin the earliest
 *   sample of the load and step the sampling step (the median of the tasks' median steps unless
 *   given). A task whose own median step is more than 1.5× off the grid's is refused unless the step
 *   was given; then two samples of a task in one instant keep the first (an instantaneous reading,
 *   as inst is) and are counted;
 * - without timestamps sample k is instant k (wide and column-per-task CSVs, which have one row
 *   width); a wide CSV whose ids start with a YYYYMMDD date (PlanetLab's ten days) is one task per
 *   VM, day d's sample k at instant d·T + k, days in date order, a VM absent on a day absent there.
 * An instant where a task has no sample is absent. `absent: 'drop'` (the default) keeps only the
 * instants where every task has a sample; `'zero'` (the default for Google task_usage, where a task
 * absent from a 5-minute window was not running) keeps every instant of the grid and counts an
 * absent sample as 0. Either way the absent samples, the instants dropped and each task's coverage
 * are reported: nothing is filled silently.
 */
import { allocateMatrix, type RealizationMatrix } from '../../matrix.ts';
import { isCoded, seriesAt, seriesInto, type TaskSamples } from '../samples/samples.ts';
import { AlignError, gridOf, type AlignAxis, type Grid } from './alignedGrid.ts';
import { setting } from '../../settings.ts';

export { AlignError, type AlignAxis } from './alignedGrid.ts';

export type AbsentPolicy = 'drop' | 'zero';

export interface AlignOptions {
  /** The sampling step in seconds (default: the data's). */
  readonly step?: number;
  readonly absent?: AbsentPolicy;
  /** Tasks present in less than this share of the grid's instants are left out (reported). */
  readonly minCoverage?: number;
  /**
   * What becomes of a task under `minCoverage`: left out (the default), or kept with its absent
   * samples as 0 (it was not running), the instants then chosen by the well-covered tasks alone.
   */
  readonly belowCoverage?: BelowCoverage;
}

export type BelowCoverage = 'leave-out' | 'zero';

export interface AlignReport {
  readonly axis: AlignAxis;
  /** Seconds between instants (null on a sample-index axis). */
  readonly step: number | null;
  readonly absent: AbsentPolicy;
  /** Instants on the grid, and those kept as columns. */
  readonly instants: number;
  readonly columns: number;
  readonly tasksKept: number;
  /** Tasks left out by `minCoverage`, with their coverage. */
  readonly tasksDropped: readonly { readonly id: string; readonly coverage: number }[];
  /** Tasks under `minCoverage` kept with absent samples as 0 (`belowCoverage: 'zero'`). */
  readonly tasksSparse: readonly { readonly id: string; readonly coverage: number }[];
  /** (task, instant) pairs of the kept tasks with no sample, over the grid. */
  readonly absentSamples: number;
  /** Absent samples counted as 0 in kept columns (`absent: 'zero'`). */
  readonly zeroFilled: number;
  /** Samples that fell in an instant already holding one of the same task (the first kept). */
  readonly merged: number;
  /** The least covered kept task and the mean coverage (share of the grid's instants). */
  readonly coverage: { readonly min: number; readonly minTask: string; readonly mean: number };
  readonly notes: readonly string[];
}

export interface AlignedData {
  readonly ids: readonly string[];
  /** Per column: its time in seconds since the grid's origin, or its instant index. */
  readonly instants: Float64Array;
  readonly origin: number;
  /** Per task, the first and last column where it has a sample of its own (2i, 2i + 1). */
  readonly spans: Int32Array;
  readonly inst: RealizationMatrix;
  readonly avg: RealizationMatrix | null;
  readonly report: AlignReport;
}

/**
 * The grid `alignSamples` lays the samples on, without laying them: its tasks (the VMs when days are
 * joined) and instants. Aligning holds tasks × instants per series (inst, avg) while it lays them,
 * and the matrices it keeps are at most as large. Throws an `AlignError` as `alignSamples` would.
 */
export function alignedGridSize(
  samples: TaskSamples,
  options: Pick<AlignOptions, 'step'> = {},
): { readonly tasks: number; readonly instants: number } {
  const grid = gridOf(samples, options.step);
  return { tasks: grid.members.length, instants: grid.instants };
}

interface Dense {
  rows: Float32Array[];
  merged: number;
  filled: Int32Array;
  present: Int32Array;
}

/**
 * Dense rows (NaN = absent) of one series on the grid, the samples merged into an instant, and per
 * row the instants it has a sample at (`filled`); `present[t]` counts the rows with a sample at t.
 * With `check`, null as soon as a task's times are out of order (or not one time per sample): a
 * grid whose range was read from the ends of each task's times (`Grid.inOrder`) holds only when
 * they are in order. Plain loops, no callback: counters a closure captured would be slower in the
 * loop over samples.
 */
function denseRows(series: TaskSamples['inst'], grid: Grid, check: boolean): Dense | null {
  const { instants, members, times, origin, step, slotsOf } = grid;
  let merged = 0;
  const present = new Int32Array(instants);
  const filled = new Int32Array(members.length);
  const rows: Float32Array[] = [];
  for (let r = 0; r < members.length; r++) {
    const row = new Float32Array(instants).fill(NaN);
    let count = 0;
    for (const i of members[r]) {
      const values = seriesAt(series, i);
      if (slotsOf) {
        const slot = slotsOf(i);
        for (let k = 0; k < values.length; k++) {
          const at = slot[k];
          if (row[at] !== row[at]) {
            row[at] = values[k];
            present[at]++;
            count++;
          } else merged++;
        }
        continue;
      }
      const time = times![i];
      if (check && time.length !== values.length) return null;
      let previous = -Infinity;
      for (let k = 0; k < values.length; k++) {
        const t = time[k];
        if (check && !(t >= previous)) return null;
        previous = t;
        // An integer index (`| 0`); a sample at no instant (a NaN time) is merged, as row[NaN] is.
        const x = Math.round((t - origin) / step!);
        const at = x | 0;
        if (at === x && row[at] !== row[at]) {
          row[at] = values[k];
          present[at]++;
          count++;
        } else merged++;
      }
    }
    filled[r] = count;
    rows.push(row);
  }
  return { rows, merged, filled, present };
}

function presence(rows: readonly Float32Array[], instants: number): Int32Array {
  const count = new Int32Array(instants);
  for (const row of rows) for (let t = 0; t < instants; t++) if (!Number.isNaN(row[t])) count[t]++;
  return count;
}

/** Rows `keep` of `source` at `columns`, absent as 0; spans of own samples. */
function fillMatrix(
  source: readonly Float32Array[],
  keep: readonly number[],
  columns: Int32Array,
  shared: boolean | undefined,
  spans: Int32Array | null,
): RealizationMatrix {
  const width = columns.length;
  const m = allocateMatrix(keep.length, width, shared);
  const out = m.data;
  for (let r = 0; r < keep.length; r++) {
    const row = source[keep[r]];
    const base = r * width;
    // The matrix is 0 where nothing is written.
    for (let c = 0; c < width; c++) {
      const v = row[columns[c]];
      if (v === v) out[base + c] = v;
    }
    if (!spans) continue;
    let first = 0;
    while (first < width && Number.isNaN(row[columns[first]])) first++;
    let last = width - 1;
    while (last >= 0 && Number.isNaN(row[columns[last]])) last--;
    spans[2 * r] = last < 0 ? -1 : first;
    spans[2 * r + 1] = last;
  }
  return m;
}

/** `seriesInto`, or −1 where a sample is NaN (float64 series checked as they are copied). */
function numbersInto(
  series: TaskSamples['inst'],
  i: number,
  out: Float32Array,
  at: number,
): number {
  if (isCoded(series)) {
    const length = seriesInto(series, i, out, at);
    for (let k = at; k < at + length; k++) if (out[k] !== out[k]) return -1;
    return length;
  }
  const row = series[i];
  for (let k = 0; k < row.length; k++) {
    const v = row[k];
    if (v !== v) return -1;
    out[at + k] = v;
  }
  return row.length;
}

/**
 * The samples as a matrix when, on an index axis, every output task has exactly one sample at every
 * instant and none is NaN: nothing absent, merged or dropped, so the general path's dense rows are
 * skipped. Null otherwise (the general path counts and reports what is missing).
 */
function completeMatrix(
  series: TaskSamples['inst'],
  grid: Grid,
  baseOf: (i: number) => number,
  shared: boolean | undefined,
): RealizationMatrix | null {
  const width = grid.instants;
  const m = allocateMatrix(grid.members.length, width, shared);
  const out = m.data;
  const seen = new Uint8Array(width);
  for (let r = 0; r < grid.members.length; r++) {
    seen.fill(0);
    let filled = 0;
    for (const i of grid.members[r]) {
      const base = baseOf(i);
      if (seen[base]) return null;
      seen[base] = 1;
      const at = r * width + base;
      const length = numbersInto(series, i, out, at);
      if (length < 0) return null;
      filled += length;
    }
    if (filled !== width) return null;
  }
  return m;
}

/** `alignSamples` on an index axis with every sample present, or null. */
function alignComplete(
  samples: TaskSamples,
  grid: Grid,
  absent: AbsentPolicy,
  shared: boolean | undefined,
): AlignedData | null {
  const tasks = grid.members.length;
  const width = grid.instants;
  const { baseOf } = grid;
  if (!baseOf || width < 1) return null;
  const inst = completeMatrix(samples.inst, grid, baseOf, shared);
  if (!inst) return null;
  const avg = samples.avg ? completeMatrix(samples.avg, grid, baseOf, shared) : null;
  if (samples.avg && !avg) return null;
  const spans = new Int32Array(2 * tasks);
  for (let r = 0; r < tasks; r++) spans[2 * r + 1] = width - 1;
  return {
    ids: [...grid.ids],
    instants: Float64Array.from({ length: width }, (_, t) => t),
    origin: grid.origin,
    spans,
    inst,
    avg,
    report: {
      axis: grid.axis,
      step: null,
      absent,
      instants: width,
      columns: width,
      tasksKept: tasks,
      tasksDropped: [],
      tasksSparse: [],
      absentSamples: 0,
      zeroFilled: 0,
      merged: 0,
      coverage: { min: 1, minTask: grid.ids[0], mean: 1 },
      notes: [],
    },
  };
}

function noCommonInstant(rows: readonly Float32Array[], grid: Grid, ids: string[]): AlignError {
  let latestStart = 0;
  let earliestEnd = grid.instants - 1;
  let startTask = ids[0];
  let endTask = ids[0];
  rows.forEach((row, i) => {
    let a = 0;
    while (a < row.length && Number.isNaN(row[a])) a++;
    let b = row.length - 1;
    while (b >= 0 && Number.isNaN(row[b])) b--;
    if (a > latestStart) [latestStart, startTask] = [a, ids[i]];
    if (b < earliestEnd) [earliestEnd, endTask] = [b, ids[i]];
  });
  const overlap = Math.max(0, earliestEnd - latestStart + 1);
  const count = presence(rows, grid.instants);
  const most = count.reduce((m, c) => Math.max(m, c), 0);
  const at = (k: number) =>
    grid.step === null ? `instant ${k}` : `${grid.origin + k * grid.step} s`;
  return new AlignError(
    `no instant where all ${rows.length} tasks have a sample: their spans overlap on ${overlap} of ${grid.instants} instants (task ${startTask} starts at ${at(latestStart)}, task ${endTask} ends at ${at(earliestEnd)})` +
      `${overlap > 0 ? ', with a sample missing from some task at each of them' : ''}; at most ${most} tasks share an instant. Keep only well-covered tasks (${setting('min-coverage')}), or count absent samples as 0 (${setting('absent zero')})`,
  );
}

/** The time-aligned matrices of `samples` (see the file's comment for the axis and its choices). */
export function alignSamples(
  samples: TaskSamples,
  options: AlignOptions = {},
  shared?: boolean,
): AlignedData {
  const absent = options.absent ?? 'drop';
  const minCoverage = options.minCoverage ?? 0;
  if (!(minCoverage >= 0 && minCoverage <= 1))
    throw new AlignError(`invalid minimum coverage ${minCoverage} (need 0 ≤ share ≤ 1)`);
  if (options.step !== undefined && !(options.step > 0 && Number.isFinite(options.step)))
    throw new AlignError(`invalid step ${options.step} s (need a positive number of seconds)`);
  // The range from the ends of each task's times, checked as they are laid (else every time read).
  const fromEnds = gridOf(samples, options.step, true);
  const complete = alignComplete(samples, fromEnds, absent, shared);
  if (complete) return complete;
  const inOrder = denseRows(samples.inst, fromEnds, fromEnds.inOrder);
  const grid = inOrder ? fromEnds : gridOf(samples, options.step);
  const inst = inOrder ?? denseRows(samples.inst, grid, false)!;
  const avg = samples.avg ? denseRows(samples.avg, grid, false)! : null;
  const coverageOf = Array.from(inst.filled, (c) => c / grid.instants);
  const wellCovered: number[] = [];
  const dropped: number[] = [];
  coverageOf.forEach((c, i) => (c >= minCoverage ? wellCovered : dropped).push(i));
  const sparse = options.belowCoverage === 'zero' && wellCovered.length > 0 ? dropped : [];
  const keep = sparse.length > 0 ? coverageOf.map((_, i) => i) : wellCovered;
  const below = dropped.map((i) => ({ id: grid.ids[i], coverage: coverageOf[i] }));
  const tasksDropped = sparse.length > 0 ? [] : below;
  const tasksSparse = sparse.length > 0 ? below : [];
  if (wellCovered.length === 0)
    throw new AlignError(
      `no task covers ${minCoverage} of the ${grid.instants} instants (the best covers ${Math.max(...coverageOf).toFixed(3)})`,
    );
  const ids = keep.map((i) => grid.ids[i]);
  const rows = keep.map((i) => inst.rows[i]);
  const count = inst.present;
  for (const i of dropped) {
    const row = inst.rows[i];
    for (let t = 0; t < grid.instants; t++) if (row[t] === row[t]) count[t]--;
  }
  const kept: number[] = [];
  for (let t = 0; t < grid.instants; t++)
    if (absent === 'zero' ? count[t] > 0 || grid.step !== null : count[t] === wellCovered.length)
      kept.push(t);
  if (kept.length === 0) throw noCommonInstant(rows, grid, ids);
  const columns = Int32Array.from(kept);
  const spans = new Int32Array(2 * keep.length);
  const instMatrix = fillMatrix(inst.rows, keep, columns, shared, spans);
  const avgMatrix = avg ? fillMatrix(avg.rows, keep, columns, shared, null) : null;
  let absentSamples = 0;
  let zeroFilled = 0;
  for (let t = 0; t < grid.instants; t++) absentSamples += wellCovered.length - count[t];
  if (absent === 'zero') for (const t of columns) zeroFilled += wellCovered.length - count[t];
  let sparseZeros = 0;
  for (const i of sparse) {
    const row = inst.rows[i];
    for (let t = 0; t < grid.instants; t++) if (row[t] !== row[t]) absentSamples++;
    for (const t of columns) if (row[t] !== row[t]) sparseZeros++;
  }
  zeroFilled += sparseZeros;
  let minAt = 0;
  keep.forEach((i, r) => {
    if (coverageOf[i] < coverageOf[keep[minAt]]) minAt = r;
  });
  const notes: string[] = [];
  if (columns.length < grid.instants)
    notes.push(
      `${grid.instants - columns.length} of ${grid.instants} instants dropped: some task has no sample there`,
    );
  if (zeroFilled > 0)
    notes.push(`${zeroFilled} absent samples counted as 0 (the task was not running)`);
  if (inst.merged > 0)
    notes.push(`${inst.merged} samples shared an instant with an earlier one of their task`);
  if (tasksDropped.length > 0)
    notes.push(`${tasksDropped.length} tasks left out, covering less than ${minCoverage}`);
  if (tasksSparse.length > 0)
    notes.push(
      `${tasksSparse.length} tasks covering less than ${minCoverage} kept, their ${sparseZeros} absent samples at the kept instants counted as 0 (not running)`,
    );
  const instants = Float64Array.from(columns, (t) => (grid.step === null ? t : t * grid.step));
  return {
    ids,
    instants,
    origin: grid.origin,
    spans,
    inst: instMatrix,
    avg: avgMatrix,
    report: {
      axis: grid.axis,
      step: grid.step,
      absent,
      instants: grid.instants,
      columns: columns.length,
      tasksKept: keep.length,
      tasksDropped,
      tasksSparse,
      absentSamples,
      zeroFilled,
      merged: inst.merged,
      coverage: {
        min: coverageOf[keep[minAt]],
        minTask: ids[minAt],
        mean: keep.reduce((s, i) => s + coverageOf[i], 0) / keep.length,
      },
      notes,
    },
  };
}
