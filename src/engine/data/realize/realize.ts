/**
 * Realization matrices from samples (SPEC §2): X[i][t] uniform draws with replacement from task i's
 * inst samples, Y likewise from avg, independently. Each task has its own stream keyed by (seed,
 * series, task), so a row does not depend on which other tasks are realized or by which worker.
 */
import { Rng, type StreamPurpose } from '../../random/rng.ts';
import { allocateMatrix, type RealizationMatrix } from '../../matrix.ts';
import { isCoded, type SeriesSet, type TaskSamples } from '../samples/samples.ts';

export function realizeRow(
  samples: ArrayLike<number>,
  out: Float32Array,
  seed: number,
  series: StreamPurpose,
  task: number,
): void {
  const picks = drawIndices(samples.length, out.length, seed, series, task);
  for (let t = 0; t < out.length; t++) out[t] = samples[picks[t]];
}

let scratch = new Int32Array(0);

/** The row's sample indices: its stream's `nextInt(n)` draws, in a buffer reused across rows. */
function drawIndices(
  n: number,
  count: number,
  seed: number,
  series: StreamPurpose,
  task: number,
): Int32Array {
  if (scratch.length < count) scratch = new Int32Array(count);
  const picks = scratch.subarray(0, count);
  Rng.stream(seed, series, task).fillInts(n, picks);
  return picks;
}

/**
 * Row `task` of a realization matrix drawn from coded samples (`CodedSeries`): the same draws and
 * values as `realizeRow` over the decoded samples, read from the codes.
 */
export function realizeCodedRow(
  codes: Uint8Array | Uint16Array,
  dictionary: Float64Array,
  from: number,
  n: number,
  out: Float32Array,
  seed: number,
  series: StreamPurpose,
  task: number,
): void {
  const picks = drawIndices(n, out.length, seed, series, task);
  for (let t = 0; t < out.length; t++) out[t] = dictionary[codes[from + picks[t]]];
}

/** Rows `first … first + rows − 1` of `series` realized into `block`, one row of R after another. */
export function realizeRows(
  series: SeriesSet,
  first: number,
  rows: number,
  block: Float32Array,
  realizations: number,
  seed: number,
  purpose: StreamPurpose,
): void {
  for (let r = 0; r < rows; r++)
    realizeTask(
      series,
      first + r,
      block.subarray(r * realizations, (r + 1) * realizations),
      seed,
      purpose,
    );
}

export function realizeTask(
  series: SeriesSet | readonly ArrayLike<number>[],
  i: number,
  out: Float32Array,
  seed: number,
  purpose: StreamPurpose,
  task = i,
): void {
  if ('codes' in series && isCoded(series)) {
    const from = series.offsets[i];
    const n = series.offsets[i + 1] - from;
    realizeCodedRow(series.codes, series.dictionary, from, n, out, seed, purpose, task);
  } else realizeRow((series as readonly ArrayLike<number>[])[i], out, seed, purpose, task);
}

export function realizeSeries(
  series: SeriesSet | readonly ArrayLike<number>[],
  realizations: number,
  seed: number,
  purpose: StreamPurpose,
  shared?: boolean,
): RealizationMatrix {
  const tasks = 'codes' in series ? series.offsets.length - 1 : series.length;
  const m = allocateMatrix(tasks, realizations, shared);
  for (let i = 0; i < tasks; i++) {
    realizeTask(
      series,
      i,
      m.data.subarray(i * realizations, (i + 1) * realizations),
      seed,
      purpose,
    );
  }
  return m;
}

export interface Realized {
  inst: RealizationMatrix;
  avg: RealizationMatrix | null;
}

export function realize(
  samples: TaskSamples,
  realizations: number,
  seed: number,
  shared?: boolean,
): Realized {
  return {
    inst: realizeSeries(samples.inst, realizations, seed, 'inst', shared),
    avg: samples.avg ? realizeSeries(samples.avg, realizations, seed, 'avg', shared) : null,
  };
}
