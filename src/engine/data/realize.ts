/**
 * Realization matrices from samples (SPEC §2): X[i][t] uniform draws with replacement from task i's
 * inst samples, Y likewise from avg, independently. Each task has its own stream keyed by (seed,
 * series, task), so a row does not depend on which other tasks are realized or by which worker.
 */
import { Rng, type StreamPurpose } from '../random/rng.ts';
import { allocateMatrix, type RealizationMatrix } from '../matrix.ts';
import type { TaskSamples } from './samples.ts';

export function realizeRow(
  samples: ArrayLike<number>,
  out: Float32Array,
  seed: number,
  series: StreamPurpose,
  task: number,
): void {
  const rng = Rng.stream(seed, series, task);
  const n = samples.length;
  for (let t = 0; t < out.length; t++) out[t] = samples[rng.nextInt(n)];
}

export function realizeSeries(
  series: readonly ArrayLike<number>[],
  realizations: number,
  seed: number,
  purpose: StreamPurpose,
  shared?: boolean,
): RealizationMatrix {
  const m = allocateMatrix(series.length, realizations, shared);
  for (let i = 0; i < series.length; i++) {
    realizeRow(
      series[i],
      m.data.subarray(i * realizations, (i + 1) * realizations),
      seed,
      purpose,
      i,
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
