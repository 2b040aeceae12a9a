/**
 * Page side of the paper-lab benchmark (bench/paperLab.ts, run in headless Chromium through
 * bench/browser.ts): the whole lab on the PlanetLab day with the browser's worker pool.
 */
import { parseWideCsv } from '../src/engine/index.ts';
import { FIGURE_IDS, runPaperLab, type LabParams } from '../src/runtime/lab/paperLab.ts';
import { createPoolRunner } from '../src/runtime/pool/poolRunner.ts';

const plain = (v: unknown) =>
  JSON.stringify(v, (_k, x) =>
    ArrayBuffer.isView(x) ? Array.from(x as unknown as ArrayLike<number>) : x,
  );

export async function run(arg: { params: LabParams; realizations: number }) {
  const res = await fetch('/data/planetlab-cloudsim/planetlab_20110303.csv');
  if (!res.ok) throw new Error(`cannot fetch the PlanetLab day: ${res.status}`);
  const samples = parseWideCsv(await res.text(), 'planetlab_20110303.csv', {
    scale: 0.25,
    percent: true,
  });
  const runner = createPoolRunner();
  try {
    const t0 = performance.now();
    const outcome = await runPaperLab({
      samples,
      realizations: arg.realizations,
      params: arg.params,
      figures: FIGURE_IDS,
      runner,
    });
    const ms = performance.now() - t0;
    return {
      ms,
      perFigure: Object.fromEntries(outcome.ms),
      results: plain(Object.fromEntries(outcome.results)),
      workers: runner.workers,
      shared: runner.shared,
    };
  } finally {
    runner.dispose();
  }
}
