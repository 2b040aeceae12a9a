/** What the paper lab computes on: the controller's runner, its realized pool and the samples. */
import { useMemo } from 'react';
import type { LabInputs } from '../../state/paper/lab.ts';
import { labSamples } from '../../state/paper/figureRun.ts';
import { poolKey } from '../../state/common/store/params.ts';
import { useExplorer } from '../../state/common/store/store.ts';
import { useController } from '../controllerContext.ts';

type LabState =
  | { readonly status: 'waiting' | 'error'; readonly message: string }
  | { readonly status: 'ready'; readonly inputs: LabInputs; readonly hasSamples: boolean };

export function useLab(): LabState {
  const { runner } = useController();
  const params = useExplorer((s) => s.params);
  const data = useExplorer((s) => s.data);
  const pool = useExplorer((s) => s.pool);
  const dataset = data.dataset;
  const key = poolKey(params);
  const packed = useMemo(() => (dataset ? labSamples(dataset) : null), [dataset]);
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
