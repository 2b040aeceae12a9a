import { blank } from '../streams/bytes.ts';
import { setting } from '../../settings.ts';

/**
 * Google 2011 task keys and record order (SPEC §10): the (job ID, task index) key, the sampling key
 * shared with the DuckDB `reduce` (docs/reduce.sql), and each kept task's records gathered in the
 * canonical (start time, inst, avg) order.
 */

/** Task indices below 2^20, job IDs below 2^33: the key job·2^20 + index stays a safe integer. */
export const TASK_BITS = 1048576;
export const MAX_JOB = 8589934592;
const PICK_PRIME = 2147483647n;

/**
 * A deterministic pseudo-random key for sampling tasks, in [0, 2^31 − 1): the `tasks` smallest
 * keys (ties by job, index) are kept. Two squarings modulo the prime 2^31 − 1 mix it; every
 * intermediate stays below 2^63, so SQL computes the same key with 64-bit integers
 * (docs/reduce.sql): h = job mod p; h = (h·1103515245 + index + 1) mod p;
 * h = (h² + seed mod p + 12345) mod p; h = (h·48271 + 1) mod p; h = (h² + 1) mod p; h = (h² + 7) mod p.
 */
export function taskPickKey(job: number, index: number, seed: number): number {
  const p = PICK_PRIME;
  let h = BigInt(job) % p;
  h = (h * 1103515245n + BigInt(index) + 1n) % p;
  h = (h * h + (BigInt(seed) % p) + 12345n) % p;
  h = (h * 48271n + 1n) % p;
  h = (h * h + 1n) % p;
  h = (h * h + 7n) % p;
  return Number(h);
}

function compareRecords(
  start: Float64Array,
  inst: Float64Array,
  avg: Float64Array,
  a: number,
  b: number,
): number {
  return start[a] - start[b] || inst[a] - inst[b] || avg[a] - avg[b];
}

/**
 * Each kept task's records in (start time, inst, avg) order, as inst and avg views of two buffers,
 * with their start times in seconds (the trace's are microseconds).
 */
export function gatherSamples(
  keys: readonly number[],
  from: readonly number[],
  to: readonly number[],
  order: Int32Array,
  records: { start: Float64Array; inst: Float64Array; avg: Float64Array },
  total: number,
): { ids: string[]; inst: Float64Array[]; avg: Float64Array[]; times: Float64Array[] } {
  const { start, inst, avg } = records;
  const instAll = new Float64Array(total);
  const avgAll = new Float64Array(total);
  const timeAll = new Float64Array(total);
  const timeOut: Float64Array[] = new Array(keys.length);
  const ids: string[] = new Array(keys.length);
  const instOut: Float64Array[] = new Array(keys.length);
  const avgOut: Float64Array[] = new Array(keys.length);
  let pos = 0;
  let rows: number[] = [];
  for (let k = 0; k < keys.length; k++) {
    const job = Math.floor(keys[k] / TASK_BITS);
    ids[k] = `${job}:${keys[k] - job * TASK_BITS}`;
    const f = from[k];
    const e = to[k];
    let sorted = true;
    for (let r = f + 1; r < e && sorted; r++)
      sorted = compareRecords(start, inst, avg, order[r - 1], order[r]) <= 0;
    if (!sorted) {
      rows = Array.from(order.subarray(f, e));
      rows.sort((x, y) => compareRecords(start, inst, avg, x, y));
    }
    for (let r = f; r < e; r++) {
      const rec = sorted ? order[r] : rows[r - f];
      instAll[pos + r - f] = inst[rec];
      avgAll[pos + r - f] = avg[rec];
      timeAll[pos + r - f] = start[rec] / 1e6;
    }
    timeOut[k] = timeAll.subarray(pos, pos + e - f);
    instOut[k] = instAll.subarray(pos, pos + e - f);
    avgOut[k] = avgAll.subarray(pos, pos + e - f);
    pos += e - f;
  }
  return { ids, inst: instOut, avg: avgOut, times: timeOut };
}

/** The repeats of a Google 2011 load: records of one task at one start time beyond the first. */
export interface StartRepeats {
  identical: number;
  conflicting: number;
  /** The smallest (job, task, start) of a conflicting repeat, or null. */
  first: { job: number; index: number; start: number } | null;
}

/** The load's notes on merged repeats, the same words from the loader and from `reduce`. */
export function startRepeatNotes(r: StartRepeats): string[] {
  const out: string[] = [];
  if (r.identical)
    out.push(
      `${r.identical} repeated start time(s) with the same values merged (kept once; task_usage records of one task)`,
    );
  if (r.conflicting && r.first)
    out.push(
      `${r.conflicting} repeated start time(s) with other values: the first record in (inst, avg) order kept, the later dropped (first: task ${r.first.job}:${r.first.index} at ${r.first.start}); ${setting('duplicates refuse', 'ticking "refuse a repeated timestamp" (upload options)')} refuses them`,
    );
  return out;
}

/** The refusal of a repeated start time under `--duplicates refuse`. */
export function startRepeatRefusal(job: number, index: number, start: number): string {
  return `task ${job}:${index}: duplicated start time ${start} (two task_usage records; ${setting('duplicates merge', 'unticking "refuse a repeated timestamp"')} keeps the first)`;
}

/**
 * Each task's records sorted in (start, inst, avg) order with the records repeating a start time
 * dropped, the first kept: new offsets into a compacted `order`. `dropped(record)` is told of each
 * dropped record; with `refuse` given, the smallest (job, task, start) repeated is handed to it
 * (which throws) after the pass.
 */
export function mergeStartRepeats(
  keyOf: (t: number) => number,
  grouped: {
    offsets: Int32Array;
    order: Int32Array;
    records: { start: Float64Array; inst: Float64Array; avg: Float64Array };
    /** 1 for a record whose avg was replaced: of two equal records, the one not replaced is kept. */
    replaced: (record: number) => number;
  },
  refuse: ((message: string) => never) | null,
  dropped: (record: number) => void,
): { offsets: Int32Array; order: Int32Array; repeats: StartRepeats } {
  const { offsets, order, records, replaced } = grouped;
  const { start, inst, avg } = records;
  const n = offsets.length - 1;
  const out = new Int32Array(n + 1);
  const repeats: StartRepeats = { identical: 0, conflicting: 0, first: null };
  let firstKey = Infinity;
  let pos = 0;
  for (let t = 0; t < n; t++) {
    const f = offsets[t];
    const rows = Array.from(order.subarray(f, offsets[t + 1]));
    rows.sort((x, y) => compareRecords(start, inst, avg, x, y) || replaced(x) - replaced(y));
    out[t] = pos;
    for (let r = 0; r < rows.length; r++) {
      const rec = rows[r];
      const kept = pos > out[t] ? order[pos - 1] : -1;
      if (kept < 0 || start[kept] !== start[rec]) {
        order[pos++] = rec;
        continue;
      }
      const key = keyOf(t);
      const same = inst[rec] === inst[kept] && avg[rec] === avg[kept];
      if (same && !refuse) repeats.identical++;
      else {
        repeats.conflicting++;
        if (key < firstKey || (key === firstKey && start[rec] < repeats.first!.start)) {
          firstKey = key;
          const job = Math.floor(key / TASK_BITS);
          repeats.first = { job, index: key - job * TASK_BITS, start: start[rec] };
        }
      }
      dropped(rec);
    }
  }
  out[n] = pos;
  const f = repeats.first;
  if (refuse && f) refuse(startRepeatRefusal(f.job, f.index, f.start));
  return { offsets: out, order, repeats };
}

/** The `sample.tasks` alive tasks of smallest `taskPickKey` (ties by key). */
export function pickTasks(
  alive: Uint8Array,
  keyOf: (t: number) => number,
  sample: { tasks: number; seed: number },
): Set<number> {
  const candidates: { t: number; key: number; pick: number }[] = [];
  for (let t = 0; t < alive.length; t++)
    if (alive[t]) {
      const key = keyOf(t);
      const job = Math.floor(key / TASK_BITS);
      candidates.push({ t, key, pick: taskPickKey(job, key - job * TASK_BITS, sample.seed) });
    }
  candidates.sort((a, b) => a.pick - b.pick || a.key - b.key);
  return new Set(candidates.slice(0, sample.tasks).map((c) => c.t));
}

/** Each kept task's CPU and memory request from its task_events row (row −1 or NaN: none). */
export function lastRequests(
  eventRows: readonly number[],
  cpuRequest: Float64Array,
  memRequest: Float64Array,
): { cpu: Float64Array; memory: Float64Array } {
  const cpu = new Float64Array(eventRows.length).fill(NaN);
  const memory = new Float64Array(eventRows.length).fill(NaN);
  eventRows.forEach((ev, k) => {
    if (ev < 0) return;
    cpu[k] = cpuRequest[ev];
    memory[k] = memRequest[ev];
  });
  return { cpu, memory };
}

/** Whether the ascending `sorted` holds `x`. */
export function bisect(sorted: Int32Array, x: number): boolean {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo < sorted.length && sorted[lo] === x;
}

export function isHeader(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 34 || c === 35;
}

export function emptyField(b: Uint8Array, s: number, e: number): boolean {
  return blank(b, s, e);
}

export function later(time: number, value: number, bestTime: number, bestValue: number): boolean {
  return time > bestTime || (time === bestTime && !(value <= bestValue));
}
