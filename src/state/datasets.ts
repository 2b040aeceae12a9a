/**
 * Getting a dataset into the page: a built-in preset (files under public/data, or the synthetic
 * generator) or the user's files, loaded by the ingestion layer in a worker (inline where workers
 * are unavailable), with progress and cancel. The result keeps the loader's report (what each
 * filter kept) and the source's credit for the Data view.
 */
import { wrap, proxy, type Remote } from 'comlink';
import {
  PRESETS,
  presetById,
  type LoadReport,
  type Preset,
  type PresetCredit,
  type RealizationMatrix,
  type TaskSamples,
} from '../engine/index.ts';
import type { LoadRequest } from '../ingest/load.ts';
import type { Progress } from '../ingest/stream.ts';
import type { IngestApi, LoadedData } from './ingestApi.ts';

export { PRESETS, presetById };
export type { Preset };

/** The synthetic Google-like pool drawn in the browser (the generator allows up to 1,000,000). */
export const SYNTHETIC_POOL = 2000;

export interface Dataset {
  readonly key: string;
  readonly title: string;
  readonly description: string;
  /** Per-task samples; null when the data is a ready realization matrix. */
  readonly samples: TaskSamples | null;
  readonly matrices: {
    readonly inst: RealizationMatrix;
    readonly avg: RealizationMatrix | null;
  } | null;
  readonly ids: readonly string[];
  readonly tasks: number;
  readonly hasAvg: boolean;
  readonly report: LoadReport;
  readonly credit: PresetCredit | null;
  readonly notice: string | null;
  readonly scaleReason: string | null;
}

export function datasetKey(dataset: string, uploadHash: string | null, scale: number): string {
  return JSON.stringify([dataset, uploadHash, scale]);
}

export function toDataset(key: string, title: string, loaded: LoadedData): Dataset {
  const preset = loaded.preset;
  const base = {
    key,
    title,
    description: preset?.description ?? '',
    report: loaded.report,
    credit: preset?.credit ?? null,
    notice: preset?.notice ?? null,
    scaleReason: preset?.scaleReason ?? null,
  };
  if (loaded.kind === 'matrix') {
    return {
      ...base,
      samples: null,
      matrices: { inst: loaded.inst, avg: loaded.avg },
      ids: Array.from({ length: loaded.inst.rows }, (_, i) => `row ${i}`),
      tasks: loaded.inst.rows,
      hasAvg: loaded.avg !== null,
    };
  }
  return {
    ...base,
    samples: loaded.samples,
    matrices: null,
    ids: loaded.samples.ids,
    tasks: loaded.samples.ids.length,
    hasAvg: !!loaded.samples.avg,
  };
}

export interface Ingest {
  loadPreset(
    preset: Preset,
    scale: number,
    onProgress: (p: Progress) => void,
    signal: AbortSignal,
  ): Promise<LoadedData>;
  loadFiles(
    files: readonly File[],
    request: LoadRequest,
    onProgress: (p: Progress) => void,
    signal: AbortSignal,
  ): Promise<LoadedData>;
}

let nextToken = 1;

/** The ingestion worker (or, without workers, the same code on this thread, loaded on demand). */
export function createIngest(): Ingest {
  let api: Promise<Remote<IngestApi> | IngestApi> | null = null;
  const get = () =>
    (api ??=
      typeof Worker !== 'undefined'
        ? Promise.resolve(
            wrap<IngestApi>(
              new Worker(new URL('../../workers/ingest.worker.ts', import.meta.url), {
                type: 'module',
                name: 'slopack ingestion',
              }),
            ),
          )
        : import('./ingestApi.ts').then((m) => m.createIngestApi()));
  const withCancel = async <T>(
    signal: AbortSignal,
    f: (a: Remote<IngestApi> | IngestApi, token: number) => Promise<T>,
  ) => {
    const a = await get();
    const token = nextToken++;
    const onAbort = () => void a.cancel(token);
    signal.addEventListener('abort', onAbort);
    try {
      return await f(a, token);
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  };
  const base = (import.meta.env?.BASE_URL ?? '/').replace(/\/$/, '');
  return {
    loadPreset: (preset, scale, onProgress, signal) =>
      withCancel(signal, (a, token) =>
        a.loadPreset(
          token,
          preset.id,
          scale,
          preset.kind === 'synthetic' ? { tasks: SYNTHETIC_POOL } : {},
          base,
          proxy(onProgress),
        ),
      ) as Promise<LoadedData>,
    loadFiles: (files, request, onProgress, signal) =>
      withCancel(signal, (a, token) =>
        a.loadFiles(token, files, request, proxy(onProgress)),
      ) as Promise<LoadedData>,
  };
}
