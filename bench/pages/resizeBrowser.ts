/** Page-side entry (bench/browser.ts): runs bench/pages/resizeWorker.ts in a module Worker. */
import type { ResizeBrowserResult } from './resizeWorker.ts';

export function run(arg: { steps: number }): Promise<ResizeBrowserResult> {
  const worker = new Worker(new URL('./resizeWorker.ts', import.meta.url), { type: 'module' });
  return new Promise<ResizeBrowserResult>((resolve, reject) => {
    worker.onmessage = (e: MessageEvent<{ ok?: ResizeBrowserResult; error?: string }>) => {
      worker.terminate();
      if (e.data.ok) resolve(e.data.ok);
      else reject(new Error(e.data.error ?? 'resize worker failed'));
    };
    worker.onerror = (e) => {
      worker.terminate();
      reject(new Error(`resize worker: ${e.message}`));
    };
    worker.postMessage(arg);
  });
}
