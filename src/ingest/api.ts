/**
 * The worker side of ingestion: what the ingestion worker offers (and what runs inline where workers are unavailable): a preset or
 * the user's files in, samples (or a realization matrix) and the loader's report out. Uploaded files
 * are hashed (SHA-256 over their bytes in order) so that a link to them can be checked.
 */
import {
  DataError,
  formatOf,
  preview,
  unreadPreview,
  rawSpec,
  unitsAfterParsing,
  presetById,
  type Preview,
  type PreviewOptions,
  syntheticWorkload,
  type LoadReport,
  type LoadResult,
  type LoadSpec,
  type Preset,
  type PromSource,
} from '../engine/index.ts';
import type { FetchLimits } from './promFetch.ts';
import type { Assessment } from './assessSource.ts';
import { streamSource, type SourceAssess } from './sourceStream.ts';
import {
  loadSourceCluster,
  type PromCluster,
  type PromClusterOptions,
} from './prometheusCluster.ts';
import { Sha256 } from '../engine/data/index.ts';
import { CancelledError, isCancelled } from '../protocol/cancel.ts';
import { estimateWithin, loadDataset, resolveRequest, type LoadRequest } from './load.ts';
import { parseLimit, type LoadEstimate } from './sizes.ts';
import { loadPreset } from './presets.ts';
import { blobInput, head, urlInput, type InputFile, type Progress } from './stream.ts';

export type LoadedData = LoadResult & {
  readonly preset: Preset | null;
  readonly hash: string | null;
  /** What the data were loaded as (format and options), for the link; null for generated data. */
  readonly spec: LoadSpec | null;
  /** The size estimate made before the load (uploads with a budget). */
  readonly estimate?: LoadEstimate | null;
  /**
   * The samples are the parsed values before the unit and the task size (asked by `keepRaw`):
   * `convertedOf(this, spec)` (convert.ts) gives the data under `spec`'s unit setting, without the files.
   */
  readonly raw?: boolean;
};

/** A source's data with the assessment made on the way. */
export type LoadedSource = LoadedData & {
  readonly assessment: Assessment | null;
  readonly assessError: string | null;
};

/** What a worker needs to call the server: the token (never kept), the page's origin, the limits. */
export interface SourceAccess {
  readonly token?: string;
  readonly origin?: string;
  readonly limits?: Partial<FetchLimits>;
}

export interface IngestApi {
  loadPreset(
    token: number,
    id: string,
    scale: number,
    params: Readonly<Record<string, number>>,
    baseUrl: string,
    onProgress?: (p: Progress) => void,
  ): Promise<LoadedData>;
  loadFiles(
    token: number,
    files: readonly File[],
    request: LoadRequest,
    onProgress?: (p: Progress) => void,
  ): Promise<LoadedData>;
  /** One file under the app's data folder (`baseUrl` + /data/ + `file`) read with one spec. */
  loadFile(
    token: number,
    file: string,
    spec: LoadSpec,
    baseUrl: string,
    onProgress?: (p: Progress) => void,
  ): Promise<LoadedData>;
  /**
   * A live Prometheus source read here, chunk by chunk, streamed into the reader (sourceStream.ts);
   * the placement judged on the same series when `assess` is given.
   */
  loadSource(
    token: number,
    source: PromSource,
    access: SourceAccess,
    spec: LoadSpec,
    assess: SourceAssess | null,
    onProgress?: (p: Progress) => void,
  ): Promise<LoadedSource>;
  /** CPU and memory of a live source as one multi-resource workload (the Cluster view). */
  loadSourceCluster(
    token: number,
    source: PromSource,
    access: SourceAccess,
    options: Omit<PromClusterOptions, 'onRetention'>,
    onProgress?: (p: Progress) => void,
  ): Promise<PromCluster>;
  /** What `files` would load as with `options`, from their first bytes (nothing replaces the data). */
  previewFiles(files: readonly File[], options: PreviewOptions): Promise<Preview>;
  cancel(token: number): void;
}

/** Bytes of each file read for a preview; a Prometheus JSON answer is read whole up to the larger bound. */
export const PREVIEW_BYTES = 65536;
export const PREVIEW_JSON_BYTES = 16 * 2 ** 20;

/**
 * SHA-256 over the files' bytes in order, read as streams (bounded memory whatever the size), with
 * progress (phase 'hashing') and cancel between two chunks.
 */
export async function sha256Hex(
  files: readonly Blob[],
  signal?: AbortSignal,
  onProgress?: (p: Progress) => void,
): Promise<string> {
  const h = new Sha256();
  for (let i = 0; i < files.length; i++) {
    const f = files[i];
    const name = (f as Blob & { name?: string }).name ?? 'file';
    const reader = f.stream().getReader();
    let read = 0;
    let reported = 0;
    const report = (done: boolean) =>
      onProgress?.({
        file: name,
        fileIndex: i,
        files: files.length,
        bytesRead: read,
        size: f.size,
        bytesParsed: read,
        done,
        phase: 'hashing',
      });
    try {
      for (;;) {
        signal?.throwIfAborted();
        const { done, value } = await reader.read();
        if (done) break;
        h.update(value);
        read += value.length;
        if (read - reported >= 1 << 22) {
          reported = read;
          report(false);
        }
      }
    } catch (e) {
      await reader.cancel(e).catch(() => {});
      throw e;
    }
    report(true);
  }
  return h.hex();
}

/**
 * The files as inputs that feed one SHA-256 as they are read; `hex()` is the hash of their bytes in
 * order, or null when they were not each read once, whole and in order.
 */
function hashedInputs(files: readonly File[]): {
  inputs: InputFile[];
  hex(): string | null;
} {
  const h = new Sha256();
  let next = 0;
  let done = 0;
  let whole = true;
  const inputs = files.map((f, i): InputFile => ({
    ...blobInput(f, f.name),
    open() {
      if (i !== next) whole = false;
      next = i + 1;
      let read = 0;
      return f.stream().pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, out) {
            h.update(chunk);
            read += chunk.length;
            out.enqueue(chunk);
          },
          flush() {
            if (read === f.size) done++;
            else whole = false;
          },
        }),
      );
    },
  }));
  return { inputs, hex: () => (whole && done === files.length ? h.hex() : null) };
}

/**
 * The page keeps every load's time axis (timestamps where the format has them) for the
 * time-aligned replay, as the command line's replaying commands do (`TaskSamples.times`).
 */
const withTimes = (spec: LoadSpec): LoadRequest => ({ ...spec, times: true });

/** Beyond this a file is refused before reading, with the way to reduce it (the CLI). */
export const MAX_UPLOAD_BYTES = 8 * 2 ** 30;

function refuseTooLarge(files: readonly File[]): void {
  const big = files.find((f) => f.size > MAX_UPLOAD_BYTES);
  if (big)
    throw new DataError(
      big.name,
      null,
      `${(big.size / 2 ** 30).toFixed(1)} GiB is too large for the browser; reduce it first with \`npm run cli -- reduce\` (see README)`,
    );
}

export function createIngestApi(): IngestApi {
  const running = new Map<number, AbortController>();
  const run = async <T>(token: number, f: (signal: AbortSignal) => Promise<T>): Promise<T> => {
    const abort = new AbortController();
    running.set(token, abort);
    try {
      return await f(abort.signal);
    } catch (e) {
      // Errors cross to the page by name and message: a cancel crosses as the one CancelledError.
      if (isCancelled(e)) throw new CancelledError();
      throw e;
    } finally {
      running.delete(token);
    }
  };
  return {
    loadPreset(token, id, scale, params, baseUrl, onProgress) {
      return run(token, async (signal) => {
        const preset = presetById(id);
        if (!preset) throw new DataError(id, null, `unknown dataset "${id}"`);
        const result = await loadPreset(
          preset,
          {
            baseUrl,
            scale,
            params,
            generators: { googleLike: (p) => syntheticWorkload(p.tasks, p.seed) },
            times: true,
          },
          { signal, onProgress },
        );
        return { ...result, preset, hash: null };
      });
    },
    loadFiles(token, files, request, onProgress) {
      return run(token, async (signal) => {
        refuseTooLarge(files);
        const inputs = files.map((f) => blobInput(f, f.name));
        let spec = await resolveRequest(inputs, request, { signal });
        // The scale is for percent data: Google's values are already fractions of its largest machine.
        const fractions = formatOf(spec).fractionsOfMachine === true;
        if (request.format === 'auto' && fractions && request.scale !== undefined) {
          const { scale: _scale, ...rest } = request;
          spec = await resolveRequest(inputs, rest, { signal });
        }
        // The size first: a load over the budget is refused before the files are read.
        const estimate = request.budget
          ? await estimateWithin(inputs, spec, request.budget, { signal })
          : null;
        const withEstimate = onProgress && ((p: Progress) => onProgress({ ...p, estimate }));
        // One pass: the files are hashed as they are read (in order, as `sha256Hex` would).
        const hashing = hashedInputs(files);
        const raw = request.keepRaw === true && unitsAfterParsing(spec);
        const result = await loadDataset(hashing.inputs, withTimes(raw ? rawSpec(spec) : spec), {
          signal,
          onProgress: withEstimate,
          maxParsed: (request.budget && parseLimit(estimate, request.budget.bytes)) ?? undefined,
        });
        const hash = hashing.hex() ?? (await sha256Hex(files, signal, withEstimate));
        return { ...result, spec, preset: null, hash, estimate, raw };
      });
    },
    loadFile(token, file, spec, baseUrl, onProgress) {
      return run(token, async (signal) => {
        const url = `${baseUrl.replace(/\/$/, '')}/data/${file}`;
        const input = urlInput(url, 'inst', undefined, signal);
        const result = await loadDataset([input], spec, { signal, onProgress });
        return { ...result, preset: null, hash: null };
      });
    },
    loadSource(token, source, access, spec, assess, onProgress) {
      return run(token, async (signal) => {
        const r = await streamSource(
          source,
          { ...access, signal },
          spec,
          { times: true, assess },
          { signal, onProgress },
        );
        return { ...r, preset: null };
      });
    },
    loadSourceCluster(token, source, access, options, onProgress) {
      return run(token, (signal) =>
        loadSourceCluster(source, { ...access, signal }, options, { signal, onProgress }),
      );
    },
    async previewFiles(files, options) {
      try {
        const heads = await Promise.all(
          files.map(async (f) => {
            const bound = /\.json(\.gz)?$/i.test(f.name) ? PREVIEW_JSON_BYTES : PREVIEW_BYTES;
            const bytes = await head(blobInput(f, f.name), bound);
            return { name: f.name, head: bytes, truncated: bytes.length === bound };
          }),
        );
        return preview(heads, options);
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        return unreadPreview(message);
      }
    },
    cancel(token) {
      running.get(token)?.abort();
    },
  };
}

export type { LoadReport, Progress };
