/**
 * The browser side of the parallel engine, in headless Chromium (bench/browser.ts; Vite dev
 * server, cross-origin isolated):
 * - `interactive`: one step of the explorer — change ρ, re-pack and re-evaluate one 1,000 × 10,000
 *   PlanetLab instance on the worker pool — median ms; baseline in the same run: the NumPy peer's
 *   `run` on an instance of the same size (the same step done by the reference implementation).
 * - `scale`: a pool of 20,000 tasks × 10,000 realizations loads and packs; the renderer process's
 *   peak resident memory (VmHWM, Linux) against the bytes of the realization matrix itself.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { openBrowser } from './browser.ts';
import type { BenchFigure, BenchSuite } from './figure.ts';
import { PLANETLAB } from './evaluation.ts';

const PEER = resolve(import.meta.dirname, '../../shared/peers/sbp_reference.py');
const PAGE = '/bench/pages/engineSteps.ts';
type Steps = typeof import('./pages/engineSteps.ts');

/** The peer's `run` (pack + evaluate) on a 1,000 × 10,000 instance for varying ρ: median ms. */
function peerStepMs(steps: number): number {
  const script = `
import importlib.util, json, sys, time
import numpy as np
spec = importlib.util.spec_from_file_location("peer", sys.argv[1])
peer = importlib.util.module_from_spec(spec); spec.loader.exec_module(peer)
samples = peer.load_wide(sys.argv[2], 0.25)
X = peer.realize(samples, 10000, np.random.default_rng(1))[:1000]
ts = []
for i in range(${steps}):
    rho = 0.001 + 0.2 * i / ${steps}
    t = time.perf_counter(); peer.run(X, None, "bf", f"gpa:{rho}", 1.0, 1.0, "inst", 5); ts.append(time.perf_counter() - t)
ts.sort()
print(ts[len(ts) // 2] * 1000)
`;
  return Number(
    execFileSync('python3', ['-c', script, PEER, PLANETLAB], { encoding: 'utf8' }).trim(),
  );
}

export const interactive: BenchSuite = {
  name: 'interactive',
  description: 'Chromium: change ρ, re-pack and re-evaluate one 1,000 × 10,000 instance (pool)',
  async run(): Promise<BenchFigure[]> {
    const session = await openBrowser();
    let got: Awaited<ReturnType<Steps['interactive']>>;
    try {
      got = await session.run(PAGE, { fn: 'interactive', arg: { steps: 21 } });
    } finally {
      await session.close();
    }
    const peer = peerStepMs(7);
    return [
      {
        name: `interactive step: ρ → re-pack + re-evaluate (median of 21, ${got.workers} workers)`,
        value: got.medianMs,
        unit: 'ms',
        baseline: peer,
        ratio: peer / got.medianMs,
        note: `baseline: the NumPy peer's run() on the same size; first packing of the instance ${got.firstMs.toFixed(0)} ms; goal ≤ 15 ms`,
      },
    ];
  },
};

/** Peak resident memory (VmHWM) of each Chromium renderer started by this process, in bytes. */
function rendererPeaks(): number[] {
  const parent = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // the process ended
    }
  }
  const mine = (pid: number) => {
    for (let p = pid; p > 1; p = parent.get(p) ?? 0) if (p === process.pid) return true;
    return false;
  };
  const peaks: number[] = [];
  for (const pid of parent.keys()) {
    if (pid === process.pid || !mine(pid)) continue;
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) continue;
      const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) peaks.push(Number(m[1]) * 1024);
    } catch {
      // the process ended
    }
  }
  return peaks;
}

export const scale: BenchSuite = {
  name: 'scale',
  description:
    'Chromium: a pool of 20,000 tasks × 10,000 realizations loads and packs; peak memory',
  async run(): Promise<BenchFigure[]> {
    if (!existsSync('/proc/self/status')) throw new Error('peak memory is read from /proc (Linux)');
    const session = await openBrowser();
    let got: Awaited<ReturnType<Steps['scale']>>;
    let peak: number;
    try {
      got = await session.run(PAGE, { fn: 'scale', arg: { tasks: 20000 } });
      peak = Math.max(0, ...rendererPeaks());
    } finally {
      await session.close();
    }
    const mb = (b: number) => b / 2 ** 20;
    return [
      {
        name: 'scale: 20,000 × 10,000 pool, peak renderer memory',
        value: mb(peak),
        unit: 'MiB',
        baseline: mb(got.matrixBytes),
        ratio: got.matrixBytes / peak,
        note: `baseline: the float32 matrix alone; load ${(got.loadMs / 1000).toFixed(2)} s, pack all 20,000 (BF gpa:0.01) ${(got.packMs / 1000).toFixed(2)} s → ${got.mAbs} machines; ${got.workers} workers, shared ${got.shared}; tasks: ${got.distinctTasks} PlanetLab VM-days reused cyclically`,
      },
      {
        name: 'scale: load (realize) 20,000 × 10,000',
        value: got.loadMs / 1000,
        unit: 's',
        baseline: null,
        ratio: null,
      },
      {
        name: 'scale: pack and evaluate all 20,000 tasks',
        value: got.packMs / 1000,
        unit: 's',
        baseline: null,
        ratio: null,
      },
    ];
  },
};
