/**
 * Worker-side resize benchmark (bench/pages/resizeBrowser.ts starts it in headless Chromium):
 * PlanetLab's ten days stitched per VM, FUSD predictions, VISBP and the periodic FFD repack (K = 12)
 * timed with performance.now() inside the worker, medians of three after one warm-up.
 */
import {
  FUSD_DEFAULTS,
  parseWideCsv,
  plannedSizes,
  simulateResize,
  stitchDays,
  type PolicySpec,
  type ResizeTotals,
  type ResizeWorkload,
} from '../../src/engine/index.ts';

export interface ResizeBrowserResult {
  readonly vms: number;
  readonly steps: number;
  readonly predictMs: number;
  readonly visbpMs: number;
  readonly repackMs: number;
  readonly visbp: ResizeTotals;
  readonly repack: ResizeTotals;
}

async function gunzipText(url: string): Promise<string> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`cannot fetch ${url}: ${res.status}`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return new TextDecoder().decode(bytes);
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(stream).text();
}

function median(f: () => unknown, repeats = 3): number {
  f();
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const t0 = performance.now();
    f();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[Math.floor(repeats / 2)];
}

async function measure(steps: number): Promise<ResizeBrowserResult> {
  const file = 'planetlab_all_10_days.csv.gz';
  const samples = parseWideCsv(await gunzipText(`/data/planetlab-cloudsim/${file}`), file, {
    scale: 0.25,
    percent: true,
  });
  const full = stitchDays('planetlab', samples);
  const w: ResizeWorkload =
    steps < full.steps ? { ...full, steps, usage: full.usage.map((u) => u.slice(0, steps)) } : full;
  const predictor = { kind: 'fusd', ...FUSD_DEFAULTS } as const;
  // Predictions cache per series: every timed run gets fresh copies (made outside the timing).
  const copies = Array.from({ length: 4 }, () => ({ ...w, usage: w.usage.map((u) => u.slice()) }));
  let next = 0;
  const predictMs = median(() => plannedSizes(copies[next++], predictor));
  const planned = plannedSizes(w, predictor);
  const run = (policy: PolicySpec) => simulateResize(w, { policy, predictor }, planned).totals;
  const visbpMs = median(() => run({ kind: 'visbp' }));
  const repackMs = median(() => run({ kind: 'repack', every: 12 }));
  return {
    vms: w.usage.length,
    steps: w.steps,
    predictMs,
    visbpMs,
    repackMs,
    visbp: run({ kind: 'visbp' }),
    repack: run({ kind: 'repack', every: 12 }),
  };
}

self.onmessage = (e: MessageEvent<{ steps: number }>) => {
  measure(e.data.steps).then(
    (r) => self.postMessage({ ok: r }),
    (err: unknown) => self.postMessage({ error: String(err) }),
  );
};
