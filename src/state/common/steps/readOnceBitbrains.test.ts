/**
 * A Bitbrains upload (one file per VM) is read once too: a new task size, machine or clamp on the
 * same files converts the usage the ingestion kept and equals a load with that setting; a new unit
 * (cores or MHz, another column) reads the files again.
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

const VMS = ['1.csv', '2.csv', '3.csv'];

/** The real per-VM files as Files whose every read is counted. */
function countedFiles() {
  const reads = { n: 0 };
  const files = VMS.map((name) => {
    const file = new File([fixture(`bitbrains/${name}`) as Uint8Array<ArrayBuffer>], name);
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
    VMS.map((name) => [name, fixture(`bitbrains/${name}`)]),
  );
  if (r.kind !== 'samples') throw new Error('expected samples');
  return { samples: samples(r), report: r.report };
}

describe('a Bitbrains upload is read once', () => {
  it('a new machine, clamp and task size read the files no more and equal a load with them', async () => {
    const { step, s } = setup();
    const { files, reads } = countedFiles();
    await step.upload(files, { format: 'auto', unit: 'cores', coresPerMachine: 32 } as LoadRequest);
    const ready = s()
      .notices.map((n) => n.text)
      .join();
    expect(s().data.status, ready).toBe('ready');
    expect(s().data.dataset!.report.format).toBe('bitbrains');
    const after = reads.n;
    expect(after).toBeGreaterThan(0);
    const next = { format: 'auto', unit: 'cores', coresPerMachine: 0.01, clamp: true, scale: 0.5 };
    await step.upload(files, next as LoadRequest);
    expect(reads.n).toBe(after);
    const want = direct({ format: 'bitbrains', coresPerMachine: 0.01, clamp: true, scale: 0.5 });
    const got = s().data.dataset!;
    expect(values(got.samples!)).toEqual(values(want.samples));
    expect(got.report.filters).toEqual(want.report.filters);
    expect(want.report.filters[0].count).toBeGreaterThan(0);
    expect(got.report.units).toBe(want.report.units);
  });

  it('a new task size from the parameters reads the files no more', async () => {
    const { step, s } = setup();
    const { files, reads } = countedFiles();
    await step.upload(files, { format: 'auto', unit: 'cores', coresPerMachine: 16 } as LoadRequest);
    const after = reads.n;
    s().setParams({ scale: 0.25 });
    await step.ensure(s().params);
    await new Promise((r) => setTimeout(r, 0));
    await step.ensure(s().params);
    expect(s().data.status).toBe('ready');
    expect(reads.n).toBe(after);
    const want = direct({ format: 'bitbrains', coresPerMachine: 16, scale: 0.25 });
    expect(values(s().data.dataset!.samples!)).toEqual(values(want.samples));
  });

  it('a machine the usage exceeds, without clamp, is refused; the data stay', async () => {
    const { step, s } = setup();
    const { files, reads } = countedFiles();
    await step.upload(files, { format: 'auto', unit: 'cores', coresPerMachine: 32 } as LoadRequest);
    const before = s().data.dataset;
    const after = reads.n;
    await step.upload(files, {
      format: 'auto',
      unit: 'cores',
      coresPerMachine: 0.01,
    } as LoadRequest);
    expect(reads.n).toBe(after);
    expect(s().data.dataset).toBe(before);
    expect(s().notices.find((n) => n.kind === 'error')!.text).toMatch(/task \d+: inst sample \d+/);
  });

  it('a new unit (MHz instead of cores: another column) reads the files again', async () => {
    const { step, s } = setup();
    const { files, reads } = countedFiles();
    await step.upload(files, { format: 'auto', unit: 'cores' } as LoadRequest);
    const after = reads.n;
    await step.upload(files, { format: 'auto', unit: 'absolute', capacity: 83200 } as LoadRequest);
    expect(reads.n).toBeGreaterThan(after);
    const want = direct({ format: 'bitbrains', unit: 'absolute', capacity: 83200 });
    expect(values(s().data.dataset!.samples!)).toEqual(values(want.samples));
  });
});
