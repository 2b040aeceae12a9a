/**
 * Page-side timeline benchmark (run in headless Chromium by bench/timeline.ts through
 * bench/browser.ts): one synthetic week simulated inside a dedicated Web Worker.
 */
import type { TimelineWorkerIn } from './timelineWorker.ts';

export interface TimelineWorkerOut {
  readonly generateMs: number;
  readonly simulateMs: number;
  readonly machineSeconds: number;
  readonly batches: number;
}

export function run(arg: TimelineWorkerIn): Promise<TimelineWorkerOut> {
  const worker = new Worker(new URL('./timelineWorker.ts', import.meta.url), { type: 'module' });
  return new Promise<TimelineWorkerOut>((resolve, reject) => {
    worker.onmessage = (e: MessageEvent<TimelineWorkerOut>) => resolve(e.data);
    worker.onerror = (e) => reject(new Error(`timeline worker: ${e.message}`));
    worker.postMessage(arg);
  }).finally(() => worker.terminate());
}
