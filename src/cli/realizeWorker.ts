/**
 * A worker thread of `realize`: rows of one series realized into its block on request and written
 * in place into the `.npy` (each block at its own offset), so writing is spread over the workers.
 * A request either names rows of the series given at start, or brings its rows' samples itself
 * (`tasks`, row r being task `first + r`, so it draws from that task's stream) while the trace is
 * still being read.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import {
  realizeRows,
  realizeTask,
  type CodedSeries,
  type SeriesSet,
  type StreamPurpose,
} from '../engine/index.ts';

export interface RealizeWorkerData {
  /** The samples of every row, or null when each request brings its own. */
  readonly series: CodedSeries | null;
  readonly realizations: number;
  readonly seed: number;
  readonly purpose: StreamPurpose;
  /** Values in this worker's block (rows × realizations float32, reused for every request). */
  readonly blockValues: number;
  /** The `.npy` being written and the byte offset of its first value. */
  readonly path: string;
  readonly dataOffset: number;
}

if (!parentPort) throw new Error('src/cli/realizeWorker.ts runs as a worker thread');
const port = parentPort;
const { series, realizations, seed, purpose, blockValues, path, dataOffset } =
  workerData as RealizeWorkerData;
const block = new Float32Array(blockValues);
const bytes = new Uint8Array(block.buffer);
export interface RealizeRequest {
  readonly first: number;
  readonly rows: number;
  readonly tasks?: SeriesSet;
}

port.on('message', ({ first, rows, tasks }: RealizeRequest) => {
  try {
    if (tasks) {
      for (let r = 0; r < rows; r++) {
        const out = block.subarray(r * realizations, (r + 1) * realizations);
        realizeTask(tasks, r, out, seed, purpose, first + r);
      }
    } else realizeRows(series!, first, rows, block, realizations, seed, purpose);
    const length = rows * realizations * 4;
    const position = dataOffset + first * realizations * 4;
    const fd = openSync(path, 'r+');
    try {
      for (let at = 0; at < length;) at += writeSync(fd, bytes, at, length - at, position + at);
    } finally {
      closeSync(fd);
    }
    port.postMessage({ first });
  } catch (e) {
    port.postMessage({ first, error: (e as Error).message });
  }
});
