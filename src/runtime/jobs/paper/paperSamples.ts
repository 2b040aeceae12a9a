/**
 * Per-task samples as a job spec (the paper lab's data figures, GPA paper §3): one flat array per
 * series with task offsets, in a SharedArrayBuffer where the platform has one, so that handing the
 * spec to every unit of a worker-pool job shares the samples instead of copying them per unit.
 */
import {
  seriesAt,
  sharedMemoryAvailable,
  sampleCount,
  taskCount,
  type SeriesSet,
  type TaskSamples,
} from '../../../engine/index.ts';

interface PackedSeries {
  /** Task i's samples are values[offsets[i] .. offsets[i + 1]). */
  readonly offsets: Float64Array;
  readonly values: Float64Array;
}

export interface PackedSamples {
  readonly tasks: number;
  readonly inst: PackedSeries;
  readonly avg: PackedSeries | null;
}

function packSeries(series: SeriesSet, shared: boolean): PackedSeries {
  const total = sampleCount(series);
  const tasks = taskCount(series);
  const buffer = (bytes: number) =>
    shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
  const offsets = new Float64Array(buffer(8 * (tasks + 1)));
  const values = new Float64Array(buffer(8 * total));
  let o = 0;
  for (let i = 0; i < tasks; i++) {
    const x = seriesAt(series, i);
    values.set(x, o);
    o += x.length;
    offsets[i + 1] = o;
  }
  return { offsets, values };
}

/** Packs a dataset's samples (exact float64 copies), shared between workers where possible. */
export function packSamples(
  samples: TaskSamples,
  shared: boolean = sharedMemoryAvailable(),
): PackedSamples {
  const tasks = taskCount(samples.inst);
  if (samples.avg && taskCount(samples.avg) !== tasks)
    throw new RangeError(`${taskCount(samples.avg)} avg series but ${tasks} inst series`);
  return {
    tasks,
    inst: packSeries(samples.inst, shared),
    avg: samples.avg ? packSeries(samples.avg, shared) : null,
  };
}

const EMPTY = new Float64Array(0);

function views(s: PackedSeries, tasks: number, start: number, end: number): Float64Array[] {
  // Only the tasks of the range are read by a chunk; the others are left empty.
  const out = new Array<Float64Array>(tasks).fill(EMPTY);
  for (let i = start; i < end; i++) out[i] = s.values.subarray(s.offsets[i], s.offsets[i + 1]);
  return out;
}

/** The tasks [start, end) of packed samples as TaskSamples (other tasks empty; ids not kept). */
export function samplesInRange(
  p: PackedSamples,
  start = 0,
  end = p.tasks,
): TaskSamples & { readonly inst: Float64Array[]; readonly avg?: Float64Array[] } {
  if (!(
    Number.isInteger(start) &&
    Number.isInteger(end) &&
    0 <= start &&
    start <= end &&
    end <= p.tasks
  ))
    throw new RangeError(`invalid task range [${start}, ${end}) of ${p.tasks}`);
  return {
    ids: [],
    inst: views(p.inst, p.tasks, start, end),
    ...(p.avg ? { avg: views(p.avg, p.tasks, start, end) } : {}),
  };
}

/** Task ranges of about `size` tasks (at least 1 range); a function of the task count alone. */
export function taskRanges(tasks: number, size: number): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  for (let start = 0; start < tasks; start += size)
    out.push({ start, end: Math.min(tasks, start + size) });
  return out.length ? out : [{ start: 0, end: 0 }];
}
