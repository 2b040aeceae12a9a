/**
 * The engine behind the worker API (src/protocol/api.ts): one host per worker, and one on the main
 * thread for the inline runner, so every runner computes with the same code. Pools are realization
 * matrices in a WebAssembly.Memory read in place by the SIMD kernel (shared between workers when the
 * platform allows), with per-task statistics cached per pool in this host.
 */
import {
  WorkloadStats,
  applyHandMoves,
  attachKernel,
  checkPackParams,
  fitTest,
  readsPercentiles,
  matrixFrom,
  realizeTask,
  runPacking,
  runPackingSummaries,
  sampleInstance,
  splitColumns,
  summarize,
  sweepRuns,
  taskCount,
  machineTotals as totalsOf,
  type PackParams,
  type PackTrace,
  type RealizationMatrix,
  type SeriesSet,
  type SweepRow,
  type SweepSpec,
} from '../../engine/index.ts';
import { WasmKernel, createMemory, kernelAvailable } from '../../kernels/index.ts';
import type {
  HostInfo,
  LocalSource,
  PackRequest,
  PackResponse,
  PoolInfo,
  Series,
  SharedPoolDescriptor,
  WorkerApi,
} from '../../protocol/api.ts';
import {
  CANCEL,
  JOB_DONE,
  JOB_STATE,
  JOB_WORDS,
  MAX_JOBS,
  PROTOCOL_VERSION,
  heartbeatWord,
  poolLayout,
  slotScratch,
  type PoolLayout,
} from '../../protocol/layout.ts';
import { allocate } from './allocate.ts';
import { jobKind } from '../jobs/index.ts';
import { CancelledError } from '../../protocol/cancel.ts';

interface HostedPool {
  readonly layout: PoolLayout;
  readonly inst: RealizationMatrix;
  readonly avg: RealizationMatrix | null;
  readonly stats: WorkloadStats;
  readonly kernel: WasmKernel | null;
}

// Shared with the pool, which must load without the host (and the engine behind it).
export { allocate };

// Rows between cancellation checks while warming statistics (a row sorts in well under 1 ms).
const WARM_CHUNK = 32;
// Tasks in the packing that warms a worker's packing code (warm()).
const WARM_PACK_TASKS = 1000;

export class EngineHost implements WorkerApi {
  private control: Int32Array | null = null;
  private slot = 0;
  private readonly pools = new Map<number, HostedPool>();

  hello(control: SharedArrayBuffer | null, slot: number): HostInfo {
    this.control = control ? new Int32Array(control) : null;
    this.slot = slot;
    return { version: PROTOCOL_VERSION, kernel: kernelAvailable(true) ? 'wasm-simd' : 'scalar' };
  }

  attach(d: SharedPoolDescriptor): void {
    const { layout } = d;
    let buffer: ArrayBufferLike;
    let kernel: WasmKernel | null = null;
    if (d.wasm) {
      const memory = d.memory as WebAssembly.Memory;
      buffer = memory.buffer;
      if (kernelAvailable(true))
        kernel = new WasmKernel(memory, true, slotScratch(layout, this.slot));
    } else {
      buffer = d.memory as ArrayBufferLike;
    }
    this.pools.set(d.id, hosted(layout, buffer, kernel));
  }

  realizeRows(id: number, series: Series, first: number, samples: SeriesSet, seed: number): void {
    const p = this.pool(id);
    const m = series === 'inst' ? p.inst : p.avg;
    if (!m) throw new RangeError(`pool ${id} has no ${series} matrix`);
    const n = taskCount(samples);
    if (!(first >= 0 && first + n <= m.rows))
      throw new RangeError(`rows ${first}..${first + n} outside the pool's ${m.rows}`);
    for (let k = 0; k < n; k++) {
      this.beat();
      const i = first + k;
      realizeTask(samples, k, m.data.subarray(i * m.cols, (i + 1) * m.cols), seed, series, i);
    }
  }

  createLocal(id: number, source: LocalSource): PoolInfo {
    const tasks = source.kind === 'samples' ? taskCount(source.inst) : source.inst.rows;
    const realizations = source.kind === 'samples' ? source.realizations : source.inst.cols;
    const hasAvg = source.avg !== null;
    if (source.kind === 'matrices' && source.avg)
      if (source.avg.rows !== tasks || source.avg.cols !== realizations)
        throw new RangeError(
          `avg matrix is ${source.avg.rows} × ${source.avg.cols} but inst is ${tasks} × ${realizations}`,
        );
    const layout = poolLayout(tasks, realizations, hasAvg, 1);
    const memory = allocate(layout.bytes, () =>
      kernelAvailable(false) ? createMemory(layout.bytes, false) : null,
    );
    const buffer = memory
      ? memory.buffer
      : allocate(layout.bytes, () => new ArrayBuffer(layout.bytes));
    const kernel = memory ? new WasmKernel(memory, false, slotScratch(layout, 0)) : null;
    const p = hosted(layout, buffer, kernel);
    if (source.kind === 'samples') {
      const fill = (m: RealizationMatrix, s: SeriesSet, series: Series) => {
        for (let i = 0; i < taskCount(s); i++)
          realizeTask(s, i, m.data.subarray(i * m.cols, (i + 1) * m.cols), source.seed, series);
      };
      fill(p.inst, source.inst, 'inst');
      if (p.avg && source.avg) fill(p.avg, source.avg, 'avg');
    } else {
      p.inst.data.set(source.inst.data);
      if (p.avg && source.avg) p.avg.data.set(source.avg.data);
    }
    this.pools.set(id, p);
    return { tasks, realizations, hasAvg, kernel: kernel ? 'wasm-simd' : 'scalar' };
  }

  release(id: number): void {
    this.pools.delete(id);
  }

  pack(id: number, request: PackRequest, trace: boolean): PackResponse {
    const p = this.pool(id);
    const rows = sampleInstance(p.layout.tasks, request.tasks, request.seed, request.instance);
    const steps: PackTrace | undefined = trace ? [] : undefined;
    const packed = runPacking(p.stats, rows, request.params, steps);
    if (!request.moves?.length)
      return steps ? { result: packed, rows, trace: steps } : { result: packed, rows };
    const moved = applyHandMoves(p.stats, rows, request.params, packed, request.moves);
    const response = { result: moved.result, rows, handMoves: moved.outcomes };
    return steps ? { ...response, trace: steps } : response;
  }

  warm(id: number, request: PackRequest): void {
    const p = this.pool(id);
    const rows = sampleInstance(p.layout.tasks, request.tasks, request.seed, request.instance);
    warmStatistics(p.stats, rows, [request.params], () => this.beat());
    // A packing of the first tasks, its result dropped, so that the packing code is compiled too.
    runPacking(p.stats, rows.subarray(0, WARM_PACK_TASKS), request.params);
  }

  machineTotals(id: number, rows: Int32Array, clairvoyance: number): Float64Array {
    const p = this.pool(id);
    const split = splitColumns(p.layout.realizations, clairvoyance);
    for (const r of rows)
      if (!(Number.isInteger(r) && r >= 0 && r < p.layout.tasks))
        throw new RangeError(`invalid pool row ${r} (the pool has ${p.layout.tasks} tasks)`);
    const totals = new Float64Array(split.evaluateEnd - split.evaluateStart);
    totalsOf(p.inst, rows, split.evaluateStart, split.evaluateEnd, Infinity, totals);
    return totals;
  }

  sweepUnit(id: number, spec: SweepSpec, runIndices: readonly number[], job: number): SweepRow[] {
    const p = this.pool(id);
    const all = sweepRuns(spec);
    const checkpoint = this.checkpoint(job);
    const byInstance = new Map<number, number[]>();
    for (const i of runIndices) {
      const run = all[i];
      if (!run) throw new RangeError(`run ${i} is outside the grid of ${all.length}`);
      const list = byInstance.get(run.instance);
      if (list) list.push(i);
      else byInstance.set(run.instance, [i]);
    }
    const out: SweepRow[] = [];
    for (const [instance, indices] of byInstance) {
      checkpoint();
      const rows = sampleInstance(p.layout.tasks, spec.tasks, spec.seed, instance);
      const params = indices.map((i) => all[i].params);
      warmStatistics(p.stats, rows, params, checkpoint);
      const summaries = runPackingSummaries(p.stats, rows, params, checkpoint);
      indices.forEach((i, k) => out.push(summarize(all[i], summaries[k])));
      this.progress(job, indices.length);
    }
    return out;
  }

  runJobUnit(name: string, id: number | null, spec: unknown, unit: unknown, job: number): unknown {
    const kind = jobKind(name);
    const p = id === null ? null : this.pool(id);
    if (kind.needsPool && !p) throw new RangeError(`the job "${name}" needs a pool`);
    const out = kind.run(p, spec, unit, this.checkpoint(job));
    const done = () => this.progress(job, kind.weight ? kind.weight(unit) : 1);
    // An asynchronous unit (e.g. one that loads the LP solver first) counts when it settles.
    if (out instanceof Promise) return out.then((v) => (done(), v));
    done();
    return out;
  }

  private pool(id: number): HostedPool {
    const p = this.pools.get(id);
    if (!p) throw new Error(`pool ${id} is not loaded in this worker (released?)`);
    return p;
  }

  private checkpoint(job: number): () => void {
    const control = this.control;
    if (!control) return () => {};
    if (job < 0) return () => this.beat();
    if (!(Number.isInteger(job) && job < MAX_JOBS)) throw new RangeError(`invalid job ${job}`);
    const at = job * JOB_WORDS + JOB_STATE;
    return () => {
      this.beat();
      if (Atomics.load(control, at) === CANCEL) throw new CancelledError();
    };
  }

  /** A sign of life for the pool's liveness watch (when the control buffer has this slot's word). */
  private beat(): void {
    const at = heartbeatWord(this.slot);
    if (this.control && at < this.control.length) Atomics.add(this.control, at, 1);
  }

  private progress(job: number, runs: number): void {
    if (this.control && job >= 0) Atomics.add(this.control, job * JOB_WORDS + JOB_DONE, runs);
  }
}

function hosted(
  layout: PoolLayout,
  buffer: ArrayBufferLike,
  kernel: WasmKernel | null,
): HostedPool {
  const n = layout.tasks * layout.realizations;
  const inst = matrixFrom(
    layout.tasks,
    layout.realizations,
    new Float32Array(buffer, layout.instOffset, n),
  );
  const avg = layout.hasAvg
    ? matrixFrom(layout.tasks, layout.realizations, new Float32Array(buffer, layout.avgOffset, n))
    : null;
  if (kernel) attachKernel(inst, kernel);
  return { layout, inst, avg, stats: new WorkloadStats({ inst, avg }), kernel };
}

/**
 * Computes the per-task statistics a set of runs needs (moments; sorted samples for percentile
 * tests) in small chunks with cancellation checks in between; the engine caches them per pool.
 */
function warmStatistics(
  stats: WorkloadStats,
  rows: Int32Array,
  params: readonly PackParams[],
  checkpoint: () => void,
): void {
  const seen = new Set<string>();
  for (const p of params) {
    checkPackParams(p);
    const split = stats.split(p.clairvoyance);
    const ts = stats.taskStats(p.source, split);
    const percentile = readsPercentiles(fitTest(p.fit).spec);
    const key = `${p.source}:${split.observeEnd}:${percentile}`;
    if (seen.has(key)) continue;
    seen.add(key);
    for (let k = 0; k < rows.length; k += WARM_CHUNK) {
      checkpoint();
      const chunk = rows.subarray(k, k + WARM_CHUNK);
      ts.ensureMoments(chunk);
      if (percentile) for (const r of chunk) ts.percentile(r, 50);
    }
  }
}
