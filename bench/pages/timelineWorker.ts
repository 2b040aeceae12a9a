/**
 * A dedicated module worker (started by bench/pages/timeline.ts in headless Chromium): builds the
 * synthetic week and simulates it with one policy, timed with performance.now() inside the worker.
 */
import {
  DEFAULT_PARAMS,
  simulateTimeline,
  syntheticWeek,
  type TimelineParams,
} from '../../src/engine/timeline/index.ts';

export interface TimelineWorkerIn {
  readonly week: { readonly seed: number; readonly tasks: number };
  readonly params: Partial<TimelineParams>;
}

addEventListener('message', (e: MessageEvent<TimelineWorkerIn>) => {
  const t0 = performance.now();
  const tasks = syntheticWeek(e.data.week);
  const t1 = performance.now();
  const warm = syntheticWeek({ seed: 2, tasks: 5000 });
  simulateTimeline(warm, { ...DEFAULT_PARAMS, ...e.data.params });
  const t2 = performance.now();
  const r = simulateTimeline(tasks, { ...DEFAULT_PARAMS, ...e.data.params });
  const t3 = performance.now();
  postMessage({
    generateMs: t1 - t0,
    simulateMs: t3 - t2,
    machineSeconds: r.machineSeconds,
    batches: r.batches,
  });
});
