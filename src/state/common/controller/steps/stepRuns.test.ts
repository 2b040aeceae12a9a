/**
 * The controller's load, pool and packing on the run mechanism: a Cancel is said at once (before
 * the runner has answered), what a superseded run computed is released and never lands, and a pass
 * cancelled before a step began never starts it. Over the inline runner and the real PlanetLab day.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createInlineRunner } from '../../../../runtime/inlineRunner.ts';
import type { PoolHandle, Runner } from '../../../../runtime/runner.ts';
import { DEFAULT_PARAMS, packKey, poolKey, type Params } from '../../store/params.ts';
import { createExplorerStore } from '../../store/store.ts';
import { stepRuns, type StepContext } from './context.ts';
import { planetLabIngest } from './testing.ts';
import { datasetStep } from './dataset.ts';
import { ensurePack } from '../../../pack/steps.ts';
import { ensurePool } from './pool.ts';

const inline = createInlineRunner();
afterAll(() => inline.dispose());

/**
 * The inline runner whose pool realizations and packings answer only once `open` is called; a pool
 * is realized whatever its signal says (a worker may answer after an abort).
 */
function gatedRunner() {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  const released: PoolHandle[] = [];
  const runner: Runner = {
    ...inline,
    createPool: async (samples, realizations, seed) => {
      const handle = await inline.createPool(samples, realizations, seed);
      await gate;
      return handle;
    },
    pack: async (...args) => (await gate, inline.pack(...args)),
    releasePool: (handle) => (released.push(handle), inline.releasePool(handle)),
  };
  return { runner, released, open: () => open() };
}

function setup(runner: Runner, params: Partial<Params> = {}) {
  const store = createExplorerStore({ params: { ...DEFAULT_PARAMS, tasks: 200, ...params } });
  const calls: string[] = [];
  const ctx: StepContext = { store, runner, ingest: planetLabIngest(calls) };
  return { ctx, calls, store, s: () => store.getState() };
}

describe('the controller’s steps on the run mechanism', () => {
  it('pool: Cancel is said at once; the realization it stopped never lands', async () => {
    const gated = gatedRunner();
    const { ctx, s } = setup(gated.runner);
    const p = s().params;
    const ds = (await datasetStep(ctx).ensure(p))!;
    const realizing = ensurePool(ctx, p, ds);
    await Promise.resolve();
    expect(s().pool).toMatchObject({ status: 'running', key: poolKey(p) });
    stepRuns(ctx).pool.cancel();
    expect(s().pool).toMatchObject({ status: 'error', error: 'cancelled', key: poolKey(p) });
    gated.open();
    expect(await realizing).toBeNull();
    expect(s().pool).toMatchObject({ status: 'error', error: 'cancelled', handle: null });
    // Not realized again until asked (the controller's Retry clears the error first).
    expect(await ensurePool(ctx, p, ds)).toBeNull();
  });

  it('pool: a newer realization supersedes the one in flight, which is released', async () => {
    const gated = gatedRunner();
    const { ctx, s } = setup(gated.runner);
    const p = s().params;
    const ds = (await datasetStep(ctx).ensure(p))!;
    const older = ensurePool(ctx, p, ds);
    await Promise.resolve();
    const q = { ...p, seed: p.seed + 1 };
    const newer = ensurePool(ctx, q, ds);
    gated.open();
    const [first, second] = await Promise.all([older, newer]);
    expect(first).toBeNull();
    expect(second).not.toBeNull();
    expect(s().pool).toMatchObject({ status: 'ready', key: poolKey(q), handle: second });
    expect(gated.released).toHaveLength(1);
    expect(gated.released[0]).not.toBe(second);
    expect(s().notices).toEqual([]);
  });

  it('pack: Cancel is said at once, and the packing is not made again until asked', async () => {
    const { ctx, s } = setup(inline);
    const p = s().params;
    const pool = (await ensurePool(ctx, p, (await datasetStep(ctx).ensure(p))!))!;
    const gated = gatedRunner();
    const gatedCtx = { ...ctx, runner: gated.runner };
    const packing = ensurePack(gatedCtx, p, pool);
    await Promise.resolve();
    expect(s().pack.status).toBe('running');
    stepRuns(gatedCtx).pack.cancel();
    expect(s().pack).toMatchObject({ status: 'idle', cancelled: packKey(p), response: null });
    gated.open();
    await packing;
    expect(s().pack).toMatchObject({ status: 'idle', response: null });
    await ensurePack(ctx, p, pool);
    expect(s().pack.response).toBeNull();
  });

  it('a pass cancelled before its pool and packing began starts neither', async () => {
    const { ctx, s } = setup(inline);
    const p = s().params;
    const ds = (await datasetStep(ctx).ensure(p))!;
    const cancelled = AbortSignal.abort();
    expect(await ensurePool(ctx, p, ds, cancelled)).toBeNull();
    expect(s().pool).toMatchObject({ status: 'error', error: 'cancelled', handle: null });
    const { s: t, ctx: other } = setup(inline);
    const pool = (await ensurePool(other, p, ds))!;
    await ensurePack(other, p, pool, cancelled);
    expect(t().pack).toMatchObject({ cancelled: packKey(p), response: null });
  });

  it('dataset: Cancel is said at once; a load a newer one replaced writes nothing', async () => {
    const { ctx, s, calls } = setup(inline);
    const step = datasetStep(ctx);
    const p = s().params;
    const loading = step.ensure(p);
    expect(s().data.status).toBe('running');
    step.cancel();
    expect(s().data).toMatchObject({ status: 'error', error: 'loading cancelled' });
    expect(await loading).toBeNull();
    expect(s().data.dataset).toBeNull();
    const q = { ...p, scale: 0.5 };
    const older = step.ensure({ ...p, scale: 0.125 });
    const newer = step.ensure(q);
    expect(await older).toBeNull();
    const ds = await newer;
    expect(ds?.key).toBe(s().data.key);
    expect(s().data).toMatchObject({ status: 'ready', error: null });
    expect(calls).toEqual([
      'planetlab-20110303@0.25',
      'planetlab-20110303@0.125',
      'planetlab-20110303@0.5',
    ]);
  });
});
