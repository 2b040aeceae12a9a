/**
 * Test set-up shared by the read-once tests: real files whose every read is counted, handed to the
 * dataset step over the real ingestion API (run inline), and the samples decoded for comparison.
 */
import { expect } from 'vitest';
import {
  seriesAt,
  taskCount,
  type LoadReport,
  type TaskSamples,
} from '../../../../engine/index.ts';
import type { LoadRequest } from '../../../../ingest/load.ts';
import type { Dataset } from '../../sources/datasets.ts';
import { createIngestApi } from '../../../../ingest/api.ts';
import { createInlineRunner } from '../../../../runtime/inlineRunner.ts';
import type { Ingest } from '../../sources/datasets.ts';
import { DEFAULT_PARAMS } from '../../store/params.ts';
import { createExplorerStore } from '../../store/store.ts';
import type { StepContext } from './context.ts';
import { datasetStep } from './dataset.ts';

const READS = ['stream', 'arrayBuffer', 'text', 'slice'] as const;

/** `[name, bytes]` pairs as Files whose every read (stream, arrayBuffer, text, slice) is counted. */
export function countedFiles(entries: readonly (readonly [string, Uint8Array])[]) {
  const reads = { n: 0 };
  const files = entries.map(([name, bytes]) => {
    const file = new File([bytes as Uint8Array<ArrayBuffer>], name);
    for (const m of READS) {
      const real = file[m].bind(file) as (...a: unknown[]) => unknown;
      Object.defineProperty(file, m, { value: (...a: unknown[]) => (reads.n++, real(...a)) });
    }
    return file;
  });
  return { files, reads };
}

/** The dataset step over a fresh store, loading files through the ingestion API. */
export function readOnceSetup() {
  const api = createIngestApi();
  let token = 1;
  const ingest: Ingest = {
    loadPreset: () => Promise.reject(new Error('no presets in this test')),
    loadFiles: (files, request, onProgress) => api.loadFiles(token++, files, request, onProgress),
    previewFiles: (files, options) => api.previewFiles(files, options),
  };
  const store = createExplorerStore({ params: { ...DEFAULT_PARAMS } });
  const ctx: StepContext = { store, runner: createInlineRunner(), ingest };
  const step = datasetStep(ctx);
  const s = () => store.getState();
  /** Sets the task size in the parameters and lets the step follow them. */
  const setScale = async (scale: number) => {
    s().setParams({ scale });
    await step.ensure(s().params);
    await new Promise((r) => setTimeout(r, 0));
    await step.ensure(s().params);
  };
  /** The notices' texts, to explain a load that did not come out ready. */
  const notices = () =>
    s()
      .notices.map((n) => n.text)
      .join();
  return { step, s, setScale, notices };
}

/** Every inst sample of every task, decoded. */
export const instValues = (s: TaskSamples) =>
  Array.from({ length: taskCount(s.inst) }, (_, i) => Array.from(seriesAt(s.inst, i)));

/** Every inst and avg sample of every task, decoded. */
export const instAndAvgValues = (s: TaskSamples) =>
  Array.from({ length: taskCount(s.inst) }, (_, i) => [
    Array.from(seriesAt(s.inst, i)),
    Array.from(seriesAt(s.avg!, i)),
  ]);

/**
 * Uploads the counted `files` as `first`, then as `next`: the second reads no byte more, and the
 * dataset after it equals `want` (a fresh load with `next`) in its values, filters and units.
 */
export async function expectConvertedWithoutReading(
  { step, s, notices }: ReturnType<typeof readOnceSetup>,
  { files, reads }: ReturnType<typeof countedFiles>,
  first: object,
  next: object,
  want: () => { readonly samples: TaskSamples; readonly report: LoadReport },
  values: (s: TaskSamples) => unknown,
): Promise<Dataset> {
  await step.upload(files, first as LoadRequest);
  expect(s().data.status, notices()).toBe('ready');
  const after = reads.n;
  expect(after).toBeGreaterThan(0);
  await step.upload(files, next as LoadRequest);
  expect(reads.n).toBe(after);
  const wanted = want();
  const got = s().data.dataset!;
  expect(values(got.samples!)).toEqual(values(wanted.samples));
  expect(got.report.filters).toEqual(wanted.report.filters);
  expect(got.report.units).toBe(wanted.report.units);
  return got;
}
