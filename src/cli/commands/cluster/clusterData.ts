/**
 * Multi-resource datasets read from disk (Node): the loaders called once per resource, for the
 * cluster command, its tests and bench.
 */
import { join } from 'node:path';
import { loadDataset } from '../../../ingest/load.ts';
import { googleMemorySeries } from '../../../engine/cluster/index.ts';
import {
  GOOGLE_TASK_USAGE,
  googleMulti,
  loadMultiDataset,
  multiDatasetById,
  MULTI_DATASETS,
  type MultiSamples,
} from '../../../engine/cluster/index.ts';
import { PUBLIC_DIR, pathInput, readText } from '../../io.ts';

export const DEFAULT_DATA_ROOT = join(PUBLIC_DIR, 'data');
const cache = new Map<string, Promise<MultiSamples>>();

/** A named dataset (`MULTI_DATASETS`) under `root` (default: the app's bundled public/data). */
export function loadShared(
  id: string,
  resources: readonly string[] = ['cpu', 'mem'],
  root = DEFAULT_DATA_ROOT,
): Promise<MultiSamples> {
  const key = `${root}:${id}:${resources.join(',')}`;
  let p = cache.get(key);
  if (!p) {
    if (id === GOOGLE_TASK_USAGE.id) {
      p = loadGoogle(resources, root);
      cache.set(key, p);
      return p;
    }
    const d = multiDatasetById(id);
    if (!d)
      throw new RangeError(
        `unknown dataset "${id}" (expected ${MULTI_DATASETS.map((m) => m.id).join(', ')})`,
      );
    p = loadMultiDataset(d, resources, async (file, spec) => {
      const r = await loadDataset([await pathInput(join(root, file))], spec);
      if (r.kind !== 'samples') throw new RangeError(`${file}: expected per-task samples`);
      return r.samples;
    });
    cache.set(key, p);
  }
  return p;
}

/** Every dataset id the cluster command and tests take. */
export const MULTI_DATASET_IDS = [...MULTI_DATASETS.map((d) => d.id), GOOGLE_TASK_USAGE.id];

async function loadGoogle(resources: readonly string[], root: string): Promise<MultiSamples> {
  const usage = join(root, GOOGLE_TASK_USAGE.usage);
  const r = await loadDataset(
    [await pathInput(usage), await pathInput(join(root, GOOGLE_TASK_USAGE.events), 'events')],
    {
      format: 'google',
      filters: { minRecords: 1 },
    },
  );
  if (r.kind !== 'samples') throw new RangeError(`${usage}: expected per-task samples`);
  const text = readText(usage);
  return googleMulti(r.samples, googleMemorySeries(text, usage), resources);
}
