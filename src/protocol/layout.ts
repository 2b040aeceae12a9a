/**
 * Where a pool's data lives in its memory (one WebAssembly.Memory, or one buffer when WebAssembly
 * cannot hold it): the inst matrix, the avg matrix, then one scratch region per kernel slot (one per
 * worker; a replacement worker takes over its predecessor's slot). Offsets are bytes, 64-aligned.
 *
 * And the control words: one Int32Array over a SharedArrayBuffer shared by the pool's workers, a few
 * words per job, read and written with Atomics (cancel requests one way, progress the other).
 */

/** Bumped whenever a message or a layout changes; a worker of another version is refused. */
export const PROTOCOL_VERSION = 1;

export const ALIGN = 64;

function align(bytes: number, to = ALIGN): number {
  return Math.ceil(bytes / to) * to;
}

/** Row indices the kernel's scratch holds per call (larger machine lists are batched). */
const SCRATCH_ENTRIES = 1 << 16;

/** Scratch of one kernel: per-column float64 totals, then row indices, offsets and counts (i32). */
export interface ScratchLayout {
  readonly totals: number;
  readonly rows: number;
  readonly offsets: number;
  readonly counts: number;
  readonly entries: number;
  readonly bytes: number;
}

export function scratchLayout(
  offset: number,
  realizations: number,
  entries = SCRATCH_ENTRIES,
): ScratchLayout {
  const ints = align(4 * (entries + 1));
  const totals = offset;
  const rows = totals + align(8 * realizations);
  const offsets = rows + ints;
  const counts = offsets + ints;
  return { totals, rows, offsets, counts, entries, bytes: counts + ints - offset };
}

export interface PoolLayout {
  readonly tasks: number;
  readonly realizations: number;
  readonly hasAvg: boolean;
  readonly instOffset: number;
  /** -1 without an avg matrix. */
  readonly avgOffset: number;
  readonly scratchOffset: number;
  /** Bytes of one slot's scratch. */
  readonly scratchBytes: number;
  readonly slots: number;
  readonly bytes: number;
}

export function poolLayout(
  tasks: number,
  realizations: number,
  hasAvg: boolean,
  slots: number,
): PoolLayout {
  if (!Number.isInteger(tasks) || tasks < 1) throw new RangeError(`invalid task count: ${tasks}`);
  if (!Number.isInteger(realizations) || realizations < 1)
    throw new RangeError(`invalid realization count: ${realizations}`);
  if (!Number.isInteger(slots) || slots < 1) throw new RangeError(`invalid slot count: ${slots}`);
  const matrix = align(4 * tasks * realizations);
  const instOffset = 0;
  const avgOffset = hasAvg ? matrix : -1;
  const scratchOffset = hasAvg ? 2 * matrix : matrix;
  const scratchBytes = scratchLayout(0, realizations).bytes;
  return {
    tasks,
    realizations,
    hasAvg,
    instOffset,
    avgOffset,
    scratchOffset,
    scratchBytes,
    slots,
    bytes: scratchOffset + slots * scratchBytes,
  };
}

export function slotScratch(layout: PoolLayout, slot: number): ScratchLayout {
  if (!(Number.isInteger(slot) && slot >= 0 && slot < layout.slots))
    throw new RangeError(`invalid slot ${slot} of ${layout.slots}`);
  return scratchLayout(layout.scratchOffset + slot * layout.scratchBytes, layout.realizations);
}

/** Control words per job: [0] state (RUN or CANCEL), [1] runs done. */
export const JOB_WORDS = 4;
export const JOB_STATE = 0;
export const JOB_DONE = 1;
export const RUN = 0;
export const CANCEL = 1;
/** Jobs that can be under way at once (further jobs wait for a free control block). */
export const MAX_JOBS = 64;
export const CONTROL_BYTES = MAX_JOBS * JOB_WORDS * 4;

/**
 * The control buffer: the jobs' words, then one heartbeat word per worker slot, which the worker
 * bumps at every checkpoint so that the pool can tell a busy worker from a gone one.
 */
export function controlBytes(workers: number): number {
  return CONTROL_BYTES + 4 * workers;
}

/** The index of slot `slot`'s heartbeat word in the control buffer's Int32Array. */
export function heartbeatWord(slot: number): number {
  return MAX_JOBS * JOB_WORDS + slot;
}
