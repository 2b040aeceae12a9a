/**
 * A worker thread of `realize`: rows of one series realized into its block on request and written
 * in place into the `.npy` (each block at its own offset), so writing is spread over the workers.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { realizeRows, type CodedSeries, type StreamPurpose } from '../engine/index.ts';

export interface RealizeWorkerData {
  readonly series: CodedSeries;
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
port.on('message', ({ first, rows }: { first: number; rows: number }) => {
  try {
    realizeRows(series, first, rows, block, realizations, seed, purpose);
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
