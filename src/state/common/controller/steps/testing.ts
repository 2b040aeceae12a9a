/** Test set-up shared by the steps' tests: the ingestion client over the real PlanetLab day. */
import { presetById, presetSpec, type FilePreset } from '../../../../engine/index.ts';
import type { LoadedData } from '../../../../ingest/api.ts';
import { loadDataset } from '../../../../ingest/load.ts';
import { dataInput } from '../../../../ingest/testing.ts';
import type { Ingest } from '../../sources/datasets.ts';

/** The preset every load in these tests reads. */
export const PLANETLAB_PRESET = presetById('planetlab-20110303') as FilePreset;
const preset = PLANETLAB_PRESET;

/**
 * The ingestion client's contract, every preset loading the PlanetLab day read from ../shared/data;
 * each load is recorded in `calls` as `id@scale`. Files are refused.
 */
export function planetLabIngest(calls: string[] = []): Ingest {
  return {
    async loadPreset(p, scale, onProgress, signal) {
      calls.push(`${p.id}@${scale}`);
      const input = await dataInput(preset.files[0].url.replace(/^\/data\//, ''), 'inst');
      const result = await loadDataset([input], presetSpec(preset, scale), { signal, onProgress });
      return { ...result, preset: p, hash: null } as LoadedData;
    },
    loadFiles: () => Promise.reject(new Error('no files in this test')),
    previewFiles: () => Promise.reject(new Error('no files in this test')),
  };
}
