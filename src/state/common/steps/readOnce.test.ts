/**
 * An upload is read once: a new task size or unit on the same files converts the values the
 * ingestion parsed, reads the files no more, and gives the numbers a load with that setting gives.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seriesAt, taskCount, type LoadSpec, type TaskSamples } from '../../../engine/index.ts';
import { createIngestApi } from '../../../ingest/api.ts';
import { loadDataset } from '../../../ingest/load.ts';
import { dataInput, dataPath } from '../../../ingest/testing.ts';
import { createInlineRunner } from '../../../runtime/inlineRunner.ts';
import type { Ingest } from '../datasets.ts';
import type { LoadRequest } from '../../../ingest/load.ts';
import { DEFAULT_PARAMS } from '../params.ts';
import { createExplorerStore } from '../store.ts';
import type { StepContext } from './context.ts';
import { datasetStep } from './dataset.ts';

const FILE = 'planetlab-cloudsim/planetlab_20110303.csv';

/** The real file as a File whose every read (stream, arrayBuffer, text, slice) is counted. */
function countedFile() {
  const reads = { n: 0 };
  const file = new File([readFileSync(dataPath(FILE))], 'planetlab_20110303.csv');
  for (const m of ['stream', 'arrayBuffer', 'text', 'slice'] as const) {
    const real = file[m].bind(file) as (...a: unknown[]) => unknown;
    Object.defineProperty(file, m, { value: (...a: unknown[]) => (reads.n++, real(...a)) });
  }
  return { file, reads };
}

function setup() {
  const api = createIngestApi();
  let token = 1;
  const ingest: Ingest = {
    loadPreset: () => Promise.reject(new Error('no presets in this test')),
    loadFiles: (files, request, onProgress) => api.loadFiles(token++, files, request, onProgress),
    previewFiles: (files, options) => api.previewFiles(files, options),
  };
  const store = createExplorerStore({ params: { ...DEFAULT_PARAMS } });
  const ctx: StepContext = { store, runner: createInlineRunner(), ingest };
  return { step: datasetStep(ctx), s: () => store.getState() };
}

/** Every sample of every task, decoded. */
const values = (s: TaskSamples) =>
  Array.from({ length: taskCount(s.inst) }, (_, i) => Array.from(seriesAt(s.inst, i)));

async function direct(spec: LoadSpec) {
  return (await loadDataset([await dataInput(FILE, 'inst')], spec)) as Extract<
    Awaited<ReturnType<typeof loadDataset>>,
    { kind: 'samples' }
  >;
}

describe('an upload is read once', () => {
  it('a new task size reads the file no more and equals a load at that size', async () => {
    const { step, s } = setup();
    const { file, reads } = countedFile();
    await step.upload([file], { format: 'auto', scale: 1, unit: 'percent' } as LoadRequest);
    expect(
      s().data.status,
      s()
        .notices.map((n) => n.text)
        .join(),
    ).toBe('ready');
    const after = reads.n;
    expect(after).toBeGreaterThan(0);
    s().setParams({ scale: 0.25 });
    await step.ensure(s().params);
    await new Promise((r) => setTimeout(r, 0));
    await step.ensure(s().params);
    expect(s().data.status).toBe('ready');
    expect(reads.n).toBe(after);
    const want = await direct({ format: 'wide', unit: 'percent', scale: 0.25 });
    expect(values(s().data.dataset!.samples!)).toEqual(values(want.samples));
    expect(s().data.dataset!.report.units).toBe(want.report.units);
  });

  it('a new unit on the same files reads them no more and equals a load with that unit', async () => {
    const { step, s } = setup();
    const { file, reads } = countedFile();
    await step.upload([file], { format: 'auto', unit: 'percent' } as LoadRequest);
    const after = reads.n;
    const asCores = { format: 'auto', unit: 'cores', coresPerMachine: 400, clamp: true };
    await step.upload([file], asCores as LoadRequest);
    expect(reads.n).toBe(after);
    const want = await direct({
      format: 'wide',
      unit: 'cores',
      capacity: 400,
      scale: 1,
      clamp: true,
    });
    const got = s().data.dataset!;
    expect(values(got.samples!)).toEqual(values(want.samples));
    expect(got.report.filters).toEqual(want.report.filters);
    expect(s().params.upload?.options?.unit).toBe('cores');
  });

  it('a unit whose bound the values exceed is refused naming the task; the data stay', async () => {
    const { step, s } = setup();
    const { file, reads } = countedFile();
    await step.upload([file], { format: 'auto', unit: 'percent' } as LoadRequest);
    const before = s().data.dataset;
    const after = reads.n;
    await step.upload([file], { format: 'auto', unit: 'fraction' } as LoadRequest);
    expect(reads.n).toBe(after);
    expect(s().data.dataset).toBe(before);
    const notice = s().notices.find((n) => n.kind === 'error')!.text;
    expect(notice).toMatch(/task .+: inst sample \d+ \(\d+\) is above 1 \(the unit's maximum/);
  });
});
