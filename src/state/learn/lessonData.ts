/**
 * A dataset a lesson loads for itself, apart from the page's: the lesson on tasks that move
 * together replays the Google 2011 jobs without switching the dataset Pack and the other views
 * read. Loaded once per page (the ingestion worker, as the page's own loads), then kept.
 */
import {
  createIngest,
  datasetKey,
  presetById,
  toDataset,
  type Dataset,
  type Ingest,
} from '../common/sources/datasets.ts';

let ingest: Ingest | null = null;
const loads = new Map<string, Promise<Dataset>>();

/** The preset `id` at `scale`, loaded for a lesson (the same promise for every caller). */
export function lessonDataset(id: string, scale: number): Promise<Dataset> {
  const key = datasetKey(id, null, scale);
  const known = loads.get(key);
  if (known) return known;
  const preset = presetById(id);
  if (!preset) return Promise.reject(new Error(`the lesson's dataset "${id}" is not built in`));
  ingest ??= createIngest();
  const load = ingest
    .loadPreset(preset, scale, () => {}, new AbortController().signal)
    .then((loaded) => {
      const ds = toDataset(key, preset.title, loaded);
      if (ds.tasks === 0) throw new Error(`no task of "${preset.title}" passes its filters`);
      return ds;
    });
  // A failed load is tried again when the lesson next asks.
  load.catch(() => loads.delete(key));
  loads.set(key, load);
  return load;
}
