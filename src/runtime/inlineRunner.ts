/** The runner without workers: the engine host on the calling thread (fallback, tests, small jobs). */
import { checkSamples, sweepRuns, type SweepRow } from '../engine/index.ts';
import { kernelAvailable } from '../kernels/index.ts';
import type { LocalSource } from '../protocol/api.ts';
import { EngineHost } from './pool/host.ts';
import { jobKind } from './jobs/index.ts';
import { CancelledError, type PoolHandle, type Runner, type RunOptions } from './runner.ts';

const yieldToEventLoop = () => new Promise<void>((r) => setTimeout(r, 0));

export function createInlineRunner(): Runner {
  const host = new EngineHost();
  host.hello(null, 0);
  const live = new Set<number>();
  let nextId = 1;

  const check = (pool: PoolHandle) => {
    if (!live.has(pool.id)) throw new Error(`pool ${pool.id} was released`);
  };
  const abortCheck = (options?: RunOptions) => {
    if (options?.signal?.aborted) throw new CancelledError();
  };
  const load = (source: LocalSource, seed: number): PoolHandle => {
    const id = nextId++;
    const info = host.createLocal(id, source);
    live.add(id);
    return {
      id,
      tasks: info.tasks,
      realizations: info.realizations,
      seed,
      hasAvg: info.hasAvg,
      shared: false,
    };
  };

  return {
    mode: 'inline',
    workers: 0,
    shared: false,
    kernel: kernelAvailable(false) ? 'wasm-simd' : 'scalar',
    async createPool(samples, realizations, seed, options) {
      abortCheck(options);
      checkSamples(samples);
      return load(
        { kind: 'samples', inst: samples.inst, avg: samples.avg ?? null, realizations, seed },
        seed,
      );
    },
    async loadMatrices(inst, avg, options) {
      abortCheck(options);
      return load({ kind: 'matrices', inst, avg }, NaN);
    },
    releasePool(pool) {
      live.delete(pool.id);
      host.release(pool.id);
    },
    async pack(pool, request, options) {
      check(pool);
      // Let a newer call made in the same tick supersede this one before it computes.
      await Promise.resolve();
      abortCheck(options);
      return host.pack(pool.id, request, options?.trace === true);
    },
    async machineTotals(pool, rows, clairvoyance) {
      check(pool);
      return host.machineTotals(pool.id, rows, clairvoyance);
    },
    async sweep(pool, spec, options) {
      check(pool);
      const runs = sweepRuns(spec);
      const byInstance = new Map<number, number[]>();
      for (const r of runs) {
        const list = byInstance.get(r.instance);
        if (list) list.push(r.index);
        else byInstance.set(r.instance, [r.index]);
      }
      const rows: SweepRow[] = [];
      for (const indices of byInstance.values()) {
        abortCheck(options);
        rows.push(...host.sweepUnit(pool.id, spec, indices, -1));
        options?.onProgress?.({ done: rows.length, total: runs.length });
        await yieldToEventLoop();
        check(pool);
      }
      abortCheck(options);
      return rows.sort((a, b) => a.index - b.index);
    },
    async runJob(pool, name, spec, options) {
      if (pool) check(pool);
      const kind = jobKind(name);
      if (kind.needsPool && !pool) throw new RangeError(`the job "${name}" needs a pool`);
      const units = kind.units(spec, pool);
      const total = units.reduce<number>((s, u) => s + (kind.weight ? kind.weight(u) : 1), 0);
      const out: unknown[] = [];
      let done = 0;
      for (const unit of units) {
        abortCheck(options);
        out.push(await host.runJobUnit(name, pool ? pool.id : null, spec, unit, -1));
        done += kind.weight ? kind.weight(unit) : 1;
        options?.onProgress?.({ done, total });
        await yieldToEventLoop();
        if (pool) check(pool);
      }
      abortCheck(options);
      return out as never;
    },
    dispose() {
      for (const id of live) host.release(id);
      live.clear();
    },
  };
}
