/**
 * The per-task series a wing replays over time (Schedulers, Replay): the user's data when they are
 * loaded (files or Prometheus), else a bundled history read by the ingestion worker. While the
 * user's data load, or when they have no per-task series (a realization matrix), nothing: a wing
 * never runs on a bundled history while the user's data are loaded.
 */
import { presetById, type TaskSamples } from '../../../engine/data/index.ts';
import type { AlignOptions } from '../../../engine/index.ts';
import type { FileIngest } from '../../../runtime/ingestion/ingestClient.ts';
import type { RunProgress } from '../runs/runSlot.ts';
import type { ExplorerState } from '../store/store.ts';

/** The user's data a wing runs on instead of a bundled history: what was loaded, by name. */
export interface LoadedSeries {
  /** The loaded dataset's key (its files' hash and task size). */
  readonly key: string;
  /** Its name, as the page says it: the files, or the Prometheus source. */
  readonly title: string;
  readonly samples: TaskSamples;
  readonly align?: AlignOptions;
}

export type SeriesSource =
  | { readonly kind: 'bundled' }
  | { readonly kind: 'loaded'; readonly data: LoadedSeries }
  | { readonly kind: 'waiting' }
  | { readonly kind: 'no-series'; readonly title: string };

export function seriesSource(e: {
  readonly params: Pick<ExplorerState['params'], 'dataset'>;
  readonly data: ExplorerState['data'];
}): SeriesSource {
  if (e.params.dataset !== 'upload') return { kind: 'bundled' };
  const ds = e.data.dataset;
  if (e.data.status !== 'ready' || !ds) return { kind: 'waiting' };
  if (!ds.samples) return { kind: 'no-series', title: ds.title };
  return {
    kind: 'loaded',
    data: { key: ds.key, title: ds.title, samples: ds.samples, align: ds.align },
  };
}

/** The per-task samples of a bundled history (its instantaneous usage file), read by `ingest`. */
export async function bundledSamples(
  ingest: FileIngest,
  history: string,
  progress: (p: RunProgress) => void,
  signal: AbortSignal,
): Promise<TaskSamples> {
  const preset = presetById(history);
  if (!preset || preset.kind !== 'files') throw new RangeError(`unknown history "${history}"`);
  const file = preset.files.find((f) => f.role === 'inst') ?? preset.files[0];
  const name = file.url.replace(/^\/data\//, '');
  const label = `Loading ${preset.title}`;
  const loaded = await ingest.loadFile(
    name,
    preset.spec,
    (p) => progress({ label, done: p.bytesRead, total: p.size ?? 0 }),
    signal,
  );
  if (loaded.kind !== 'samples') throw new RangeError(`${name}: expected per-task samples`);
  return loaded.samples;
}
