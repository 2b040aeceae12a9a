import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createInlineRunner } from '../../../../runtime/inlineRunner.ts';
import { fitToDataset } from '../controller.ts';
import {
  DEFAULT_PARAMS,
  packKey,
  packParams,
  pinnedOf,
  poolKey,
  sweepKey,
  type Params,
} from '../../store/params.ts';
import { createExplorerStore } from '../../store/store.ts';
import { decode, encode } from '../../link/url.ts';
import type { StepContext } from './context.ts';
import { PLANETLAB_PRESET as preset, planetLabIngest } from './testing.ts';
import { datasetStep } from './dataset.ts';
import { ensureMachine, ensurePack } from '../../../pack/steps.ts';
import { pinnedStep } from '../../../pack/pinned.ts';
import { ensurePool } from './pool.ts';
import { sweepStep } from '../../../tradeoff/sweep.ts';
import { navigates, urlSync, type AddressBar } from './urlSync.ts';

const runner = createInlineRunner();
afterAll(() => runner.dispose());
afterEach(() => void vi.useRealTimers());

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
    const upload = { names: ['mine.csv'], hash: 'a'.repeat(64), format: 'auto', options: null };
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
    const clamped = { ...s().params, tasks: 100 };
    expect(fitToDataset(clamped, ds, 1000)?.patch).toEqual({ tasks: 1000 });
    expect(fitToDataset(clamped, ds, 1e6)?.patch).toEqual({ tasks: ds.tasks });
    expect(fitToDataset(clamped, ds, 50)).toBeNull();
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

  it('A/B: packs the pinned side on the shared pool, or on its own when R or seed differ', async () => {
    const { ctx, s, store } = setup();
    const p0 = s().params;
    const ds = (await datasetStep(ctx).ensure(p0))!;
    const pool = (await ensurePool(ctx, p0, ds))!;
    const step = pinnedStep(ctx);
    const a: Params = { ...p0, fit: { kind: 'gpa', rho: 0.001 } };
    const p = { ...p0, pinned: pinnedOf(a) };
    store.setState({ params: p });
    await step.ensure(p, ds, pool);
    const direct = await runner.pack(pool, {
      tasks: a.tasks,
      instance: a.instance,
      seed: a.seed,
      params: packParams(a),
    });
    expect(s().ab).toMatchObject({ status: 'ready', key: packKey(a), pool });
    expect(s().ab.response?.result.mAbs).toBe(direct.result.mAbs);
    expect(s().ab.response?.result.q).toBe(direct.result.q);
    const reseeded = { ...p, pinned: pinnedOf({ ...a, seed: 4, realizations: 500 }) };
    await step.ensure(reseeded, ds, pool);
    expect(s().ab.status).toBe('ready');
    expect(s().ab.pool).not.toBe(pool);
    expect(s().ab.response?.result.evaluated).toBe(500);
    await step.ensure({ ...p, pinned: { ...pinnedOf(a), dataset: 'azure-v1' } }, ds, pool);
    expect(s().ab).toMatchObject({
      status: 'error',
      error: expect.stringMatching(/another dataset/),
    });
    await step.ensure(p0, ds, pool);
    expect(s().ab).toMatchObject({ status: 'idle', key: null, response: null });
    step.dispose();
  });

  it('URL sync: writes the settled parameters once, as a link that decodes back', () => {
    const { s, store } = setup();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { bar, written } = addressBar();
    const sync = urlSync(() => s().params, bar, 5);
    store.setState({ params: { ...s().params, seed: 7 } });
    sync.schedule();
    sync.schedule();
    vi.advanceTimersByTime(30);
    expect(written).toHaveLength(1);
    expect(written[0].mode).toBe('push');
    expect(decode(written[0].search).params).toEqual(s().params);
  });

  it('URL sync: each settled edit is one entry; the app’s adjustments add none', () => {
    const { s, store } = setup();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { bar, written } = addressBar();
    const sync = urlSync(() => s().params, bar, 5);
    const change = (patch: Partial<Params>, kind?: 'adjustment') => {
      const prev = s().params;
      store.setState({ params: { ...prev, ...patch } });
      sync.schedule(prev, kind);
    };
    const settled = () => vi.advanceTimersByTime(30);
    for (const seed of [2, 3, 4]) change({ seed }); // a slider's frames: one entry
    settled();
    change({ tasks: 400 });
    change({ tasks: 300 }, 'adjustment'); // fitted while the edit settles: rides along
    settled();
    change({ realizations: 2000 }, 'adjustment'); // fitted later: rewrites the entry
    settled();
    change({ seed: 9 });
    change({ seed: 4 }); // undone before it settled: nothing to write
    settled();
    expect(written.map((w) => w.mode)).toEqual(['push', 'push', 'replace']);
    expect(written.map((w) => decode(w.search).params.seed)).toEqual([4, 4, 4]);
    expect(decode(written[1].search).params.tasks).toBe(300);
    expect(decode(written[2].search).params.realizations).toBe(2000);
  });

  it('URL sync: a navigation pushes at once, after pushing the edit still settling as its own entry', () => {
    const { s, store } = setup();
    const { bar, written } = addressBar();
    const sync = urlSync(() => s().params, bar, 10_000);
    const before = s().params;
    store.setState({ params: { ...before, seed: 9 } });
    sync.schedule(before);
    expect(written).toEqual([]);
    const edited = s().params;
    store.setState({ params: { ...edited, view: 'learn', lesson: 4 } });
    sync.schedule(edited);
    expect(written.map((w) => w.mode)).toEqual(['push', 'push']);
    expect(decode(written[0].search).params).toEqual(edited);
    expect(decode(written[1].search).params).toEqual(s().params);
    sync.cancel();
  });

  it('URL sync: each navigation row (and a forced navigation) pushes; adopting a state writes nothing', () => {
    const { s, store } = setup();
    const { bar, written } = addressBar();
    const sync = urlSync(() => s().params, bar, 10_000);
    for (const patch of [
      { machine: 3 },
      { view: 'paper' as const },
      { paperFigure: 'fig7' as const },
      { view: 'tune' as const },
      { tuneMode: 'auto' as const },
    ]) {
      const prev = s().params;
      store.setState({ params: { ...prev, ...patch } });
      expect(navigates(prev, s().params)).toBe(true);
      sync.schedule(prev);
    }
    expect(written.map((w) => w.mode)).toEqual(Array(5).fill('push'));
    const prev = s().params;
    store.setState({ params: { ...prev, step: 15 } });
    expect(navigates(prev, s().params)).toBe(false);
    sync.schedule(prev, 'navigation');
    expect(written).toHaveLength(6);
    const restored = decode(written[2].search).params;
    sync.adopt(restored);
    store.setState({ params: restored });
    sync.schedule(prev);
    sync.cancel();
    expect(written).toHaveLength(6);
  });

  it('URL sync: Back to an address spelled otherwise (a typed link) keeps the entries Forward leads to', () => {
    const { s, store } = setup();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const typed = 'view=learn&lesson=4&step=15';
    const { bar, written } = addressBar(typed);
    const sync = urlSync(() => s().params, bar, 5);
    const reached = decode(typed).params;
    expect(encode(reached)).not.toBe(typed);
    const prev = s().params;
    sync.adopt(reached);
    store.setState({ params: { ...reached } });
    sync.schedule(prev);
    vi.advanceTimersByTime(30);
    expect(written).toEqual([]);
    const before = s().params;
    store.setState({ params: { ...before, seed: 7 } });
    sync.schedule(before);
    vi.advanceTimersByTime(30);
    expect(written.map((w) => w.mode)).toEqual(['push']);
    expect(decode(written[0].search).params.seed).toBe(7);
  });
});

/** An address bar in memory: what was written, and how. */
function addressBar(shown = '') {
  const written: { search: string; mode: 'push' | 'replace' }[] = [];
  const bar: AddressBar = {
    read: () => written.at(-1)?.search ?? shown,
    write: (search, mode) => written.push({ search, mode }),
  };
  return { bar, written };
}
