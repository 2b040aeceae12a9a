/**
 * Getting a dataset into the page: a built-in preset (files under public/data, or the synthetic
 * generator) or the user's files, loaded by the ingestion layer in a worker (inline where workers
 * are unavailable), with progress and cancel. The result keeps the loader's report (what each
 * filter kept) and the source's credit for the Data view.
 */
import {
  PRESETS,
  alignDefaults,
  presetById,
  type AlignOptions,
  type LoadReport,
  type Preset,
  type PresetCredit,
  type RealizationMatrix,
  type TaskSamples,
} from '../../../engine/index.ts';
import type { LoadedData } from '../../../ingest/api.ts';

export { PRESETS, presetById };
export type { Preset };
export {
  createIngest,
  SYNTHETIC_POOL,
  type Ingest,
} from '../../../runtime/ingestion/ingestClient.ts';

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
  /**
   * How its time-aligned replay buckets and keeps instants: the format's and the preset's choices,
   * the same as `realize --mode aligned` on the same files (`alignDefaults`).
   */
  readonly align?: AlignOptions;
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
    align: alignDefaults(
      loaded.spec?.format ?? null,
      preset?.kind === 'files' ? preset.align : undefined,
    ),
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
