/**
 * Page-side benchmark code (run in headless Chromium by bench/interactive.ts through bench/browser.ts):
 * the browser's worker pool on PlanetLab data, timed with performance.now() in the page.
 */
import {
  parseWideCsv,
  seriesList,
  type PackParams,
  type TaskSamples,
} from '../../src/engine/index.ts';
import { createPoolRunner } from '../../src/runtime/pool/poolRunner.ts';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A file's text; gunzipped here unless the server already sent it with Content-Encoding: gzip. */
async function text(url: string): Promise<string> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`cannot fetch ${url}: ${res.status}`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return new TextDecoder().decode(bytes);
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(stream).text();
}

const gpa = (rho: number): PackParams => ({
  packer: 'bf',
  fit: { kind: 'gpa', rho },
  capacity: 1,
  clairvoyance: 1,
  source: 'inst',
  rebalance: 5,
});

/** Change ρ, re-pack and re-evaluate one 1,000 × 10,000 instance: per-step times in ms. */
export async function interactive(arg: { steps: number }) {
  const samples = parseWideCsv(
    await text('/data/planetlab-cloudsim/planetlab_20110303.csv'),
    'planetlab_20110303.csv',
    { scale: 0.25, percent: true },
  );
  const runner = createPoolRunner();
  try {
    const pool = await runner.createPool(samples, 10000, 1);
    const step = (rho: number) =>
      runner.pack(pool, { tasks: 1000, instance: 0, seed: 1, params: gpa(rho) });
    // The first packing of an instance computes its tasks' moments (kept for every later step).
    const first = performance.now();
    await step(0.01);
    const firstMs = performance.now() - first;
    const times: number[] = [];
    let machines = 0;
    for (let i = 0; i < arg.steps; i++) {
      const rho = 0.001 + (0.2 * i) / arg.steps;
      const t0 = performance.now();
      const r = await step(rho);
      times.push(performance.now() - t0);
      machines += r.result.mAbs;
    }
    return {
      medianMs: median(times),
      firstMs,
      times,
      machines: machines / arg.steps,
      workers: runner.workers,
      shared: runner.shared,
      kernel: runner.kernel,
    };
  } finally {
    runner.dispose();
  }
}

/** A pool of `tasks` tasks × 10,000 realizations: load (realize) and pack every task. */
export async function scale(arg: { tasks: number }) {
  const all = parseWideCsv(
    await text('/data/planetlab-cloudsim/planetlab_all_10_days.csv.gz'),
    'planetlab_all_10_days.csv.gz',
    { scale: 0.25, percent: true },
  );
  // Real tasks, reused cyclically up to the pool size (each row is realized by its own stream).
  const n = arg.tasks;
  const list = seriesList(all.inst);
  const samples: TaskSamples = {
    ids: Array.from({ length: n }, (_, i) => `${all.ids[i % all.ids.length]}#${i}`),
    inst: Array.from({ length: n }, (_, i) => list[i % list.length]),
  };
  const runner = createPoolRunner();
  try {
    const t0 = performance.now();
    const pool = await runner.createPool(samples, 10000, 1);
    const t1 = performance.now();
    const packed = await runner.pack(pool, { tasks: n, instance: 0, seed: 1, params: gpa(0.01) });
    const t2 = performance.now();
    return {
      distinctTasks: all.ids.length,
      loadMs: t1 - t0,
      packMs: t2 - t1,
      mAbs: packed.result.mAbs,
      q: packed.result.q,
      matrixBytes: n * 10000 * 4,
      workers: runner.workers,
      shared: runner.shared,
    };
  } finally {
    runner.dispose();
  }
}

/** Entry point for bench/browser.ts. */
export function run(
  x: { fn: 'interactive'; arg: { steps: number } } | { fn: 'scale'; arg: { tasks: number } },
) {
  return x.fn === 'interactive' ? interactive(x.arg) : scale(x.arg);
}
