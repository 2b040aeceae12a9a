/**
 * The paper lab's figure on show, computed by the controller (the paper wing's run): once the
 * dataset and its pool are ready, the figure the parameters name is computed unless the lab's cache
 * holds it or the data cannot make it. Progress is published at most every 120 ms.
 */
import type { Dataset } from '../common/sources/datasets.ts';
import { keyedRuns } from '../common/runs/keyedRuns.ts';
import { poolKey } from '../common/store/params.ts';
import type { Explorer } from '../common/store/store.ts';
import type { Runner } from '../../runtime/runner.ts';
import {
  LAB_CACHE,
  cachedFigure,
  computeLabFigure,
  figureKey,
  labParams,
  packSamples,
  unavailable,
  type FigureData,
  type LabInputs,
} from './lab.ts';

export const figureRuns = keyedRuns<FigureData>(4);

const packed = new WeakMap<Dataset, ReturnType<typeof packSamples> | null>();

/** The dataset's samples as the lab's jobs read them, packed once per dataset. */
export function labSamples(dataset: Dataset): ReturnType<typeof packSamples> | null {
  if (!packed.has(dataset))
    packed.set(dataset, dataset.samples ? packSamples(dataset.samples) : null);
  return packed.get(dataset)!;
}

/** What the lab computes on, once the dataset is loaded and its pool realized (null before). */
export function labInputsOf(runner: Runner, s: Explorer): LabInputs | null {
  const dataset = s.data.dataset;
  const key = poolKey(s.params);
  if (!dataset || s.data.status === 'running' || !s.pool.handle || s.pool.key !== key) return null;
  return { runner, pool: s.pool.handle, samples: labSamples(dataset), key };
}

export function syncFigure(runner: Runner, s: Explorer): void {
  const inputs = labInputsOf(runner, s);
  if (!inputs) return;
  const id = s.params.paperFigure;
  const lab = labParams(s.params);
  if (
    unavailable(id, inputs.pool, inputs.samples !== null) ||
    cachedFigure(LAB_CACHE, id, inputs.key, lab)
  )
    return;
  figureRuns.ensure(figureKey(id, inputs.key, lab), (signal, progress) => {
    let last = 0;
    return computeLabFigure(id, inputs, lab, {
      signal,
      onProgress: (p) => {
        const now = performance.now();
        if (now - last < 120 && p.done < p.total) return;
        last = now;
        progress(p);
      },
    });
  });
}
