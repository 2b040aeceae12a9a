/**
 * Page-side helpers for e2e/pool.spec.ts: loaded by the page from a Vite dev server, they drive the
 * browser's worker pool directly (no UI) and return plain, comparable results.
 */
import { PAPER_FITS, parseWideCsv, type SweepSpec } from '../../src/engine/index.ts';
import { createPoolRunner } from '../../src/runtime/pool/poolRunner.ts';
import { CancelledError, WorkerCrashedError, describeRunner } from '../../src/runtime/runner.ts';

export const SPEC: SweepSpec = {
  seed: 11,
  instances: 4,
  tasks: 300,
  fits: PAPER_FITS,
  packers: ['ff', 'bf'],
  capacity: 1,
  clairvoyance: 0.3,
  source: 'inst',
  rebalance: 5,
};
export const REALIZATIONS = 1500;

async function samples() {
  const text = await (await fetch('/data/planetlab-cloudsim/planetlab_20110303.csv')).text();
  return parseWideCsv(text, 'planetlab_20110303.csv', { scale: 0.25, percent: true });
}

/** The sweep and one packing with `workers` workers. */
export async function sweep(workers: number) {
  const runner = createPoolRunner({ workers });
  try {
    const pool = await runner.createPool(await samples(), REALIZATIONS, SPEC.seed);
    const rows = await runner.sweep(pool, SPEC);
    const packed = await runner.pack(pool, {
      tasks: SPEC.tasks,
      instance: 2,
      seed: SPEC.seed,
      params: rows[3].params,
    });
    return {
      isolated: crossOriginIsolated,
      shared: runner.shared,
      poolShared: pool.shared,
      kernel: runner.kernel,
      description: describeRunner(runner),
      rows: JSON.stringify(rows),
      packed: JSON.stringify(packed.result),
    };
  } finally {
    runner.dispose();
  }
}

/** Cancels a long sweep once it has progressed, crashes a worker in another, then sweeps again. */
export async function cancelAndCrash() {
  const runner = createPoolRunner({ workers: 2 });
  try {
    const pool = await runner.createPool(await samples(), REALIZATIONS, SPEC.seed);
    const long = { ...SPEC, instances: 400 };
    const total = long.instances * long.fits.length * long.packers.length;
    const abort = new AbortController();
    let progressed = 0;
    let cancelled = '';
    try {
      await runner.sweep(pool, long, {
        signal: abort.signal,
        onProgress: (p) => {
          progressed = p.done;
          if (p.done > 0) abort.abort();
        },
      });
    } catch (e) {
      cancelled = e instanceof CancelledError ? 'CancelledError' : String(e);
    }
    // Worker 2 crashes as its second unit is handed to it: mid-sweep, whatever the timing.
    let crashed = '';
    let told = '';
    let given = 0;
    const stop = runner.onWorkerCrash((e) => (told = `${e.name}: ${e.message}`));
    const stopInjecting = runner.onDispatch(({ slot }) => {
      if (slot === 1 && ++given === 2) runner.simulateCrash(1);
    });
    try {
      const rows = await runner.sweep(pool, { ...SPEC, instances: 40 });
      // Instance-major grid: its first instances are SPEC's whole grid.
      crashed = JSON.stringify(
        rows.slice(0, SPEC.instances * SPEC.fits.length * SPEC.packers.length),
      );
    } catch (e) {
      crashed = e instanceof WorkerCrashedError ? `WorkerCrashedError: ${e.message}` : String(e);
    } finally {
      stop();
      stopInjecting();
    }
    const after = await runner.sweep(pool, SPEC);
    return { total, progressed, cancelled, crashed, told, after: JSON.stringify(after) };
  } finally {
    runner.dispose();
  }
}
