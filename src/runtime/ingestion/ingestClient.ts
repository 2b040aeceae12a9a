/**
 * The page side of ingestion (as `runtime/pool/pool.ts` is for the engine): the ingestion worker, or
 * without workers the same API on this thread, loaded on demand; progress and cancel by token.
 */
import { proxy, type Remote } from 'comlink';
import { CancelledError } from '../../protocol/cancel.ts';
import { supervisedWorker } from '../pool/supervised.ts';
import type { LoadSpec, Preset, Preview, PreviewOptions, PromSource } from '../../engine/index.ts';
import type { IngestApi, LoadedData, LoadedSource, SourceAccess } from '../../ingest/api.ts';
import type { SourceAssess } from '../../ingest/sourceStream.ts';
import type { PromCluster, PromClusterOptions } from '../../ingest/prometheusCluster.ts';
import type { LoadRequest } from '../../ingest/load.ts';
import type { Progress } from '../../ingest/stream.ts';

/** The synthetic Google-like pool drawn in the browser (the generator allows up to 1,000,000). */
export const SYNTHETIC_POOL = 2000;

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
  /** What the files would load as with these options (first rows, unit guess, warnings, filter counts). */
  previewFiles(files: readonly File[], options: PreviewOptions): Promise<Preview>;
  /** A live Prometheus source read in the worker, streamed chunk by chunk (ingest sourceStream.ts). */
  loadSource?(
    source: PromSource,
    access: SourceAccess,
    spec: LoadSpec,
    assess: SourceAssess | null,
    onProgress: (p: Progress) => void,
    signal: AbortSignal,
  ): Promise<LoadedSource>;
  /** CPU and memory of a live source as one multi-resource workload, read in the worker. */
  loadSourceCluster?(
    source: PromSource,
    access: SourceAccess,
    options: Omit<PromClusterOptions, 'onRetention'>,
    onProgress: (p: Progress) => void,
    signal: AbortSignal,
  ): Promise<PromCluster>;
}

/** Ingestion that also reads one bundled data file with a given spec (the Cluster view's resources). */
export interface FileIngest extends Ingest {
  loadFile(
    file: string,
    spec: LoadSpec,
    onProgress: (p: Progress) => void,
    signal: AbortSignal,
  ): Promise<LoadedData>;
}

let nextToken = 1;

/**
 * The ingestion worker, supervised (runtime/pool/supervised.ts: a lost worker is replaced and the call
 * run once more), or, without workers, the same code on this thread, loaded on demand.
 */
export function createIngest(): FileIngest {
  const supervised =
    typeof Worker !== 'undefined'
      ? supervisedWorker<IngestApi>(
          'ingestion worker',
          () =>
            new Worker(new URL('../../../workers/ingest.worker.ts', import.meta.url), {
              type: 'module',
              name: 'slopack ingestion',
            }),
        )
      : null;
  let inline: Promise<IngestApi> | null = null;
  const use = <T>(f: (a: Remote<IngestApi> | IngestApi) => Promise<T>): Promise<T> =>
    supervised
      ? supervised.run(f)
      : (inline ??= import('../../ingest/api.ts').then((m) => m.createIngestApi())).then(f);
  const withCancel = <T>(
    signal: AbortSignal,
    f: (a: Remote<IngestApi> | IngestApi, token: number) => Promise<T>,
  ) => use((a) => cancellable(a, signal, f));
  const cancellable = async <T>(
    a: Remote<IngestApi> | IngestApi,
    signal: AbortSignal,
    f: (a: Remote<IngestApi> | IngestApi, token: number) => Promise<T>,
  ) => {
    // A call run again on a fresh worker after its worker was lost is not run once cancelled.
    if (signal.aborted) throw new CancelledError();
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
    loadFile: (file, spec, onProgress, signal) =>
      withCancel(signal, (a, token) =>
        a.loadFile(token, file, spec, base, proxy(onProgress)),
      ) as Promise<LoadedData>,
    loadFiles: (files, request, onProgress, signal) =>
      withCancel(signal, (a, token) =>
        a.loadFiles(token, files, request, proxy(onProgress)),
      ) as Promise<LoadedData>,
    previewFiles: (files, options) =>
      use((a) => a.previewFiles(files, options)) as Promise<Preview>,
    loadSource: (source, access, spec, assess, onProgress, signal) =>
      withCancel(signal, (a, token) =>
        a.loadSource(token, source, access, spec, assess, proxy(onProgress)),
      ) as Promise<LoadedSource>,
    loadSourceCluster: (source, access, options, onProgress, signal) =>
      withCancel(signal, (a, token) =>
        a.loadSourceCluster(token, source, access, options, proxy(onProgress)),
      ) as Promise<PromCluster>,
  };
}
