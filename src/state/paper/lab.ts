/**
 * The paper lab's runs, seen from the page: one cache of every figure computed while the page lives
 * (coming back to a figure is instant), the lab's parameters from the shareable ones, and the one
 * call a figure panel makes to get its numbers. The UI reaches the lab through here, not runtime/.
 */
import { isCancelled } from '../../protocol/cancel.ts';
import {
  computeFigure,
  type FigureData,
  type FigureId,
  type LabInputs,
  type LabOptions,
  type LabParams,
} from '../../runtime/lab/paperLab.ts';
import { packSamples } from '../../runtime/jobs/index.ts';
import type { Params } from '../common/store/params.ts';

export {
  PAPER_LAB_SIZES,
  cachedFigure,
  figureKey,
  unavailable,
  type FigureData,
  type FigureId,
  type LabInputs,
  type LabParams,
  type LabProgress,
} from '../../runtime/lab/paperLab.ts';
export { packSamples };

export { LAB_CACHE } from './labCache.ts';
import { LAB_CACHE } from './labCache.ts';

/** The lab's parameters from the shareable ones (R, N', seed and packer are the explorer's). */
export function labParams(p: Params): LabParams {
  return {
    seed: p.seed,
    tasks: p.tasks,
    instances: p.paperInstances,
    sums: p.paperSums,
    packer: p.packer,
    fig5N: p.paperN,
    fig5Example: p.paperExample,
    window: p.paperWindow,
  };
}

/**
 * One figure's numbers, from the cache or computed in the pool. Figures share computations: one
 * cancelled by the figure shown before (not by this caller) is run again once for this one.
 */
export async function computeLabFigure(
  id: FigureId,
  inputs: LabInputs,
  lab: LabParams,
  options: LabOptions & { readonly signal: AbortSignal },
  retries = 1,
): Promise<FigureData> {
  try {
    return await computeFigure(id, inputs, lab, LAB_CACHE, options);
  } catch (e) {
    if (isCancelled(e) && !options.signal.aborted && retries > 0)
      return computeLabFigure(id, inputs, lab, options, retries - 1);
    throw e;
  }
}
