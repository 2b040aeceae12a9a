/** Per-task samples, the common form every loader produces (SPEC §2, §10). */

/**
 * Every task's samples in one block, as codes into a dictionary of the distinct values: task i's
 * samples are `dictionary[codes[k]]` for k in [offsets[i], offsets[i + 1]). Exact: the dictionary
 * holds the very float64 values the loader computed (one byte a sample for at most 256 distinct
 * values, two for at most 65,536 — integer percents take one). A plain object of typed arrays, so
 * it crosses `postMessage` (its buffers transferable).
 */
export interface CodedSeries {
  readonly offsets: Float64Array;
  readonly dictionary: Float64Array;
  readonly codes: Uint8Array | Uint16Array;
}

/**
 * One series (inst or avg) of every task: a float64 array per task, or coded (`CodedSeries`) where
 * that is exact. Read it through `taskCount`, `seriesLength`, `seriesAt` (or the codes directly).
 */
export type SeriesSet = readonly Float64Array[] | CodedSeries;

export interface TaskSamples {
  /** A readable id per task (e.g. "3418309:0" or a VM name). */
  readonly ids: string[];
  /** inst samples per task, in machine units (fraction of a reference machine). */
  readonly inst: SeriesSet;
  /** avg samples per task (Google's 5-minute mean), when the source has a second series. */
  readonly avg?: SeriesSet;
  /**
   * Per-task requests from Google `task_events` (machine-normalised, NaN where the trace has none):
   * metadata only, never used as samples.
   */
  readonly requests?: { readonly cpu: Float64Array; readonly memory: Float64Array };
  /**
   * Per-task timestamps in seconds, parallel to `inst` (sample k of task i was measured at
   * `times[i][k]`), from the formats that carry them (the traces, Google task_usage, a long CSV with
   * a time column) when the load asks to keep them (`createLoader`'s `times`). Absent: sample k of
   * every task is instant k (wide and column-per-task CSVs), or the source has no time axis.
   */
  readonly times?: readonly Float64Array[];
}

/** How a loader keeps samples: coded where exact (the default) or float64 arrays per task. */
export type SampleStorage = 'compact' | 'float64';

export function isCoded(s: SeriesSet): s is CodedSeries {
  return 'codes' in s;
}

/** The number of tasks in `s`. */
export function taskCount(s: SeriesSet): number {
  return isCoded(s) ? s.offsets.length - 1 : s.length;
}

/** The number of samples of task `i`. */
export function seriesLength(s: SeriesSet, i: number): number {
  return isCoded(s) ? s.offsets[i + 1] - s.offsets[i] : s[i].length;
}

/**
 * Task `i`'s samples as float64: the stored array itself (do not write to it), or, coded, a new
 * array decoded from the codes (bit-identical to what the float64 loader gives).
 */
export function seriesAt(s: SeriesSet, i: number): Float64Array {
  if (!isCoded(s)) return s[i];
  const out = new Float64Array(seriesLength(s, i));
  seriesInto(s, i, out, 0);
  return out;
}

/**
 * Task `i`'s samples written into `out` from index `at` (coded ones decoded in place, with no array
 * of their own); returns their count.
 */
export function seriesInto(
  s: SeriesSet,
  i: number,
  out: Float32Array | Float64Array,
  at: number,
): number {
  if (!isCoded(s)) {
    out.set(s[i], at);
    return s[i].length;
  }
  const { codes, dictionary, offsets } = s;
  const from = offsets[i];
  const length = offsets[i + 1] - from;
  for (let k = 0; k < length; k++) out[at + k] = dictionary[codes[from + k]];
  return length;
}

/**
 * Every task's samples as float64 arrays (decoded when coded: memory for every sample at 8 bytes —
 * for consumers that build their own float64 structures from a small dataset).
 */
export function seriesList(s: SeriesSet): Float64Array[] {
  if (!isCoded(s)) return [...s];
  return Array.from({ length: taskCount(s) }, (_, i) => seriesAt(s, i));
}

/** The samples of tasks [start, end) (sharing the stored arrays or codes). */
export function sliceTasks(s: SeriesSet, start: number, end: number): SeriesSet {
  if (!isCoded(s)) return s.slice(start, end);
  const offsets = s.offsets.slice(start, end + 1);
  const base = offsets[0];
  const codes = s.codes.subarray(base, offsets[offsets.length - 1]);
  for (let i = 0; i < offsets.length; i++) offsets[i] -= base;
  return { offsets, dictionary: s.dictionary, codes };
}

/**
 * Tasks [start, end) of `s` in arrays of their own (a message carrying a view carries its whole
 * buffer): float64 arrays that are views are copied, codes and offsets copied.
 */
export function ownTasks(s: SeriesSet, start: number, end: number): SeriesSet {
  if (!isCoded(s))
    return s
      .slice(start, end)
      .map((a) => (a.byteOffset === 0 && a.byteLength === a.buffer.byteLength ? a : a.slice()));
  const part = sliceTasks(s, start, end) as CodedSeries;
  return { offsets: part.offsets, dictionary: s.dictionary.slice(), codes: part.codes.slice() };
}

/** The samples of every task in `s`. */
export function sampleCount(s: SeriesSet): number {
  if (isCoded(s)) return s.codes.length;
  let n = 0;
  for (const x of s) n += x.length;
  return n;
}

/** The bytes `s` holds in typed arrays (codes, dictionary and offsets, or the float64 arrays). */
export function seriesBytes(s: SeriesSet): number {
  if (isCoded(s)) return s.codes.byteLength + s.dictionary.byteLength + s.offsets.byteLength;
  let n = 0;
  for (const x of s) n += x.byteLength;
  return n;
}

/** The bytes the samples of `s` hold in typed arrays (inst, avg and requests). */
export function samplesBytes(s: TaskSamples): number {
  return (
    seriesBytes(s.inst) +
    (s.avg ? seriesBytes(s.avg) : 0) +
    (s.requests ? s.requests.cpu.byteLength + s.requests.memory.byteLength : 0)
  );
}

/** The buffers of `s` that `postMessage` may transfer (each once). */
export function samplesBuffers(s: TaskSamples): ArrayBuffer[] {
  const out = new Set<ArrayBufferLike>();
  const add = (set: SeriesSet) => {
    if (isCoded(set)) for (const a of [set.offsets, set.dictionary, set.codes]) out.add(a.buffer);
    else for (const x of set) out.add(x.buffer);
  };
  add(s.inst);
  if (s.avg) add(s.avg);
  if (s.requests) out.add(s.requests.cpu.buffer).add(s.requests.memory.buffer);
  return [...out].filter((b): b is ArrayBuffer => b instanceof ArrayBuffer);
}

export function checkSamples(s: TaskSamples): void {
  const n = taskCount(s.inst);
  if (s.ids.length !== n) throw new RangeError(`${s.ids.length} ids but ${n} inst series`);
  if (s.avg && taskCount(s.avg) !== n)
    throw new RangeError(`${taskCount(s.avg)} avg series but ${n} inst series`);
  if (s.requests && (s.requests.cpu.length !== n || s.requests.memory.length !== n))
    throw new RangeError(`requests for ${s.requests.cpu.length} tasks but ${n} inst series`);
  for (let i = 0; i < n; i++)
    if (seriesLength(s.inst, i) === 0) throw new RangeError(`task ${s.ids[i]} has no samples`);
}
