/**
 * A live source read through the controller (steps/sourceRead.ts): a read that fails or is
 * cancelled leaves the data loaded before, and the parameters, as they were; the caller gets the
 * reason (the panel shows it).
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_CPU_QUERY,
  DataError,
  presetSpec,
  type FilePreset,
  type Preset,
  type PromSource,
} from '../../../../engine/index.ts';
import type { LoadedData, LoadedSource } from '../../../../ingest/api.ts';
import { loadDataset } from '../../../../ingest/load.ts';
import { sourceSpec } from '../../../../ingest/prometheusSource.ts';
import { dataInput } from '../../../../ingest/testing.ts';
import { CancelledError, isCancelled } from '../../../../protocol/cancel.ts';
import { createInlineRunner } from '../../../../runtime/inlineRunner.ts';
import { startController } from '../controller.ts';
import type { Ingest } from '../../sources/datasets.ts';
import { DEFAULT_PARAMS } from '../../store/params.ts';
import { createExplorerStore, type Explorer } from '../../store/store.ts';

const runner = createInlineRunner();
afterAll(() => runner.dispose());

async function loadReal(p: Preset, scale: number): Promise<LoadedData> {
  const preset = p as FilePreset;
  const inputs = await Promise.all(
    preset.files.map((f) => dataInput(f.url.replace(/^\/data\//, ''), f.role)),
  );
  const r = await loadDataset(inputs, presetSpec(preset, scale));
  return { ...r, preset: p, hash: null } as LoadedData;
}

async function until(s: () => Explorer, ok: (e: Explorer) => boolean, what: string) {
  for (let i = 0; i < 600; i++) {
    if (ok(s())) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never: ${what}`);
}

const source: PromSource = {
  url: 'http://127.0.0.1:9',
  query: DEFAULT_CPU_QUERY,
  start: 1372636800,
  end: 1372636800 + 3600,
  step: 60,
};

describe('a live source read through the controller', () => {
  it('a failed read and a cancelled one both keep the data and parameters loaded before', async () => {
    let started = false;
    const ingest: Ingest = {
      loadPreset: (p, scale) => loadReal(p, scale),
      loadFiles: () => Promise.reject(new Error('no files in this test')),
      previewFiles: () => Promise.reject(new Error('no files in this test')),
      loadSource(s, _access, _spec, _assess, _progress, signal): Promise<LoadedSource> {
        if (s.query === 'fails')
          return Promise.reject(
            new DataError(s.url, null, 'Prometheus refused the query (HTTP 400): bad_data'),
          );
        started = true;
        return new Promise((_, reject) =>
          signal.addEventListener('abort', () => reject(new CancelledError())),
        );
      },
    };
    const store = createExplorerStore({
      params: { ...DEFAULT_PARAMS, view: 'data', realizations: 50, tasks: 50 },
    });
    const controller = startController(store, runner, { writeUrl: false, ingest });
    const s = () => store.getState();
    await until(s, (e) => e.data.status === 'ready', 'the first dataset');
    const first = s().data.dataset!;
    const params = s().params;

    const failing = { ...source, query: 'fails' };
    const failed = await controller
      .readSource(['c.json'], failing, {}, sourceSpec(failing, 8), null)
      .then(
        () => null,
        (e: unknown) => e as Error,
      );
    expect(failed?.message).toMatch(/refused the query .*bad_data/);
    expect(s().data).toMatchObject({ status: 'ready', dataset: first, error: null });
    expect(s().params).toEqual(params);

    const abort = new AbortController();
    const read = controller.readSource(
      ['c.json'],
      source,
      { signal: abort.signal },
      sourceSpec(source, 8),
      null,
    );
    await until(s, () => started, 'the read under way');
    expect(s().data.status).toBe('running');
    abort.abort();
    const cancelled = await read.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isCancelled(cancelled)).toBe(true);
    expect(s().data).toMatchObject({ status: 'ready', dataset: first, error: null });
    expect(s().params).toEqual(params);
    controller.dispose();
  });
});
