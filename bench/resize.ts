/**
 * Live resizing (SPEC §13) on PlanetLab's ten days stitched per VM (1,052 VMs × 2,880 steps):
 * VISBP + FUSD with invariant checks off, against a periodic FFD repack (K = 12) in the same run
 * (ratio > 1: VISBP faster), in Node and in a Chromium worker (bench/pages/resizeWorker.ts); then a
 * Pareto sweep of ≥ 50 configurations on the Node pool. Environment for short runs: RESIZE_STEPS
 * (steps), RESIZE_SWEEP (configurations), RESIZE_BROWSER=0 (skip Chromium).
 */
import {
  FUSD_DEFAULTS,
  plannedSizes,
  simulateResize,
  type ResizeConfig,
} from '../src/engine/index.ts';
import { loadResizeWorkload } from '../src/cli/commands/resize/resizeData.ts';
import { createNodeRunner, defaultWorkers } from '../src/cli/pool/nodePool.ts';
import { packWorkload } from '../src/runtime/jobs/resize/resize.ts';
import { openBrowser } from './browser.ts';
import { medianMs, type BenchFigure, type BenchSuite } from './figure.ts';
import type { ResizeBrowserResult } from './pages/resizeWorker.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

const fusd = (upAlpha: number, downAlpha: number) =>
  ({ kind: 'fusd', ...FUSD_DEFAULTS, upAlpha, downAlpha }) as const;

/** The sweep: VISBP over FUSD α's and z, repack (FFD; GPA) over K, and the online baselines. */
export function paretoConfigs(): ResizeConfig[] {
  const out: ResizeConfig[] = [];
  for (const up of [-0.8, -0.4, -0.2, 0, 0.4, 0.9])
    for (const down of [-0.4, 0.3, 0.7, 0.9])
      out.push({ policy: { kind: 'visbp' }, predictor: fusd(up, down) });
  for (const z of [0, 0.5, 1, 1.5, 2, 3])
    out.push({ policy: { kind: 'visbp' }, predictor: { kind: 'stochastic', window: 8, z } });
  for (const every of [1, 2, 3, 6, 12, 24, 48, 96, 144, 288])
    out.push({ policy: { kind: 'repack', every }, predictor: fusd(-0.2, 0.7) });
  for (const every of [12, 48])
    out.push({
      policy: { kind: 'repack', every, gpa: { rho: 0.01 } },
      predictor: { kind: 'stochastic', window: 8, z: 0 },
    });
  for (const kind of ['ff', 'bf', 'hotspot'] as const)
    for (const predictor of [
      fusd(-0.2, 0.7),
      { kind: 'last' } as const,
      { kind: 'oracle' } as const,
    ])
      out.push({ policy: { kind }, predictor });
  out.push({ policy: { kind: 'visbp' }, predictor: { kind: 'last' } });
  out.push({ policy: { kind: 'visbp' }, predictor: { kind: 'oracle' } });
  return out;
}

export const resize: BenchSuite = {
  name: 'resize',
  description:
    'VISBP + FUSD on PlanetLab 1,052 VMs × 2,880 steps (checks off) vs periodic FFD repack K=12, in Node and a Chromium worker; Pareto sweep of ≥ 50 configurations on the Node pool',
  async run(): Promise<BenchFigure[]> {
    const workload = await loadResizeWorkload('planetlab', { maxSteps: env('RESIZE_STEPS', 2880) });
    const predictor = fusd(-0.2, 0.7);
    const planned = plannedSizes(workload, predictor);
    const visbp = await medianMs(
      () => simulateResize(workload, { policy: { kind: 'visbp' }, predictor }, planned),
      3,
    );
    const repack = await medianMs(
      () => simulateResize(workload, { policy: { kind: 'repack', every: 12 }, predictor }, planned),
      3,
    );
    // Window percentiles are cached per series: each timed run predicts on fresh copies.
    const copies = Array.from({ length: 4 }, () => ({
      ...workload,
      usage: workload.usage.map((u) => u.slice()),
    }));
    let next = 0;
    const predictMs = await medianMs(() => plannedSizes(copies[next++], predictor), 3);
    const browser = process.env.RESIZE_BROWSER === '0' ? null : await browserRun(workload.steps);
    if (browser) {
      const node = simulateResize(workload, { policy: { kind: 'visbp' }, predictor }, planned);
      if (JSON.stringify(node.totals) !== JSON.stringify(browser.visbp))
        throw new Error('Chromium and Node disagree on the VISBP totals');
    }
    const configs = paretoConfigs().slice(0, env('RESIZE_SWEEP', 1000));
    const runner = createNodeRunner({ workers: defaultWorkers() });
    let sweepMs: number;
    try {
      const t0 = performance.now();
      const out = await runner.runJob(null, 'resizeSweep', {
        workload: packWorkload(workload),
        configs,
        perUnit: 3,
      });
      sweepMs = performance.now() - t0;
      if (out.flat().length !== configs.length) throw new Error('sweep lost configurations');
    } finally {
      runner.dispose();
    }
    const size = `${workload.usage.length} VMs × ${workload.steps} steps`;
    return [
      {
        name: `VISBP + FUSD, ${size}, checks off (predictions precomputed)`,
        value: visbp / 1000,
        unit: 's',
        baseline: repack / 1000,
        ratio: repack / visbp,
        note: 'baseline: periodic FFD repack every 12 steps on the same sizes; target ≤ 3 s',
      },
      {
        name: `FUSD predictions for ${size}`,
        value: predictMs / 1000,
        unit: 's',
        baseline: visbp / 1000,
        ratio: visbp / predictMs,
        note: 'baseline: the VISBP run above; VISBP end to end = this + that',
      },
      ...(browser
        ? [
            {
              name: `Chromium worker: VISBP + FUSD end to end (predictions + run), ${size}`,
              value: (browser.predictMs + browser.visbpMs) / 1000,
              unit: 's',
              baseline: (browser.predictMs + browser.repackMs) / 1000,
              ratio: (browser.predictMs + browser.repackMs) / (browser.predictMs + browser.visbpMs),
              note: `baseline: predictions + periodic FFD repack K=12 in the same worker (${(browser.visbpMs / 1000).toFixed(3)} s VISBP, ${(browser.repackMs / 1000).toFixed(3)} s repack, ${(browser.predictMs / 1000).toFixed(3)} s predictions); totals equal Node's; target ≤ 3 s`,
            },
          ]
        : []),
      {
        name: `Pareto sweep: ${configs.length} configurations on ${defaultWorkers()} pool workers`,
        value: sweepMs / 1000,
        unit: 's',
        baseline: ((visbp + repack) / 2 / 1000) * configs.length,
        ratio: ((visbp + repack) / 2) * (configs.length / sweepMs),
        note: 'baseline: the configurations one after the other at the measured single-run speed; target ≤ 60 s',
      },
    ];
  },
};

/** VISBP + FUSD and the repack baseline inside a module Worker of headless Chromium. */
async function browserRun(steps: number): Promise<ResizeBrowserResult> {
  const session = await openBrowser();
  try {
    return await session.run<ResizeBrowserResult>('/bench/pages/resizeBrowser.ts', { steps });
  } finally {
    await session.close();
  }
}
