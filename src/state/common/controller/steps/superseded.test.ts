import { afterAll, describe, expect, it } from 'vitest';
import { createNodeRunner } from '../../../../cli/pool/nodePool.ts';
import { DEFAULT_PARAMS } from '../../store/params.ts';
import { createExplorerStore } from '../../store/store.ts';
import type { StepContext } from './context.ts';
import { planetLabIngest } from './testing.ts';
import { datasetStep } from './dataset.ts';
import { ensurePool } from './pool.ts';
import { sweepStep } from '../../../tradeoff/sweep.ts';

const ingest = planetLabIngest();

const runner = createNodeRunner({ workers: 2 });
afterAll(() => runner.dispose());

describe('a sweep superseded by a new pool', () => {
  it('ends quietly (no failure notice) when the seed changes mid-sweep, every time', async () => {
    const store = createExplorerStore({
      params: { ...DEFAULT_PARAMS, tasks: 300, instances: 30, realizations: 1000 },
    });
    const ctx: StepContext = { store, runner, ingest };
    const s = () => store.getState();
    const step = sweepStep(ctx);
    for (let seed = 2; seed < 6; seed++) {
      const ds = (await datasetStep(ctx).ensure(s().params))!;
      await ensurePool(ctx, s().params, ds);
      let changed = false;
      const unsubscribe = store.subscribe((state) => {
        if (changed || !state.sweep.progress || state.sweep.progress.done === 0) return;
        changed = true;
        store.setState({ params: { ...state.params, seed } });
        void ensurePool(ctx, store.getState().params, ds);
      });
      await step.run();
      unsubscribe();
      expect(changed).toBe(true);
      expect(s().notices).toEqual([]);
      expect(s().sweep.status).not.toBe('error');
      expect(s().sweep.cancelled).toBeFalsy();
    }
    // The next sweep, on the new pool, completes.
    await ensurePool(ctx, s().params, (await datasetStep(ctx).ensure(s().params))!);
    await step.run();
    expect(s().sweep.status).toBe('ready');
    expect(runner.pendingCalls()).toBe(0);
  });
});
