/**
 * Page side of the tuner benchmark (bench/tune.ts, run in headless Chromium through
 * bench/browser.ts): the smart auto-tuner on the PlanetLab day with the browser's worker pool.
 */
import { parseWideCsv, type TuneSpec } from '../src/engine/index.ts';
import { runTuneOn } from '../src/runtime/jobRuns.ts';
import { createPoolRunner } from '../src/runtime/pool/poolRunner.ts';

export async function run(arg: { spec: TuneSpec; realizations: number }) {
  const res = await fetch('/data/planetlab-cloudsim/planetlab_20110303.csv');
  if (!res.ok) throw new Error(`cannot fetch the PlanetLab day: ${res.status}`);
  const samples = parseWideCsv(await res.text(), 'planetlab_20110303.csv', {
    scale: 0.25,
    percent: true,
  });
  const runner = createPoolRunner();
  try {
    const t0 = performance.now();
    const pool = await runner.createPool(samples, arg.realizations, arg.spec.seed);
    const result = await runTuneOn(runner, pool, arg.spec);
    return {
      ms: performance.now() - t0,
      tuned: result.tuned.map((t) => ({ family: t.family, target: t.target, value: t.value })),
      workers: runner.workers,
    };
  } finally {
    runner.dispose();
  }
}
