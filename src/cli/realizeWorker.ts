/** A worker thread of `realize`: rows of one series realized into its shared block on request. */
import { parentPort, workerData } from 'node:worker_threads';
import { realizeRows, type CodedSeries, type StreamPurpose } from '../engine/index.ts';

export interface RealizeWorkerData {
  readonly series: CodedSeries;
  readonly realizations: number;
  readonly seed: number;
  readonly purpose: StreamPurpose;
  /** This worker's block: rows × realizations float32 over a SharedArrayBuffer. */
  readonly block: Float32Array;
}

if (!parentPort) throw new Error('src/cli/realizeWorker.ts runs as a worker thread');
const port = parentPort;
const { series, realizations, seed, purpose, block } = workerData as RealizeWorkerData;
port.on('message', ({ first, rows }: { first: number; rows: number }) => {
  realizeRows(series, first, rows, block, realizations, seed, purpose);
  port.postMessage(first);
});
