/** What the paper lab computes on: the controller's runner, its realized pool and the samples. */
import { useMemo } from 'react';
import { LabCache, type LabInputs, type LabParams } from '../../runtime/paperLab.ts';
import { packSamples } from '../../runtime/jobs/paperSamples.ts';
import { poolKey, type Params } from '../../state/params.ts';
import { useExplorer } from '../../state/store.ts';
import { useController } from '../controllerContext.ts';

/** Results of every figure of this page, kept while the page lives: coming back is instant. */
export const LAB_CACHE = new LabCache();

export type LabState =
  | { readonly status: 'waiting' | 'error'; readonly message: string }
  | { readonly status: 'ready'; readonly inputs: LabInputs; readonly hasSamples: boolean };

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

export function useLab(): LabState {
  const { runner } = useController();
  const params = useExplorer((s) => s.params);
  const data = useExplorer((s) => s.data);
  const pool = useExplorer((s) => s.pool);
  const dataset = data.dataset;
  const key = poolKey(params);
  const packed = useMemo(() => (dataset?.samples ? packSamples(dataset.samples) : null), [dataset]);
  return useMemo((): LabState => {
    if (data.status === 'error' && !dataset)
      return { status: 'error', message: `The dataset could not be loaded: ${data.error}` };
    if (!dataset || data.status === 'running')
      return { status: 'waiting', message: 'Loading the dataset…' };
    if (pool.status === 'error' && pool.key === key)
      return { status: 'error', message: `The workload could not be realized: ${pool.error}` };
    if (!pool.handle || pool.key !== key)
      return { status: 'waiting', message: 'Realizing the pool…' };
    return {
      status: 'ready',
      inputs: { runner, pool: pool.handle, samples: packed, key },
      hasSamples: packed !== null,
    };
  }, [data.status, data.error, dataset, pool, key, runner, packed]);
}
