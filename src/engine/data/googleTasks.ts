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
