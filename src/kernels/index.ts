/**
 * The evaluation kernel in WebAssembly SIMD (src/kernels/assembly/evaluate.ts), for realization
 * matrices that live in a WebAssembly.Memory: shared between workers (cross-origin isolated pages,
 * Node) or plain. Loaded synchronously (the modules are a few KiB, embedded as base64), so it works
 * the same on the main thread, in workers and in Node. Exact: float32 promoted to float64, added in
 * task order, counts of the totals above capacityLimit(c) (the engine's `exceeds`) — the scalar
 * loop's numbers bit for bit.
 */
import {
  capacityLimit,
  LOG_CDF_TABLE,
  logNormalCdf,
  type Checkpoint,
  type EvaluationKernel,
  type NestedSumsKernel,
  type RealizationMatrix,
} from '../engine/index.ts';
import type { ScratchLayout } from '../protocol/layout.ts';
import { moduleFor, type KernelExports } from './module.ts';

export { MAX_PAGES, PAGE_BYTES, createMemory, kernelAvailable } from './module.ts';

// Columns per block when machines share rows (e.g. every packing of one instance): a block of the
// instance (1,000 rows × 256 columns × 4 B = 1 MB) stays in the core's L2 while every packing reads
// it (1,024 columns, 4 MB, spill to L3: about 1.4× slower). Without sharing, long blocks stream each
// row from memory at full speed.
const BLOCK = 256;
const LONG_BLOCK = 1 << 16;
// Columns per block for nested sums: a block of a 1,000-task pool (4 MB) stays in cache while every
// subset of a batch reads its rows.
const SUMS_BLOCK = 1024;

/** The SIMD kernel over one memory, with a scratch region [offset, offset + bytes) of its own. */
export class WasmKernel implements EvaluationKernel, NestedSumsKernel {
  readonly name = 'wasm-simd';
  private readonly exports: KernelExports;
  private readonly entries: number;
  private readonly totalsAt: number;
  private readonly rowsAt: number;
  private readonly offsetsAt: number;
  private readonly countsAt: number;
  private readonly maxWidth: number;
  /** log Φ's table for A² sits at the end of the scratch; snapshots and sorts stay below it. */
  private readonly tableAt: number;
  private readonly hasTable: boolean;

  constructor(
    readonly memory: WebAssembly.Memory,
    shared: boolean,
    scratch: ScratchLayout,
  ) {
    const module = moduleFor(shared);
    if (!module) throw new Error('WebAssembly SIMD is not available on this platform');
    if (scratch.totals % 64 !== 0 || scratch.totals + scratch.bytes > memory.buffer.byteLength)
      throw new RangeError(
        `invalid kernel scratch [${scratch.totals}, ${scratch.totals + scratch.bytes}) in a memory of ${memory.buffer.byteLength} bytes`,
      );
    const instance = new WebAssembly.Instance(module, { env: { memory, logNormalCdf } });
    this.exports = instance.exports as unknown as KernelExports;
    this.entries = scratch.entries;
    this.maxWidth = (scratch.rows - scratch.totals) / 8;
    this.totalsAt = scratch.totals;
    this.rowsAt = scratch.rows;
    this.offsetsAt = scratch.offsets;
    this.countsAt = scratch.counts;
    // A scratch too small for the table (a few KiB of row indices) leaves sorting to the engine.
    const end = scratch.totals + scratch.bytes;
    this.hasTable = end - TABLE_BYTES >= this.offsetsAt + 64;
    this.tableAt = this.hasTable ? end - TABLE_BYTES : end;
    if (this.hasTable)
      new Float64Array(memory.buffer, this.tableAt, LOG_CDF_TABLE.table.length).set(
        LOG_CDF_TABLE.table,
      );
  }

  /** Whether `matrix` lies in this kernel's memory (so the kernel can read it in place). */
  reads(matrix: RealizationMatrix): boolean {
    return matrix.data.buffer === this.memory.buffer;
  }

  private view(): ArrayBufferLike {
    return this.memory.buffer;
  }

  private check(matrix: RealizationMatrix, start: number, end: number): void {
    if (!this.reads(matrix)) throw new Error('this matrix is not in the kernel’s memory');
    if (end - start > this.maxWidth)
      throw new RangeError(`${end - start} columns exceed the kernel's ${this.maxWidth}`);
  }

  machineTotals(
    matrix: RealizationMatrix,
    rows: ArrayLike<number>,
    start: number,
    end: number,
    capacity: number,
    totals: Float64Array,
  ): number {
    this.check(matrix, start, end);
    if (rows.length > this.entries)
      throw new RangeError(
        `a machine of ${rows.length} tasks exceeds the kernel's ${this.entries}`,
      );
    const buffer = this.view();
    new Int32Array(buffer, this.rowsAt, rows.length).set(rows);
    const over = this.exports.machineTotals(
      matrix.data.byteOffset,
      matrix.cols,
      this.rowsAt,
      rows.length,
      start,
      end,
      capacityLimit(capacity),
      this.totalsAt,
    );
    totals.set(new Float64Array(buffer, this.totalsAt, end - start));
    return over;
  }

  overflowCounts(
    matrix: RealizationMatrix,
    machines: readonly ArrayLike<number>[],
    start: number,
    end: number,
    capacity: number,
    counts: Int32Array,
    checkpoint?: Checkpoint,
  ): void {
    this.check(matrix, start, end);
    const limit = capacityLimit(capacity);
    const buffer = this.view();
    const rows = new Int32Array(buffer, this.rowsAt, this.entries);
    const offsets = new Int32Array(buffer, this.offsetsAt, this.entries + 1);
    const out = new Int32Array(buffer, this.countsAt, this.entries);
    let first = 0;
    while (first < machines.length) {
      // A batch: as many machines as the scratch holds.
      let last = first;
      let used = 0;
      offsets[0] = 0;
      while (last < machines.length && used + machines[last].length <= this.entries) {
        rows.set(machines[last], used);
        used += machines[last].length;
        offsets[last - first + 1] = used;
        last++;
      }
      if (last === first)
        throw new RangeError(
          `a machine of ${machines[first].length} tasks exceeds the kernel's ${this.entries}`,
        );
      const m = last - first;
      out.fill(0, 0, m);
      const distinct = distinctRows(rows.subarray(0, used), matrix.rows);
      const blocked = used >= 2 * distinct.length;
      const block = blocked ? BLOCK : LONG_BLOCK;
      // Shared rows: before each block, its distinct rows are brought into cache with independent
      // loads (the passes read them in machine order, which defeats the prefetchers; ≈ 8 % less
      // evaluation CPU in the paper's grid). The distinct rows go after the machines' in the scratch.
      const touch = blocked && used + distinct.length <= this.entries;
      if (touch) rows.set(distinct, used);
      for (let b = start; b < end; b += block) {
        checkpoint?.();
        const blockEnd = Math.min(end, b + block);
        if (touch)
          this.exports.touchRows(
            matrix.data.byteOffset,
            matrix.cols,
            this.rowsAt + 4 * used,
            distinct.length,
            b,
            blockEnd,
          );
        this.exports.countMachines(
          matrix.data.byteOffset,
          matrix.cols,
          this.rowsAt,
          this.offsetsAt,
          m,
          b,
          blockEnd,
          limit,
          this.totalsAt,
          this.countsAt,
        );
      }
      counts.set(out.subarray(0, m), first);
      first = last;
    }
  }

  /**
   * Nested sums of `count` subsets of rows (GPA paper §3.6): for subset k (its rows tasks[k·stride …])
   * and size s, out[(k·S + s)·R + t] = Σ_{i < sizes[s]} X[tasks[k·stride + i]][t] over all R columns,
   * added from +0 in list order (the scalar loop's bits). Column block by column block, so that a
   * block of the pool stays in cache while every subset of a batch reads it.
   */
  nestedSums(
    matrix: RealizationMatrix,
    tasks: Int32Array,
    stride: number,
    count: number,
    sizes: readonly number[],
    out: Float64Array,
    block = SUMS_BLOCK,
  ): void {
    const S = sizes.length;
    const R = matrix.cols;
    checkNested(matrix, tasks, stride, count, sizes, out);
    if (!this.reads(matrix)) throw new Error('this matrix is not in the kernel’s memory');
    if (S === 0 || count === 0 || R === 0) return;
    // Snapshots go to the offsets and counts regions (contiguous), sizes to the totals region.
    const room = Math.floor((this.tableAt - this.offsetsAt) / (8 * S));
    const width = Math.max(1, Math.min(block, R, room >= 4 ? room & ~3 : room));
    if (room < 1) throw new RangeError(`${S} sizes exceed the kernel's scratch`);
    const perBatch = Math.floor(this.entries / Math.max(1, stride));
    if (perBatch < 1)
      throw new RangeError(`subsets of ${stride} tasks exceed the kernel's ${this.entries}`);
    const buffer = this.view();
    new Int32Array(buffer, this.totalsAt, S).set(sizes);
    for (let first = 0; first < count; first += perBatch) {
      const last = Math.min(count, first + perBatch);
      new Int32Array(buffer, this.rowsAt, (last - first) * stride).set(
        tasks.subarray(first * stride, last * stride),
      );
      for (let b = 0; b < R; b += width) {
        const w = Math.min(width, R - b);
        const snapshots = new Float64Array(buffer, this.offsetsAt, S * w);
        for (let k = first; k < last; k++) {
          this.exports.nestedSums(
            matrix.data.byteOffset,
            R,
            this.rowsAt + (k - first) * stride * 4,
            this.totalsAt,
            S,
            b,
            b + w,
            this.offsetsAt,
          );
          for (let s = 0; s < S; s++)
            out.set(snapshots.subarray(s * w, (s + 1) * w), (k * S + s) * R + b);
        }
      }
    }
  }

  /**
   * Sorts a copy of `values` into `sorted` (as Float64Array.prototype.sort) and returns A² of the
   * sorted values for the mean and ddof = 1 sd fitted on `values` (as the engine's meanAndSd and
   * andersonStatisticSorted; NaN when sd ≤ 0), or null, with `sorted` untouched, when it cannot: a
   * value with its sign bit set, or more values than its scratch holds.
   */
  sortedAnderson(values: Float64Array, sorted: Float64Array): number | null {
    const n = values.length;
    const at = this.offsetsAt;
    const tmp = at + align64(8 * n);
    const counts = tmp + align64(8 * n);
    const result = counts + SORT_COUNTS_BYTES;
    if (!this.hasTable || result + 8 > this.tableAt || sorted.length !== n) return null;
    const buffer = this.view();
    const view = new Float64Array(buffer, at, n);
    view.set(values);
    const { limit, perUnit } = LOG_CDF_TABLE;
    if (!this.exports.fitSortAnderson(at, tmp, n, counts, this.tableAt, limit, perUnit, result))
      return null;
    sorted.set(view);
    return new Float64Array(buffer, result, 1)[0];
  }

  /**
   * Adds rows[from..to) of `matrix` (list order) to one subset's running total kept in this kernel's
   * scratch — restarted at +0 when `from` is 0 — and returns A² of the new total as sortedAnderson
   * does, with a view of the total sorted (valid until the next call); `a2` null, the view then
   * unsorted, when it cannot sort (a value with its sign bit set). Null, with nothing done, when the
   * scratch cannot hold the total three times over (then nestedSums and sortedAnderson serve).
   */
  extendSum(
    matrix: RealizationMatrix,
    rows: Int32Array,
    from: number,
    to: number,
  ): { readonly a2: number | null; readonly values: Float64Array } | null {
    const R = matrix.cols;
    const acc = this.offsetsAt;
    const values = acc + align64(8 * R);
    const tmp = values + align64(8 * R);
    const counts = tmp + align64(8 * R);
    const result = counts + SORT_COUNTS_BYTES;
    if (!this.hasTable || result + 8 > this.tableAt) return null;
    if (!this.reads(matrix)) throw new Error('this matrix is not in the kernel’s memory');
    if (!(
      Number.isInteger(from) &&
      Number.isInteger(to) &&
      0 <= from &&
      from <= to &&
      to <= rows.length
    ))
      throw new RangeError(`invalid rows [${from}, ${to}) of ${rows.length}`);
    const views = this.sumViews(R, values, result);
    let first = from;
    do {
      const last = Math.min(to, first + this.entries);
      const chunk = rows.subarray(first, last);
      for (let i = 0; i < chunk.length; i++)
        if (!(chunk[i] >= 0 && chunk[i] < matrix.rows))
          throw new RangeError(
            `task index ${chunk[i]} at ${first + i} is outside the pool's ${matrix.rows} rows`,
          );
      views.rows.set(chunk);
      this.exports.addRows(matrix.data.byteOffset, R, this.rowsAt, chunk.length, acc, first === 0);
      first = last;
    } while (first < to);
    const { limit, perUnit } = LOG_CDF_TABLE;
    const sorted =
      this.exports.sumStats(acc, values, tmp, R, counts, this.tableAt, limit, perUnit, result) ===
      1;
    return { a2: sorted ? views.result[0] : null, values: views.values };
  }

  private views: {
    R: number;
    values: Float64Array;
    result: Float64Array;
    rows: Int32Array;
  } | null = null;

  // Views over the running total's regions, made once per R (the memory never grows).
  private sumViews(R: number, values: number, result: number) {
    if (this.views?.R !== R) {
      const buffer = this.view();
      this.views = {
        R,
        values: new Float64Array(buffer, values, R),
        result: new Float64Array(buffer, result, 1),
        rows: new Int32Array(buffer, this.rowsAt, this.entries),
      };
    }
    return this.views;
  }
}

const TABLE_BYTES = align64(8 * LOG_CDF_TABLE.table.length);
const SORT_COUNTS_BYTES = 6 * 2048 * 4;

function align64(bytes: number): number {
  return Math.ceil(bytes / 64) * 64;
}

function checkNested(
  matrix: RealizationMatrix,
  tasks: Int32Array,
  stride: number,
  count: number,
  sizes: readonly number[],
  out: Float64Array,
): void {
  sizes.forEach((n, s) => {
    if (!(Number.isInteger(n) && n >= 0 && n <= stride && (s === 0 || n >= sizes[s - 1])))
      throw new RangeError(`invalid sizes ${sizes.join(', ')} for subsets of ${stride} tasks`);
  });
  if (tasks.length < count * stride)
    throw new RangeError(`${tasks.length} task indices, need ${count} × ${stride}`);
  if (out.length < count * sizes.length * matrix.cols)
    throw new RangeError(
      `out holds ${out.length} values, need ${count * sizes.length * matrix.cols}`,
    );
  for (let i = 0; i < count * stride; i++)
    if (!(tasks[i] >= 0 && tasks[i] < matrix.rows))
      throw new RangeError(
        `task index ${tasks[i]} at ${i} is outside the pool's ${matrix.rows} rows`,
      );
}

/** The distinct values of `rows` (each < `n`), ascending. */
function distinctRows(rows: Int32Array, n: number): Int32Array {
  const seen = new Uint8Array(n);
  let count = 0;
  for (const r of rows)
    if (!seen[r]) {
      seen[r] = 1;
      count++;
    }
  const out = new Int32Array(count);
  for (let r = 0, k = 0; r < n; r++) if (seen[r]) out[k++] = r;
  return out;
}
