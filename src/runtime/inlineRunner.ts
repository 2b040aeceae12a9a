/** The runner without workers: the engine on the calling thread (fallback, tests, small jobs). */
import {
  WorkloadStats,
  realize,
  runPacking,
  runSweepRun,
  sampleInstance,
  splitColumns,
  sweepRuns,
  machineTotals as totalsOf,
  type PackTrace,
  type SweepRow,
} from '../engine/index.ts';
import { CancelledError, type PackResponse, type PoolHandle, type Runner } from './runner.ts';

export function createInlineRunner(): Runner {
  const pools = new Map<number, WorkloadStats>();
  let nextId = 1;
  const statsOf = (pool: PoolHandle) => {
    const s = pools.get(pool.id);
    if (!s) throw new Error(`pool ${pool.id} was released`);
    return s;
  };
  return {
    mode: 'inline',
    workers: 0,
    async createPool(samples, realizations, seed) {
      const workload = realize(samples, realizations, seed);
      const id = nextId++;
      pools.set(id, new WorkloadStats(workload));
      return {
        id,
        tasks: workload.inst.rows,
        realizations,
        seed,
        hasAvg: workload.avg !== null,
        shared: workload.inst.data.buffer instanceof SharedArrayBuffer,
      };
    },
    releasePool(pool) {
      pools.delete(pool.id);
    },
    async pack(pool, request, options) {
      const stats = statsOf(pool);
      const rows = sampleInstance(pool.tasks, request.tasks, request.seed, request.instance);
      const trace: PackTrace | undefined = options?.trace ? [] : undefined;
      const result = runPacking(stats, rows, request.params, trace);
      const response: PackResponse = { result, rows, trace };
      return response;
    },
    async machineTotals(pool, rows, clairvoyance) {
      const stats = statsOf(pool);
      const split = splitColumns(pool.realizations, clairvoyance);
      const totals = new Float64Array(split.evaluateEnd - split.evaluateStart);
      totalsOf(stats.workload.inst, rows, split.evaluateStart, split.evaluateEnd, Infinity, totals);
      return totals;
    },
    async sweep(pool, spec, options) {
      const stats = statsOf(pool);
      const runs = sweepRuns(spec);
      const rows: SweepRow[] = [];
      for (const run of runs) {
        if (options?.signal?.aborted) throw new CancelledError();
        rows.push(runSweepRun(stats, spec, run));
        options?.onProgress?.({ done: rows.length, total: runs.length });
        if (rows.length % 4 === 0) await new Promise((r) => setTimeout(r, 0));
      }
      return rows;
    },
    dispose() {
      pools.clear();
    },
  };
}
