/**
 * The three ways to realize a workload, one switch for the page and the command line: independent
 * draws per task (SPEC §2, the paper's), the time-aligned instants (column t one instant for every
 * task, `data/realize/aligned.ts`), or a joint block bootstrap of them (`blocks.ts`, B instants per block).
 */
import { alignSamples, type AlignOptions, type AlignedData } from '../data/realize/aligned.ts';
import type { TaskSamples } from '../data/samples/samples.ts';
import type { RealizationMatrix } from '../matrix.ts';
import { blockBootstrap } from './blocks.ts';

import type { RealizationMode } from './modeNames.ts';

export { REALIZATION_MODES, alignDefaults, type RealizationMode } from './modeNames.ts';

export interface ReplayMatrices {
  readonly aligned: AlignedData;
  readonly inst: RealizationMatrix;
  readonly avg: RealizationMatrix | null;
}

/**
 * The aligned data of `samples` with `options`, or why they cannot be aligned (the message names
 * what and where). Days of one VM are joined into one task (PlanetLab's ten days, `data/realize/aligned.ts`):
 * then the rows are the VMs, not the samples' tasks (`joinsTasks`).
 */
export function alignedData(
  samples: TaskSamples,
  options: AlignOptions = {},
): AlignedData | string {
  try {
    return alignSamples(samples, options);
  } catch (e) {
    return e instanceof RangeError ? e.message : String(e);
  }
}

/** Whether an alignment's rows are not the samples' tasks (days joined into VMs, tasks left out). */
export function joinsTasks(aligned: AlignedData, samples: TaskSamples): boolean {
  return aligned.ids.length !== samples.ids.length;
}

/**
 * The aligned data of `samples` when they keep one row per task in the samples' order (rows of a
 * realization matrix drawn independently are the samples' rows); a reason otherwise.
 */
export function alignedRows(
  samples: TaskSamples,
  options: AlignOptions = {},
): AlignedData | string {
  const aligned = alignedData(samples, options);
  if (typeof aligned === 'string' || !joinsTasks(aligned, samples)) return aligned;
  return aligned.report.tasksDropped.length > 0
    ? `aligning leaves out ${aligned.report.tasksDropped.length} of the ${samples.ids.length} tasks, so its rows are not the dataset's tasks`
    : `aligning joins the ${samples.ids.length} tasks into ${aligned.ids.length} (the days of one VM are one task in time), so its rows are not the dataset's tasks`;
}

/**
 * The matrices of an aligned or blocks realization of `samples`: the aligned instants, or R
 * columns of a block bootstrap of them (seeded). Their rows are the alignment's tasks
 * (`aligned.ids`: a VM for PlanetLab's days). Throws a RangeError naming what is wrong.
 */
export function replayMatrices(
  samples: TaskSamples,
  mode: Exclude<RealizationMode, 'independent'>,
  block: number,
  realizations: number,
  seed: number,
  shared?: boolean,
  options: AlignOptions = {},
): ReplayMatrices {
  const aligned = alignedData(samples, options);
  if (typeof aligned === 'string') throw new RangeError(`no time-aligned replay: ${aligned}`);
  if (mode === 'aligned') return { aligned, inst: aligned.inst, avg: aligned.avg };
  return {
    aligned,
    inst: blockBootstrap(aligned.inst, realizations, block, seed, shared),
    avg: aligned.avg && blockBootstrap(aligned.avg, realizations, block, seed, shared),
  };
}
