/**
 * The three ways to realize a workload, one switch for the page and the command line: independent
 * draws per task (SPEC §2, the paper's), the time-aligned instants (column t one instant for every
 * task, `data/aligned.ts`), or a joint block bootstrap of them (`blocks.ts`, B instants per block).
 */
import { alignSamples, type AlignedData } from '../data/aligned.ts';
import type { TaskSamples } from '../data/samples.ts';
import type { RealizationMatrix } from '../matrix.ts';
import { blockBootstrap } from './blocks.ts';

import type { RealizationMode } from './modeNames.ts';

export { REALIZATION_MODES, type RealizationMode } from './modeNames.ts';

export interface ReplayMatrices {
  readonly aligned: AlignedData;
  readonly inst: RealizationMatrix;
  readonly avg: RealizationMatrix | null;
}

/**
 * The aligned data of `samples` when they keep one row per task in the samples' order (rows of a
 * realization matrix are the pool's rows); a reason otherwise. Days of one VM joined into one task
 * (PlanetLab's ten days, `data/aligned.ts`) change the rows, so they are refused here.
 */
export function alignedRows(samples: TaskSamples): AlignedData | string {
  let aligned: AlignedData;
  try {
    aligned = alignSamples(samples);
  } catch (e) {
    return e instanceof RangeError ? e.message : String(e);
  }
  if (aligned.ids.length !== samples.ids.length)
    return `aligning joins the ${samples.ids.length} tasks into ${aligned.ids.length} (the days of one VM are one task in time), so its rows are not the dataset's tasks`;
  return aligned;
}

/**
 * The matrices of an aligned or blocks realization of `samples`: the aligned instants, or R
 * columns of a block bootstrap of them (seeded). Throws a RangeError naming what is wrong.
 */
export function replayMatrices(
  samples: TaskSamples,
  mode: Exclude<RealizationMode, 'independent'>,
  block: number,
  realizations: number,
  seed: number,
  shared?: boolean,
): ReplayMatrices {
  const aligned = alignedRows(samples);
  if (typeof aligned === 'string') throw new RangeError(`no time-aligned replay: ${aligned}`);
  if (mode === 'aligned') return { aligned, inst: aligned.inst, avg: aligned.avg };
  return {
    aligned,
    inst: blockBootstrap(aligned.inst, realizations, block, seed, shared),
    avg: aligned.avg && blockBootstrap(aligned.avg, realizations, block, seed, shared),
  };
}
