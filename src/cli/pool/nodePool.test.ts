import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  PAPER_FITS,
  matrixFrom,
  parseWideCsv,
  type SweepRow,
  type SweepSpec,
} from '../../engine/index.ts';
import { createInlineRunner } from '../../runtime/inlineRunner.ts';
import type { WorkerPool } from '../../runtime/pool/pool.ts';
import { CancelledError, type PoolHandle, type Runner } from '../../runtime/runner.ts';
import { createNodeRunner } from './nodePool.ts';

const SHARED = resolve(import.meta.dirname, '../../../../shared');
const PLANETLAB = resolve(SHARED, 'data/planetlab-cloudsim/planetlab_20110303.csv');
const samples = parseWideCsv(readFileSync(PLANETLAB), 'planetlab_20110303.csv', {
  scale: 0.25,
  percent: true,
});
const R = 2000;
const SEED = 11;

const spec: SweepSpec = {
  seed: SEED,
  instances: 5,
  tasks: 400,
  fits: PAPER_FITS,
  packers: ['ff', 'bf'],
  capacity: 1,
  clairvoyance: 0.3,
  source: 'inst',
  rebalance: 5,
};

// One runner per configuration for the file: each worker thread loads the engine (seconds of CPU).
// A test that crashes workers leaves the pool at its size; the next test checks it computes right.
const runners = new Map<string, WorkerPool>();
afterAll(() => runners.forEach((r) => r.dispose()));
function pool(workers: number, shared = true): WorkerPool {
  const key = `${workers} ${shared}`;
  const known = runners.get(key);
  if (known) return known;
  const r = createNodeRunner({ workers, shared });
  runners.set(key, r);
  return r;
}

/** The grid on the main thread, without workers: the reference every pool must match. */
const reference = (async () => {
  const inline = createInlineRunner();
  const handle = await inline.createPool(samples, R, SEED);
  const rows = await inline.sweep(handle, spec);
  const packed = await inline.pack(handle, {
    tasks: 400,
    instance: 3,
    seed: SEED,
    params: rows[5].params,
  });
  const machine = Int32Array.from(packed.result.machines[0].tasks, (t) => packed.rows[t]);
  const totals = await inline.machineTotals(handle, machine, 0.3);
  return { rows, packed, machine, totals };
})();

async function everything(runner: Runner, handle: PoolHandle) {
  const ref = await reference;
  const rows = await runner.sweep(handle, spec);
  const packed = await runner.pack(handle, {
    tasks: 400,
    instance: 3,
    seed: SEED,
    params: ref.rows[5].params,
  });
  const totals = await runner.machineTotals(handle, ref.machine, 0.3);
  return { rows, packed, totals };
}

function expectSameRows(got: SweepRow[], want: SweepRow[]) {
  expect(got.length).toBe(want.length);
  expect(got).toEqual(want);
}

describe('the Node worker pool', () => {
  it.each([1, 2, 4])(
    'gives every number of the sweep, a packing and machine totals identically with %i worker(s)',
    async (workers) => {
      const ref = await reference;
      const runner = pool(workers);
      expect(runner.shared).toBe(true);
      const handle = await runner.createPool(samples, R, SEED);
      expect(handle.shared).toBe(true);
      const got = await everything(runner, handle);
      expectSameRows(got.rows, ref.rows);
      expect(got.packed).toEqual(ref.packed);
      expect(Array.from(got.totals)).toEqual(Array.from(ref.totals));
      // The grid is not trivial: q varies across fit tests and some runs overflow.
      expect(new Set(got.rows.map((r) => r.q)).size).toBeGreaterThan(10);
    },
  );

  it('gives the same numbers without shared memory (each worker realizes its own copy)', async () => {
    const ref = await reference;
    const runner = pool(2, false);
    expect(runner.shared).toBe(false);
    const handle = await runner.createPool(samples, R, SEED);
    expect(handle.shared).toBe(false);
    const got = await everything(runner, handle);
    expectSameRows(got.rows, ref.rows);
    expect(got.packed).toEqual(ref.packed);
  });

  it('loads ready matrices, shared or copied, with the same results as realizing in place', async () => {
    const inline = createInlineRunner();
    const h = await inline.createPool(samples, 500, 5);
    const small: SweepSpec = { ...spec, instances: 2, tasks: 300, seed: 5 };
    const want = await inline.sweep(h, small);
    // The same matrix, handed over as data: realize it once more on the main thread.
    const { realize } = await import('../../engine/index.ts');
    const m = realize(samples, 500, 5, false).inst;
    for (const shared of [true, false]) {
      const runner = pool(2, shared);
      const handle = await runner.loadMatrices(matrixFrom(m.rows, m.cols, m.data), null);
      expect(await runner.sweep(handle, small)).toEqual(want);
    }
  });

  it('reports progress up to the number of runs', async () => {
    const runner = pool(2);
    const handle = await runner.createPool(samples, R, SEED);
    const seen: number[] = [];
    await runner.sweep(handle, spec, { onProgress: (p) => seen.push(p.done) });
    const total = spec.instances * spec.fits.length * spec.packers.length;
    expect(seen.at(-1)).toBe(total);
    expect(seen.every((d, i) => i === 0 || d >= seen[i - 1])).toBe(true);
  });

  it('stops a cancelled sweep with a CancelledError and stays usable', async () => {
    const ref = await reference;
    const runner = pool(2);
    const handle = await runner.createPool(samples, R, SEED);
    // Two hundred units at the grid's size: the abort comes at the first one's end with the rest
    // still queued (larger units only made the two in flight run out longer).
    const long: SweepSpec = { ...spec, instances: 200 };
    const total = long.instances * long.fits.length * long.packers.length;
    const abort = new AbortController();
    let done = 0;
    const run = runner.sweep(handle, long, {
      signal: abort.signal,
      onProgress: (p) => {
        done = p.done;
        if (p.done > 0) abort.abort();
      },
    });
    await expect(run).rejects.toBeInstanceOf(CancelledError);
    expect(done).toBeGreaterThan(0);
    expect(done).toBeLessThan(total);
    // The pool is still usable and right.
    const again = await runner.createPool(samples, R, SEED);
    expectSameRows(await runner.sweep(again, spec), ref.rows);
  });

  it('replaces a worker that exits mid-sweep, runs its unit again, and gives the same grid', async () => {
    const ref = await reference;
    const runner = pool(2);
    const handle = await runner.createPool(samples, R, SEED);
    // Twenty units: fifteen left after the fifth, for worker 1 to be handed one of.
    const long: SweepSpec = { ...spec, instances: 20 };
    const before = await runner.sweep(handle, long);
    const told: string[] = [];
    runner.onWorkerCrash((e) => told.push(e.message));
    // Worker 1 exits as the fifth unit is handed out, if it is handed to worker 1, else as worker 1
    // next gets one: mid-sweep whatever the timing.
    let dispatched = 0;
    let crashed = false;
    const stop = runner.onDispatch(({ slot }) => {
      if (++dispatched < 5 || slot !== 0 || crashed) return;
      crashed = true;
      runner.simulateCrash(0);
    });
    const rows = await runner.sweep(handle, long);
    stop();
    expect(told).toEqual([expect.stringMatching(/^worker 1 stopped.*replaced/)]);
    expectSameRows(rows, before);
    expectSameRows(rows.slice(0, ref.rows.length), ref.rows);
    // The replacement has the pool: the same sweep gives the same numbers.
    const got = await everything(runner, handle);
    expectSameRows(got.rows, ref.rows);
    expect(got.packed).toEqual(ref.packed);
  });

  it('survives a crash while idle', async () => {
    const ref = await reference;
    const runner = pool(2);
    const handle = await runner.createPool(samples, R, SEED);
    const seen: string[] = [];
    const both = new Promise<void>((ok) =>
      runner.onWorkerCrash((e) => {
        seen.push(e.message);
        if (seen.length === 2) ok();
      }),
    );
    runner.simulateCrash(1);
    runner.simulateCrash(0);
    await both;
    expect(seen.sort()).toEqual([
      expect.stringMatching(/^worker 1 stopped/),
      expect.stringMatching(/^worker 2 stopped/),
    ]);
    expectSameRows(await runner.sweep(handle, spec), ref.rows);
  });

  it('rejects bad parameters with the engine’s messages', async () => {
    const runner = pool(1);
    const handle = await runner.createPool(samples, 100, 1);
    await expect(runner.sweep(handle, { ...spec, tasks: 5000 })).rejects.toThrow(
      /invalid task count 5000/,
    );
    await expect(
      runner.sweep(handle, { ...spec, fits: [{ kind: 'gpa', rho: 2 }] }),
    ).rejects.toThrow(/invalid ρ: 2/);
    await expect(
      runner.pack(handle, {
        tasks: 10,
        instance: 0,
        seed: 1,
        params: { ...spec, packer: 'bf', fit: { kind: 'perc', p: 120 } },
      }),
    ).rejects.toThrow(/invalid percentile: 120/);
  });
});

describe('aborting before the work starts', () => {
  it('rejects a packing whose signal is already aborted, and the pool goes on', async () => {
    const ref = await reference;
    const runner = pool(1);
    const handle = await runner.createPool(samples, R, SEED);
    const aborted = new AbortController();
    aborted.abort();
    const request = { tasks: 400, instance: 3, seed: SEED, params: ref.rows[5].params };
    await expect(runner.pack(handle, request, { signal: aborted.signal })).rejects.toBeInstanceOf(
      CancelledError,
    );
    expect((await runner.pack(handle, request)).result).toEqual(ref.packed.result);
  });
});

describe('a worker thread through tsx’s hooks', () => {
  // The suite's workers load its prebuilt bundle (scripts/testBundles.ts); `npm run cli` starts
  // them from the TypeScript sources, as here.
  it('gives the grid the bundled workers give', async () => {
    const ref = await reference;
    const prebuilt = process.env.SLOPACK_PREBUILT;
    delete process.env.SLOPACK_PREBUILT;
    const runner = createNodeRunner({ workers: 1 });
    try {
      const handle = await runner.createPool(samples, R, SEED);
      expectSameRows(await runner.sweep(handle, spec), ref.rows);
    } finally {
      runner.dispose();
      if (prebuilt !== undefined) process.env.SLOPACK_PREBUILT = prebuilt;
    }
  });
});
