/**
 * An Azure V2 upload (readings and vmtable) is read once: a new task size or cores per machine
 * converts the VMs' usage the ingestion kept and equals a load with them; a new clamp (its bound,
 * 100 %, is fixed, so clamping happens while parsing) reads the files again.
 */
import { describe, expect, it } from 'vitest';
import { seriesAt, taskCount, type LoadSpec, type TaskSamples } from '../../../engine/index.ts';
import { createIngestApi } from '../../../ingest/api.ts';
import type { LoadRequest } from '../../../ingest/load.ts';
import { fixture, run, samples } from '../../../ingest/traceFixtures.ts';
import { createInlineRunner } from '../../../runtime/inlineRunner.ts';
import type { Ingest } from '../datasets.ts';
import { DEFAULT_PARAMS } from '../params.ts';
import { createExplorerStore } from '../store.ts';
import type { StepContext } from './context.ts';
import { datasetStep } from './dataset.ts';

const FILES = ['vm_cpu_readings-file-1-of-195.csv.gz', 'vmtable.csv'];

/** The trace's files (from the real trace, fixtures/make.py) as Files whose every read is counted. */
function countedFiles() {
  const reads = { n: 0 };
  const files = FILES.map((name) => {
    const file = new File([fixture(`azure2/${name}`) as Uint8Array<ArrayBuffer>], name);
    for (const m of ['stream', 'arrayBuffer', 'text', 'slice'] as const) {
      const real = file[m].bind(file) as (...a: unknown[]) => unknown;
      Object.defineProperty(file, m, { value: (...a: unknown[]) => (reads.n++, real(...a)) });
    }
    return file;
  });
  return { files, reads };
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

const values = (s: TaskSamples) =>
  Array.from({ length: taskCount(s.inst) }, (_, i) => Array.from(seriesAt(s.inst, i)));

/** A fresh read of the same files with `spec`. */
function direct(spec: LoadSpec) {
  const r = run(
    spec,
    FILES.map((name) => [name, fixture(`azure2/${name}`)]),
  );
  if (r.kind !== 'samples') throw new Error('expected samples');
  return { samples: samples(r), report: r.report };
}

describe('an Azure V2 upload is read once', () => {
  it('a new task size and machine read the files no more and equal a load with them', async () => {
    const { step, s } = setup();
    const { files, reads } = countedFiles();
    await step.upload(files, { format: 'azure2', clamp: true } as LoadRequest);
    const ready = s()
      .notices.map((n) => n.text)
      .join();
    expect(s().data.status, ready).toBe('ready');
    const after = reads.n;
    expect(after).toBeGreaterThan(0);
    const next = { format: 'azure2', clamp: true, coresPerMachine: 16, scale: 0.5 };
    await step.upload(files, next as LoadRequest);
    expect(reads.n).toBe(after);
    const want = direct({ format: 'azure2', clamp: true, coresPerMachine: 16, scale: 0.5 });
    const got = s().data.dataset!;
    expect(values(got.samples!)).toEqual(values(want.samples));
    expect(got.report.filters).toEqual(want.report.filters);
    expect(got.report.units).toBe(want.report.units);
  });

  it('a new clamp reads the files again', async () => {
    const { step, s } = setup();
    const { files, reads } = countedFiles();
    await step.upload(files, { format: 'azure2', clamp: true } as LoadRequest);
    const after = reads.n;
    await step.upload(files, { format: 'azure2', clamp: false } as LoadRequest);
    expect(reads.n).toBeGreaterThan(after);
    expect(s().data.dataset!.report.filters.some((f) => f.id === 'clamped')).toBe(false);
  });
});
