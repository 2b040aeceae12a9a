/**
 * The cluster over time (SPEC §12): a synthetic week of 250,000 tasks at tw = 2 s (302,400 windows)
 * with FMF, against a straightforward baseline written here that visits every window (departures, l_m
 * and the policy call even when nothing arrived); and the window-slider curve (6 windows × 9
 * policies) on the Node pool; and the same FMF week inside a Web Worker of headless Chromium, against
 * the Node time of the same run. Environment overrides for short runs: TIMELINE_TASKS,
 * TIMELINE_WORKERS; TIMELINE_BROWSER=0 skips Chromium.
 */
import { createNodeRunner, defaultWorkers } from '../src/cli/pool/nodePool.ts';
import {
  DEFAULT_PARAMS,
  POLICIES,
  TimelineCluster,
  arrivalOrder,
  buildResult,
  seenEstimates,
  simulateTimeline,
  simulateTimelineSummary,
  syntheticWeek,
  windowOf,
  type TimelineParams,
  type TimelineResult,
  type TimelineTasks,
} from '../src/engine/timeline/index.ts';
import { openBrowser } from './browser.ts';
import type { BenchFigure, BenchSuite } from './figure.ts';
import type { TimelineWorkerOut } from './pages/timeline.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const WEEK_S = 7 * 86_400;
const SLIDER_WINDOWS = [0, 2, 5, 10, 20, 30];

/** The baseline: every window of the week in turn, empty or not (tw > 0). */
function everyWindow(tasks: TimelineTasks, params: TimelineParams): TimelineResult {
  const estimate = seenEstimates(tasks, params.durationError, params.seed);
  const cluster = new TimelineCluster(tasks, params, estimate);
  const order = arrivalOrder(tasks);
  const tw = params.window;
  const last = windowOf(Math.max(WEEK_S - tw, tasks.arrival[order[order.length - 1]]), tw);
  const batch: number[] = [];
  let k = 0;
  for (let w = 0; w <= last; w++) {
    batch.length = 0;
    while (k < order.length && windowOf(tasks.arrival[order[k]], tw) === w) batch.push(order[k++]);
    const now = (w + 1) * tw;
    cluster.advance(now);
    cluster.place(now, now + tw, batch);
  }
  return buildResult(tasks, params, cluster, estimate);
}

const seconds = (f: () => void) => {
  const t0 = performance.now();
  f();
  return (performance.now() - t0) / 1000;
};

export const timeline: BenchSuite = {
  name: 'timeline',
  description:
    'synthetic week of 250,000 tasks, FMF at tw = 2 s: event-driven vs every window; window-slider curve (6 × 9 runs) on the Node pool',
  async run(): Promise<BenchFigure[]> {
    const n = env('TIMELINE_TASKS', 250_000);
    const tasks = syntheticWeek({ seed: 1, tasks: n });
    const params: TimelineParams = { ...DEFAULT_PARAMS, policy: 'fmf', order: 'd', window: 2 };
    let fast: TimelineResult | null = null;
    let slow: TimelineResult | null = null;
    simulateTimeline(syntheticWeek({ seed: 2, tasks: 5000 }), params); // warm-up
    const tFast = seconds(() => (fast = simulateTimeline(tasks, params)));
    const tSlow = seconds(() => (slow = everyWindow(tasks, params)));
    const a = fast! as TimelineResult;
    const b = slow! as TimelineResult;
    if (a.machineSeconds !== b.machineSeconds)
      throw new Error(`baseline disagrees: ${a.machineSeconds} vs ${b.machineSeconds} machine-s`);
    const browserFigures: BenchFigure[] = [];
    if (env('TIMELINE_BROWSER', 1) !== 0) {
      const browser = await openBrowser();
      try {
        const got = await browser.run<TimelineWorkerOut>('/bench/pages/timeline.ts', {
          week: { seed: 1, tasks: n },
          params: { policy: 'fmf', order: 'd', window: 2 },
        });
        if (got.machineSeconds !== a.machineSeconds)
          throw new Error(
            `Chromium disagrees: ${got.machineSeconds} vs ${a.machineSeconds} machine-s`,
          );
        browserFigures.push({
          name: `week ${n} tasks, FMF tw=2 s in a Chromium Web Worker`,
          value: got.simulateMs / 1000,
          unit: 's',
          baseline: tFast,
          ratio: tFast / (got.simulateMs / 1000),
          note: `baseline: the same run in Node (above); week generated in ${(got.generateMs / 1000).toFixed(2)} s in the worker; same machine-seconds`,
        });
      } finally {
        await browser.close();
      }
    }
    const workers = env('TIMELINE_WORKERS', defaultWorkers());
    const runner = createNodeRunner({ workers });
    const runs = SLIDER_WINDOWS.flatMap((window) =>
      POLICIES.map((policy) => ({
        ...DEFAULT_PARAMS,
        policy,
        window,
        order: window === 0 ? ('list' as const) : ('d' as const),
      })),
    );
    const week = { seed: 1, tasks: n };
    const cpu = () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1e6;
    };
    const cpu0 = cpu();
    const t0 = performance.now();
    const out = await runner
      .runJob(null, 'timeline', { workload: { kind: 'synthetic', week }, runs })
      .finally(() => runner.dispose());
    const tPool = (performance.now() - t0) / 1000;
    const cpuPool = cpu() - cpu0;
    // Baseline: the same 54 runs one after the other on this thread (workload built once).
    const slider = syntheticWeek(week);
    const cpu1 = cpu();
    const tOne = seconds(() => {
      runs.forEach((p, k) => {
        const got = simulateTimelineSummary(slider, p).machineSeconds;
        const want = out[k].detail === 'summary' ? out[k].summary.machineSeconds : NaN;
        if (got !== want) throw new Error(`pool run ${k} disagrees: ${want} vs ${got}`);
      });
    });
    const cpuOne = cpu() - cpu1;
    return [
      {
        name: `week ${n} tasks, FMF tw=2 s (${a.batches} busy of ${Math.ceil(WEEK_S / 2)} windows)`,
        value: tFast,
        unit: 's',
        baseline: tSlow,
        ratio: tSlow / tFast,
        note: `baseline: every window visited; ${(a.machineSeconds / 3600).toFixed(0)} machine-h both`,
      },
      {
        name: `window slider 6 × 9 runs on ${workers} workers (week ${n} tasks)`,
        value: tPool,
        unit: 's',
        baseline: tOne,
        ratio: tOne / tPool,
        note: `baseline: the same 54 runs one after the other on one thread; pool time includes worker start; CPU s (all threads): pool ${cpuPool.toFixed(1)}, baseline ${cpuOne.toFixed(1)}`,
      },
      ...browserFigures,
    ];
  },
};
