import { afterAll, describe, expect, it } from 'vitest';
import { presetSpec, type FilePreset, type Preset } from '../../../../engine/index.ts';
import type { LoadedData } from '../../../../ingest/api.ts';
import { loadDataset } from '../../../../ingest/load.ts';
import { dataInput } from '../../../../ingest/testing.ts';
import { createInlineRunner } from '../../../../runtime/inlineRunner.ts';
import { startController } from '../controller.ts';
import type { Ingest } from '../../sources/datasets.ts';
import { DEFAULT_PARAMS, type Params } from '../../store/params.ts';
import { createExplorerStore, type Explorer } from '../../store/store.ts';

/** A preset read from ../shared/data, as the ingestion worker would give it. */
async function loadReal(p: Preset, scale: number, signal?: AbortSignal): Promise<LoadedData> {
  const preset = p as FilePreset;
  const inputs = await Promise.all(
    preset.files.map((f) => dataInput(f.url.replace(/^\/data\//, ''), f.role)),
  );
  const r = await loadDataset(inputs, presetSpec(preset, scale), { signal });
  return { ...r, preset: p, hash: null } as LoadedData;
}

const runner = createInlineRunner();
afterAll(() => runner.dispose());

function start(params: Partial<Params>, ingest: Ingest) {
  const store = createExplorerStore({
    params: { ...DEFAULT_PARAMS, view: 'data', realizations: 50, ...params },
  });
  const controller = startController(store, runner, { writeUrl: false, ingest });
  return { store, controller, s: () => store.getState() };
}

async function until(s: () => Explorer, ok: (e: Explorer) => boolean, what: string) {
  for (let i = 0; i < 600; i++) {
    if (ok(s())) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never: ${what}`);
}

const noFiles = {
  loadFiles: () => Promise.reject(new Error('no files in this test')),
  previewFiles: () => Promise.reject(new Error('no files in this test')),
};

describe('the dataset step in the controller', () => {
  it('a dataset superseded while it loads leaves Tasks per instance alone', async () => {
    const calls: string[] = [];
    // Each load finishes whatever happens (as a worker may); the first is held until the second
    // dataset has been chosen, so it is superseded while it loads on any machine.
    let supersede!: () => void;
    const superseded = new Promise<void>((done) => (supersede = done));
    let firstLanded: Promise<unknown> = Promise.resolve();
    const ingest: Ingest = {
      loadPreset(p, scale) {
        calls.push(p.id);
        const load = loadReal(p, scale).then(async (loaded) => {
          if (p.id === 'azure-v1') await superseded;
          return loaded;
        });
        if (p.id === 'azure-v1') firstLanded = load;
        return load;
      },
      ...noFiles,
    };
    const { controller, s } = start({ dataset: 'planetlab-20110303', tasks: 300 }, ingest);
    await until(s, (e) => e.data.status === 'ready', 'the first dataset');
    s().setParams({ dataset: 'azure-v1', scale: 0.25 });
    await until(s, () => calls.includes('azure-v1'), 'the superseded load asked for');
    s().setParams({ dataset: 'google-gcd-jobs', scale: 0.25 });
    supersede();
    await until(
      s,
      (e) => e.data.status === 'ready' && e.data.dataset?.title.includes('Google') === true,
      'the second dataset',
    );
    await firstLanded;
    // Time for whatever a late result would set off.
    await new Promise((r) => setTimeout(r, 200));
    expect(calls).toContain('google-gcd-jobs');
    expect(s().data.dataset?.title).toMatch(/Google/);
    expect(s().params.tasks).toBe(300);
    expect(
      s()
        .notices.map((n) => n.text)
        .join(),
    ).not.toMatch(/Tasks per instance/);
    controller.dispose();
  });

  it('a failed load: the previous data and parameters stay, and Retry loads it', async () => {
    let offline = true;
    const ingest: Ingest = {
      async loadPreset(p, scale) {
        if (offline && p.id === 'azure-v1') throw new Error('cannot open: Failed to fetch');
        return loadReal(p, scale);
      },
      ...noFiles,
    };
    const { controller, s } = start({ dataset: 'planetlab-20110303', tasks: 50 }, ingest);
    await until(s, (e) => e.data.status === 'ready', 'the first dataset');
    const first = s().data.dataset!;
    s().setParams({ dataset: 'azure-v1', scale: 0.25 });
    await until(s, (e) => e.notices.some((n) => n.kind === 'error'), 'the notice');
    const notice = s().notices.find((n) => n.kind === 'error')!;
    expect(notice.text).toMatch(/Could not load "Azure.*Failed to fetch/);
    expect(notice.action?.label).toBe('Retry');
    // Nothing waits on the failed load: the parameters are back on the data shown.
    expect(s().params.dataset).toBe('planetlab-20110303');
    expect(s().data).toMatchObject({ status: 'ready', dataset: first, error: null });
    offline = false;
    notice.action!.run();
    await until(
      s,
      (e) => e.data.status === 'ready' && e.data.dataset?.title.includes('Azure') === true,
      'the retried dataset',
    );
    expect(s().params.dataset).toBe('azure-v1');
    controller.dispose();
  });

  it('a view that never reads the pool leaves it unrealized until Pack asks for it', async () => {
    const ingest: Ingest = { loadPreset: (p, scale) => loadReal(p, scale), ...noFiles };
    const { controller, s } = start(
      { dataset: 'planetlab-20110303', tasks: 50, view: 'timeline' },
      ingest,
    );
    await until(s, (e) => e.data.status === 'ready', 'the dataset');
    s().setParams({ view: 'learn', lesson: 4 });
    s().setParams({ view: 'cluster' });
    // Time for whatever a pass would set off.
    await new Promise((r) => setTimeout(r, 300));
    expect(s().pool).toMatchObject({ status: 'idle', handle: null });
    expect(s().pack.status).toBe('idle');
    s().setParams({ view: 'pack' });
    await until(s, (e) => e.pack.status === 'ready', 'the packing once Pack is open');
    expect(s().pool.status).toBe('ready');
    controller.dispose();
  });
});
