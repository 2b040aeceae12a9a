/**
 * The first page's shortcut: the default dataset at its default scale read from the file prepared
 * at build time (src/ingest/prepared.ts) on this thread, with no parsing and no ingestion worker;
 * every other load, and this one when the prepared file cannot be had, goes to the ingestion worker.
 */
import { DEFAULT_PRESET_ID, presetById } from '../../engine/index.ts';
import { decodePrepared, preparedUrl } from '../../ingest/prepared.ts';
import type { FileIngest } from './ingestClient.ts';

/** The default preset's prepared file URL (under the app's base) at its default scale. */
export function defaultPreparedUrl(base: string): string {
  const preset = presetById(DEFAULT_PRESET_ID)!;
  return base.replace(/\/$/, '') + preparedUrl(preset.id, preset.scale);
}

/** Fetches a prepared file's bytes; null when it is not there (a dev server, offline uncached). */
export async function fetchPrepared(url: string): Promise<ArrayBuffer | null> {
  try {
    const res = await fetch(url);
    return res.ok ? await res.arrayBuffer() : null;
  } catch {
    return null;
  }
}

/**
 * `ingest`, except that the default preset at its default scale is decoded from the prepared file:
 * the bytes of `early` the first time (a fetch started before the app's code ran), fetched again
 * after. A missing or unreadable prepared file falls back to `ingest`.
 */
export function withPreparedDefault(
  ingest: FileIngest,
  base: string,
  early: Promise<ArrayBuffer | null> | null,
): FileIngest {
  const url = defaultPreparedUrl(base);
  let first = early;
  return {
    ...ingest,
    async loadPreset(preset, scale, onProgress, signal) {
      const prepared = presetById(DEFAULT_PRESET_ID)!;
      if (preset.id !== prepared.id || scale !== prepared.scale)
        return ingest.loadPreset(preset, scale, onProgress, signal);
      const bytes = await (first ?? fetchPrepared(url));
      first = null;
      signal.throwIfAborted();
      if (bytes) {
        try {
          return decodePrepared(bytes, url);
        } catch (e) {
          // A damaged file: the worker loads the source as if there were none.
          console.warn(`Read the source instead of ${url}: ${(e as Error).message}`);
        }
      }
      return ingest.loadPreset(preset, scale, onProgress, signal);
    },
  };
}
