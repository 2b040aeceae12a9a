import { afterAll, describe, expect, it, vi } from 'vitest';
import { createInlineRunner } from '../../runtime/inlineRunner.ts';
import type { Runner } from '../../runtime/runner.ts';
import { packKey } from '../common/store/params.ts';
import { packDirectly, packSetup, withRho } from './testing.ts';
import { recentPack } from './recentPacks.ts';
import { packSpeculation } from './speculate.ts';
import { lazySpeculation } from '../common/controller/steps/lazySteps.ts';
import { ensurePack } from './steps.ts';

const runner = createInlineRunner();
afterAll(() => runner.dispose());

/** Lets the speculative packings queued so far finish (the inline runner answers in a task). */
async function settle(ahead: ReturnType<typeof packSpeculation>) {
  await ahead.holding('', async () => {});
}

describe('packings made ahead of a ρ drag, over the inline runner and the real PlanetLab day', () => {
  it('a position packed ahead answers with the very packing made on demand, without packing again', async () => {
    const { ctx, p, pool, pack, s } = await packSetup(runner);
    const ahead = packSpeculation(ctx);
    const b = withRho(p, 0.031);
    ahead.want([b]);
    await vi.waitFor(() => expect(recentPack(pool, packKey(b))).toBeDefined());
    expect(pack).toHaveBeenCalledTimes(1);
    await ensurePack(ctx, b, pool);
    expect(pack).toHaveBeenCalledTimes(1);
    expect(s().pack).toMatchObject({ status: 'ready', key: packKey(b), params: b });
    const direct = await packDirectly(runner, pool, b);
    expect(s().pack.response?.result).toEqual(direct.result);
    ahead.dispose();
  });

  it('nothing is packed ahead while the controller works, and a wish replaces the one before', async () => {
    const { ctx, p, pool, pack } = await packSetup(runner);
    const ahead = packSpeculation(ctx);
    const [b, c, d] = [0.02, 0.04, 0.08].map((rho) => withRho(p, rho));
    await ahead.holding(packKey(p), async () => {
      ahead.want([b, c]);
      ahead.want([d]);
      await Promise.resolve();
      expect(pack).not.toHaveBeenCalled();
    });
    await vi.waitFor(() => expect(recentPack(pool, packKey(d))).toBeDefined());
    await settle(ahead);
    expect(recentPack(pool, packKey(b))).toBeUndefined();
    expect(recentPack(pool, packKey(c))).toBeUndefined();
    expect(pack).toHaveBeenCalledTimes(1);
    ahead.dispose();
  });

  it('parameters of another pool, or already kept, are not packed ahead', async () => {
    const { ctx, p, pool, pack } = await packSetup(runner);
    const ahead = packSpeculation(ctx);
    const b = withRho(p, 0.05);
    await ensurePack(ctx, b, pool);
    pack.mockClear();
    ahead.want([b, { ...withRho(p, 0.06), seed: p.seed + 1 }]);
    await settle(ahead);
    expect(pack).not.toHaveBeenCalled();
    ahead.dispose();
  });

  it('a pass that needs other parameters goes on beside the speculative packing, which is kept when it lands', async () => {
    const { ctx, p, pool, s, pack } = await packSetup(runner);
    const ahead = packSpeculation(ctx);
    const b = withRho(p, 0.011);
    const c = withRho(p, 0.3);
    ahead.want([b]);
    expect(pack).toHaveBeenCalledTimes(1);
    await ahead.holding(packKey(c), () => ensurePack(ctx, c, pool));
    expect(s().pack).toMatchObject({ status: 'ready', key: packKey(c), params: c });
    const direct = await packDirectly(runner, pool, c);
    expect(s().pack.response?.result).toEqual(direct.result);
    await vi.waitFor(() => expect(recentPack(pool, packKey(b))).toBeDefined());
    expect(recentPack(pool, packKey(b))!.result).toEqual(
      (await packDirectly(runner, pool, b)).result,
    );
    ahead.dispose();
  });

  it('as many are packed ahead at once as the runner has workers, the first wished first', async () => {
    const { ctx, p, pool, pack } = await packSetup(runner);
    const twoWorkers = Object.create(runner, { workers: { value: 2 } }) as Runner;
    const ahead = packSpeculation({ ...ctx, runner: twoWorkers });
    const [b, c, d] = [0.012, 0.024, 0.048].map((rho) => withRho(p, rho));
    ahead.want([b, c, d]);
    expect(pack.mock.calls.map(([, request]) => request.params.fit)).toEqual([b.fit, c.fit]);
    await ahead.holding(packKey(c), async () => {
      expect(recentPack(pool, packKey(c))).toBeDefined();
    });
    await vi.waitFor(() => expect(recentPack(pool, packKey(d))).toBeDefined());
    expect(pack).toHaveBeenCalledTimes(3);
    expect(recentPack(pool, packKey(b))).toBeDefined();
    ahead.dispose();
  });

  it('beside a pass of the controller, one worker fewer packs ahead (none on one worker)', async () => {
    const { ctx, p, pool, pack } = await packSetup(runner);
    const twoWorkers = Object.create(runner, { workers: { value: 2 } }) as Runner;
    const ahead = packSpeculation({ ...ctx, runner: twoWorkers });
    const [b, c] = [0.013, 0.026].map((rho) => withRho(p, rho));
    await ahead.holding(packKey(p), async () => {
      ahead.want([b, c]);
      expect(pack.mock.calls.map(([, request]) => request.params.fit)).toEqual([b.fit]);
      await vi.waitFor(() => expect(recentPack(pool, packKey(b))).toBeDefined());
      await vi.waitFor(() => expect(pack).toHaveBeenCalledTimes(2));
    });
    await vi.waitFor(() => expect(recentPack(pool, packKey(c))).toBeDefined());
    ahead.dispose();
  });

  it('a wish made before the pool is ready is packed as soon as it is', async () => {
    const { ctx, p, pool, pack, s } = await packSetup(runner);
    const ready = s().pool;
    ctx.store.setState({ pool: { ...ready, status: 'running' } });
    const ahead = packSpeculation(ctx);
    const b = withRho(p, 0.017);
    ahead.want([b]);
    await Promise.resolve();
    expect(pack).not.toHaveBeenCalled();
    ctx.store.setState({ pool: ready });
    expect(pack).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(recentPack(pool, packKey(b))).toBeDefined());
    ahead.dispose();
  });

  it('Cancel forgets what was wished ahead', async () => {
    const { ctx, p, pool, pack } = await packSetup(runner);
    const ahead = packSpeculation(ctx);
    const [b, c] = [0.021, 0.042].map((rho) => withRho(p, rho));
    await ahead.holding(packKey(p), async () => {
      ahead.want([b, c]);
      ahead.stop();
    });
    await settle(ahead);
    expect(recentPack(pool, packKey(b))).toBeUndefined();
    expect(pack).not.toHaveBeenCalled();
    ahead.dispose();
  });

  it('loaded on the first wish, it waits for a pass begun before its code arrived', async () => {
    const { ctx, p, pool, pack } = await packSetup(runner);
    const ahead = lazySpeculation(ctx);
    const b = withRho(p, 0.033);
    await ahead.holding(packKey(p), async () => {
      ahead.want([b]);
      await import('./speculate.ts');
      await new Promise((r) => setTimeout(r, 20));
      expect(pack).not.toHaveBeenCalled();
    });
    await vi.waitFor(() => expect(recentPack(pool, packKey(b))).toBeDefined());
    expect(pack).toHaveBeenCalledTimes(1);
    ahead.dispose();
  });
});
