/** The shared real data (../shared/data) loaded per resource, for the cluster command, its tests and bench. */
import { loadDataset } from '../../ingest/load.ts';
import { dataInput } from '../../ingest/testing.ts';
import { loadMultiDataset, multiDatasetById, type MultiSamples } from '../../engine/cluster/workload.ts';

const cache = new Map<string, Promise<MultiSamples>>();

export function loadShared(
  id: string,
  resources: readonly string[] = ['cpu', 'mem'],
): Promise<MultiSamples> {
  const key = `${id}:${resources.join(',')}`;
  let p = cache.get(key);
  if (!p) {
    const d = multiDatasetById(id);
    if (!d) throw new Error(`no dataset ${id}`);
    p = loadMultiDataset(d, resources, async (file, spec) => {
      const r = await loadDataset([await dataInput(file)], spec);
      if (r.kind !== 'samples') throw new Error('expected samples');
      return r.samples;
    });
    cache.set(key, p);
  }
  return p;
}
