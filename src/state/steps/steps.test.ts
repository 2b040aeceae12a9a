import { afterAll, describe, expect, it } from 'vitest';
import { presetById, presetSpec, type FilePreset } from '../../engine/index.ts';
import type { LoadedData } from '../../ingest/api.ts';
import { loadDataset } from '../../ingest/load.ts';
import { dataInput } from '../../ingest/testing.ts';
import { createInlineRunner } from '../../runtime/inlineRunner.ts';
import { fitToDataset } from '../controller.ts';
import type { Ingest } from '../datasets.ts';
import { DEFAULT_PARAMS, packKey, packParams, poolKey, sweepKey, type Params } from '../params.ts';
import { createExplorerStore } from '../store.ts';
import { decode } from '../url.ts';
import type { StepContext } from './context.ts';
import { datasetStep } from './dataset.ts';
import { ensureMachine, ensurePack } from './pack.ts';
import { ensurePool } from './pool.ts';
import { sweepStep } from './sweep.ts';
import { urlSync } from './urlSync.ts';

const preset = presetById('planetlab-20110303') as FilePreset;

/** The ingestion client's contract, over the real PlanetLab day read from ../shared/data. */
function planetLabIngest(calls: string[]): Ingest {
  return {
    async loadPreset(p, scale, onProgress, signal) {
      calls.push(`${p.id}@${scale}`);
      const input = await dataInput(preset.files[0].url.replace(/^\/data\//, ''), 'inst');
      const result = await loadDataset([input], presetSpec(preset, scale), { signal, onProgress });
      return { ...result, preset: p, hash: null } as LoadedData;
    },
    loadFiles: () => Promise.reject(new Error('no files in this test')),
  };
}

const runner = createInlineRunner();
afterAll(() => runner.dispose());

function setup(params: Partial<Params> = {}) {
  const store = createExplorerStore({ params: { ...DEFAULT_PARAMS, tasks: 200, ...params } });
  const calls: string[] = [];
  const ctx: StepContext = { store, runner, ingest: planetLabIngest(calls) };
  return { store, ctx, calls, s: () => store.getState() };
}

describe('the controller steps, over the inline runner and the real PlanetLab day', () => {
  it('dataset: loads once per key, then answers from the store', async () => {
    const { ctx, calls, s } = setup();
    const step = datasetStep(ctx);
    const ds = await step.ensure(s().params);
    expect(ds?.tasks).toBe(preset.tasks);
    expect(s().data).toMatchObject({ status: 'ready', progress: null, error: null });
    expect(await step.ensure(s().params)).toBe(ds);
    expect(calls).toEqual(['planetlab-20110303@0.25']);
  });

  it('dataset: an unknown preset falls back to the default with a notice', async () => {
    const { ctx, s } = setup({ dataset: 'nope' });
    expect(await datasetStep(ctx).ensure(s().params)).toBeNull();
    expect(s().params.dataset).toBe('planetlab-20110303');
    expect(
      s()
        .notices.map((n) => n.text)
        .join(),
    ).toMatch(/Unknown dataset "nope"/);
  });

  it('dataset: the notice asking for a link’s files goes once data has loaded', async () => {
    const upload = { names: ['mine.csv'], hash: 'a'.repeat(64), format: 'auto' };
    const { ctx, s } = setup({ dataset: 'upload', upload });
    const step = datasetStep(ctx);
    expect(await step.ensure(s().params)).toBeNull();
    const asking = () => s().notices.filter((n) => n.text.includes('mine.csv'));
    expect(asking()).toHaveLength(1);
    s().setParams({ dataset: 'planetlab-20110303', upload: null });
    expect((await step.ensure(s().params))?.tasks).toBe(preset.tasks);
    expect(asking()).toHaveLength(0);
  });

  it('fits the parameters to the dataset, saying why', async () => {
    const { ctx, s } = setup();
    const ds = (await datasetStep(ctx).ensure(s().params))!;
    expect(fitToDataset({ ...s().params, tasks: 5000 }, ds)?.patch).toEqual({ tasks: ds.tasks });
    expect(fitToDataset({ ...s().params, source: 'avg' }, ds)?.patch).toEqual({ source: 'inst' });
    expect(fitToDataset(s().params, ds)).toBeNull();
  });

  it('pool, pack, machine: each keyed by its parameters, the same numbers as the runner', async () => {
    const { ctx, s, store } = setup();
    const p = s().params;
    const ds = (await datasetStep(ctx).ensure(p))!;
    const pool = (await ensurePool(ctx, p, ds))!;
    expect(s().pool).toMatchObject({ status: 'ready', key: poolKey(p), handle: pool });
    expect(await ensurePool(ctx, p, ds)).toBe(pool);
    await ensurePack(ctx, p, pool);
    const direct = await runner.pack(pool, {
      tasks: p.tasks,
      instance: p.instance,
      seed: p.seed,
      params: packParams(p),
    });
    expect(s().pack).toMatchObject({ status: 'ready', key: packKey(p) });
    expect(s().pack.response?.result.machines).toEqual(direct.result.machines);
    expect(direct.result.machines.length).toBeGreaterThan(1);
    store.setState({ params: { ...p, machine: 0 } });
    await ensureMachine(ctx);
    expect(s().machine.key).toBe(`${packKey(p)}#0`);
    expect(s().machine.totals?.length).toBe(p.realizations);
  });

  it('pack: a bad parameter is an error with a notice, and the last result stays', async () => {
    const { ctx, s } = setup();
    const p = s().params;
    const pool = (await ensurePool(ctx, p, (await datasetStep(ctx).ensure(p))!))!;
    await ensurePack(ctx, p, pool);
    const before = s().pack.response;
    await ensurePack(ctx, { ...p, capacity: -1 }, pool);
    expect(s().pack).toMatchObject({ status: 'error', response: before });
    expect(s().pack.error).toMatch(/invalid capacity/);
    expect(
      s()
        .notices.map((n) => n.text)
        .join(),
    ).toMatch(/Packing failed/);
  });

  it('sweep: runs once per sweepKey, and a cancel leaves it idle', async () => {
    const { ctx, s, store } = setup({ instances: 2, tasks: 100 });
    const p = s().params;
    await ensurePool(ctx, p, (await datasetStep(ctx).ensure(p))!);
    const step = sweepStep(ctx);
    await step.run();
    expect(s().sweep).toMatchObject({ status: 'ready', key: sweepKey(p), error: null });
    expect(s().sweep.rows.length).toBeGreaterThan(0);
    store.setState({ params: { ...p, instances: 3 } });
    const running = step.run();
    step.cancel();
    await running;
    expect(s().sweep).toMatchObject({ status: 'idle', key: null, progress: null });
  });

  it('URL sync: writes the settled parameters once, as a link that decodes back', async () => {
    const { s, store } = setup();
    const written: string[] = [];
    const sync = urlSync(
      () => s().params,
      (search) => written.push(search),
      5,
    );
    store.setState({ params: { ...s().params, seed: 7 } });
    sync.schedule();
    sync.schedule();
    await new Promise((r) => setTimeout(r, 30));
    expect(written).toHaveLength(1);
    expect(decode(written[0]).params).toEqual(s().params);
  });
});
