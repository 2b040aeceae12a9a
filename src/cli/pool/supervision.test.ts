import type { Endpoint } from 'comlink';
import { afterAll, describe, expect, it } from 'vitest';
import { PAPER_FITS, type SweepSpec } from '../../engine/index.ts';
import { WorkerPool, type WorkerPort } from '../../runtime/pool/pool.ts';
import { WorkerCrashedError } from '../../runtime/runner.ts';
import { workerPort } from '../../runtime/pool/workerPort.ts';
import { createNodeRunner, nodeWorker } from './nodePool.ts';
import { planetlabDay } from '../../ingest/testing.ts';

const samples = planetlabDay();
// Twelve instances are twelve units (six per worker): every fault below is injected at a given
// unit's dispatch, with units still to come after it, whatever the machine's speed.
const spec: SweepSpec = {
  seed: 3,
  instances: 12,
  tasks: 300,
  fits: PAPER_FITS,
  packers: ['bf'],
  capacity: 1,
  clairvoyance: 0.5,
  source: 'inst',
  rebalance: 5,
};

/**
 * A worker thread that can fall silent as a browser worker after `self.close()` does: no event,
 * no answer, messages to it dropped (its `simulateCrash`).
 */
function silenceable(slot: number): WorkerPort {
  const worker = nodeWorker(slot);
  let silent = false;
  const inner = worker.endpoint;
  const endpoint: Endpoint = {
    postMessage: (message, transfer) => {
      if (!silent) inner.postMessage(message, transfer);
    },
    addEventListener: (type, handler) =>
      inner.addEventListener(type, (e) => {
        if (silent || !handler) return;
        if (typeof handler === 'function') handler(e);
        else handler.handleEvent(e);
      }),
    removeEventListener: () => {},
  };
  return workerPort({ ...worker, endpoint, crash: () => (silent = true) });
}

const runners: WorkerPool[] = [];
afterAll(() => runners.forEach((r) => r.dispose()));
function silentPool(workers: number): WorkerPool {
  const r = new WorkerPool({
    workers,
    shared: true,
    spawn: silenceable,
    // Short enough to wait out, long enough that a busy worker on a loaded machine (one run
    // between heartbeats) is never taken for a silent one.
    liveness: { checkAfter: 200, deadline: 2000, startDeadline: 120_000 },
  });
  runners.push(r);
  return r;
}

describe('worker supervision', () => {
  it('replaces a worker that falls silent mid-sweep and runs its work again: same grid', async () => {
    const runner = silentPool(2);
    const handle = await runner.createPool(samples, 1000, 3);
    const before = await runner.sweep(handle, spec);
    const told: string[] = [];
    runner.onWorkerCrash((e) => told.push(e.message));
    // Worker 2 falls silent as its first unit is handed to it (not on observed progress: a race).
    let silenced = false;
    runner.onDispatch(({ slot }) => {
      if (slot !== 1 || silenced) return;
      silenced = true;
      runner.simulateCrash(1);
    });
    const rows = await runner.sweep(handle, spec);
    expect(silenced).toBe(true);
    expect(told).toEqual([expect.stringMatching(/^worker 2 stopped \(it gave no sign of life/)]);
    expect(rows).toEqual(before);
  });

  it('finds a worker that fell silent while idle at the next call, and a new pool does not wait on it', async () => {
    const runner = silentPool(2);
    const handle = await runner.createPool(samples, 1000, 3);
    const before = await runner.sweep(handle, spec);
    runner.simulateCrash(0);
    const other = await runner.createPool(samples, 1000, 3);
    expect(await runner.sweep(other, spec)).toEqual(before);
    expect(await runner.sweep(handle, spec)).toEqual(before);
  });

  it('fails with a message that says so when the rerun loses its worker too', async () => {
    const runner = createNodeRunner({ workers: 1 });
    runners.push(runner);
    const handle = await runner.createPool(samples, 1000, 3);
    // The worker is lost as the third unit is handed to it, and again as that unit's rerun is.
    let dispatched = 0;
    const stop = runner.onDispatch(({ retried }) => {
      if (++dispatched === 3 || retried) runner.simulateCrash(0);
    });
    const run = runner.sweep(handle, spec);
    await expect(run).rejects.toBeInstanceOf(WorkerCrashedError);
    await expect(run).rejects.toThrow(/already been restarted once.*run it again/);
    stop();
    // The pool is back to its size and computes.
    expect((await runner.sweep(handle, spec)).length).toBe(spec.instances * PAPER_FITS.length);
  });

  it('a fault planned before the pool starts loses the named job’s first unit, then also its rerun', async () => {
    const g = globalThis as { slopackFaults?: unknown };
    const plain = silentPool(2);
    const before = await plain.sweep(await plain.createPool(samples, 1000, 3), spec);
    try {
      g.slopackFaults = { loseUnitOf: 'sweep', times: 1 };
      const once = silentPool(2);
      const handle = await once.createPool(samples, 1000, 3);
      const told: string[] = [];
      once.onWorkerCrash((e) => told.push(e.message));
      expect(await once.sweep(handle, spec)).toEqual(before);
      expect(told).toEqual([expect.stringMatching(/^worker \d stopped \(it gave no sign of life/)]);
      // Spent: the next sweep loses nothing.
      expect(await once.sweep(handle, spec)).toEqual(before);
      expect(told.length).toBe(1);

      // The rerun lands on a worker still starting, which a silent loss would leave to the start
      // deadline: here the worker ends with an exit event, found at once.
      g.slopackFaults = { loseUnitOf: 'sweep', times: 2 };
      const twice = createNodeRunner({ workers: 2 });
      runners.push(twice);
      const other = await twice.createPool(samples, 1000, 3);
      await expect(twice.sweep(other, spec)).rejects.toThrow(/already been restarted once/);
      expect(await twice.sweep(other, spec)).toEqual(before);
    } finally {
      delete g.slopackFaults;
    }
  });

  it('keeps a released pool in the workers until the sweep reading it has ended', async () => {
    const runner = createNodeRunner({ workers: 2 });
    runners.push(runner);
    const handle = await runner.createPool(samples, 1000, 3);
    const before = await runner.sweep(handle, spec);
    let released = false;
    const rows = await runner.sweep(handle, spec, {
      onProgress: () => {
        if (!released) {
          released = true;
          runner.releasePool(handle);
        }
      },
    });
    expect(released).toBe(true);
    expect(rows).toEqual(before);
    expect(runner.poolCount()).toBe(0);
    await expect(runner.sweep(handle, spec)).rejects.toThrow(/pool 1 was released/);
  });

  it('holds no call of a finished run', async () => {
    const runner = createNodeRunner({ workers: 2 });
    runners.push(runner);
    const handle = await runner.createPool(samples, 1000, 3);
    for (let i = 0; i < 5; i++) await runner.sweep(handle, { ...spec, instances: 4, seed: i });
    expect(runner.pendingCalls()).toBe(0);
  });
});
