/** Task orders inside a window (semionline-notes §2): LIST, D, DREQ, DDTR and seeded RAND. */
import { Rng, streamKey } from '../random/rng.ts';
import type { BatchTask } from './context.ts';
import type { TaskOrder } from './types.ts';

/** Timeline streams live under the 'synthetic' purpose, told apart by this first index. */
const TIMELINE_STREAM = 0x7e11;
const STREAM_ORDER = 1;
export const STREAM_ERROR = 2;
export const STREAM_WORKLOAD = 3;

/** A generator for (seed, timeline stream kind, indices...). */
export function timelineRng(seed: number, kind: number, ...indices: number[]): Rng {
  return new Rng(streamKey(seed, 'synthetic', TIMELINE_STREAM, kind, ...indices));
}

/**
 * Sorts a batch in place. The batch comes in arrival order (ties: id), and every sort is stable,
 * so ties keep arrival order. RAND shuffles with a stream keyed by (seed, batch number).
 */
export function orderBatch(batch: BatchTask[], order: TaskOrder, seed: number, batchNo: number) {
  if (batch.length < 2) return;
  switch (order) {
    case 'list':
      return;
    case 'd':
      batch.sort((a, b) => b.r - a.r);
      return;
    case 'dreq':
      batch.sort((a, b) => b.q - a.q);
      return;
    case 'ddtr':
      batch.sort((a, b) => b.r * b.q - a.r * a.q);
      return;
    case 'rand': {
      const rng = timelineRng(seed, STREAM_ORDER, batchNo);
      for (let i = batch.length - 1; i > 0; i--) {
        const j = rng.nextInt(i + 1);
        const t = batch[i];
        batch[i] = batch[j];
        batch[j] = t;
      }
      return;
    }
  }
}
