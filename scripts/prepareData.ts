/**
 * Build step: the default dataset loaded once here, as the page's ingestion worker would load it,
 * and written in the prepared format (src/ingest/prepared.ts) so that the first page skips parsing.
 * Run by the Vite build (vite.config.ts); by hand: `npx tsx scripts/prepareData.ts OUT_DIR`.
 */
import { openAsBlob, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DEFAULT_PRESET_ID, presetById } from '../src/engine/index.ts';
import type { LoadedData } from '../src/ingest/api.ts';
import { encodePrepared, preparedUrl } from '../src/ingest/prepared.ts';
import { loadPreset } from '../src/ingest/presets.ts';

/** A fetch over the files of `publicDir` (URLs are paths under the app's base). */
export function publicFetcher(publicDir: string) {
  return async (url: string): Promise<Response> => {
    const path = resolve(publicDir, `.${decodeURIComponent(url.replace(/[?#].*$/, ''))}`);
    return new Response((await openAsBlob(path)).stream());
  };
}

/** The default preset at its default scale, loaded from `publicDir` and encoded. */
export async function prepareDefaultDataset(
  publicDir: string,
): Promise<{ fileName: string; bytes: Uint8Array; loaded: LoadedData }> {
  const preset = presetById(DEFAULT_PRESET_ID);
  if (!preset || preset.kind !== 'files')
    throw new Error(`the default preset ${DEFAULT_PRESET_ID} is not a file preset`);
  const result = await loadPreset(preset, {
    scale: preset.scale,
    fetcher: publicFetcher(publicDir),
  });
  const loaded: LoadedData = { ...result, preset, hash: null };
  const url = preparedUrl(preset.id, preset.scale);
  return {
    fileName: url.replace(/^\//, ''),
    bytes: encodePrepared(loaded, preset.id, preset.scale),
    loaded,
  };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const out = process.argv[2] ?? 'dist';
  const { fileName, bytes } = await prepareDefaultDataset(
    resolve(import.meta.dirname, '../public'),
  );
  const path = resolve(out, fileName);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, bytes);
  console.log(`${path}: ${bytes.length} bytes`);
}
