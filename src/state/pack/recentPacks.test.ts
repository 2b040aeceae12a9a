import { afterAll, describe, expect, it } from 'vitest';
import { createInlineRunner } from '../../runtime/inlineRunner.ts';
import { packKey } from '../common/store/params.ts';
import { createExplorerStore } from '../common/store/store.ts';
import type { StepContext } from '../common/controller/steps/context.ts';
import { datasetStep } from '../common/controller/steps/dataset.ts';
import { ensurePool } from '../common/controller/steps/pool.ts';
import { planetLabIngest } from '../common/controller/steps/testing.ts';
import { packDirectly, packSetup, withRho } from './testing.ts';
import { ensurePack, showKeptPack } from './steps.ts';

const runner = createInlineRunner();
afterAll(() => runner.dispose());

describe('packings kept per pool, over the inline runner and the real PlanetLab day', () => {
  it('a ρ dragged back to is answered without packing again, with the same packing', async () => {
    const { ctx, p, pool, pack, s } = await packSetup(runner);
    expect('rho' in p.fit).toBe(true);
    const a = withRho(p, 0.2);
    const b = withRho(p, 0.01);
    await ensurePack(ctx, a, pool);
    const first = s().pack.response;
    await ensurePack(ctx, b, pool);
    expect(s().pack.key).toBe(packKey(b));
    await ensurePack(ctx, a, pool);
    expect(pack).toHaveBeenCalledTimes(2);
    expect(s().pack).toMatchObject({ status: 'ready', key: packKey(a), params: a });
    expect(s().pack.response).toBe(first);
    const direct = await packDirectly(runner, pool, a);
    expect(s().pack.response?.result).toEqual(direct.result);
  });

  it('any other change to what a packing depends on packs again', async () => {
    const { ctx, p, pool, pack } = await packSetup(runner);
    const a = withRho(p, 0.2);
    await ensurePack(ctx, a, pool);
    await ensurePack(ctx, { ...a, packer: a.packer === 'ff' ? 'bf' : 'ff' }, pool);
    await ensurePack(ctx, { ...a, capacity: a.capacity * 0.9 }, pool);
    await ensurePack(ctx, { ...a, instance: a.instance + 1 }, pool);
    await ensurePack(ctx, { ...a, tasks: a.tasks - 1 }, pool);
    await ensurePack(ctx, { ...a, clairvoyance: a.clairvoyance === 0 ? 1 : 0 }, pool);
    expect(pack).toHaveBeenCalledTimes(6);
  });

  it('a new pool (new data, a refreshed source) starts with nothing kept', async () => {
    const { ctx, p, pool, pack } = await packSetup(runner);
    const a = withRho(p, 0.2);
    await ensurePack(ctx, a, pool);
    const other = createExplorerStore({ params: p });
    const otherCtx: StepContext = { store: other, runner, ingest: planetLabIngest() };
    const again = (await ensurePool(otherCtx, p, (await datasetStep(otherCtx).ensure(p))!))!;
    expect(again).not.toBe(pool);
    await ensurePack(otherCtx, a, again);
    expect(pack).toHaveBeenCalledTimes(2);
    expect(other.getState().pack).toMatchObject({ status: 'ready', key: packKey(a) });
  });

  it('an input shows a kept packing at once, and never one of other parameters', async () => {
    const { ctx, p, pool, pack, s } = await packSetup(runner);
    const a = withRho(p, 0.2);
    const b = withRho(p, 0.01);
    await ensurePack(ctx, a, pool);
    await ensurePack(ctx, b, pool);
    ctx.store.setState({ params: a });
    expect(showKeptPack(ctx)).toBe(true);
    expect(s().pack).toMatchObject({ status: 'ready', key: packKey(a), params: a });
    const c = withRho(p, 0.07);
    ctx.store.setState({ params: c });
    expect(showKeptPack(ctx)).toBe(false);
    expect(s().pack.key).toBe(packKey(a));
    expect(pack).toHaveBeenCalledTimes(2);
  });
});
