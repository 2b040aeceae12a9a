/**
 * Work lost with its workers twice (the rerun on the replacements lost too) ends as a failure
 * notice with Retry; the Retry runs it again and gives the same numbers as a run nothing disturbed.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createNodeRunner } from '../../../../cli/pool/nodePool.ts';
import { DEFAULT_PARAMS } from '../../store/params.ts';
import { createExplorerStore } from '../../store/store.ts';
import type { StepContext } from './context.ts';
import { planetLabIngest } from './testing.ts';
import { datasetStep } from './dataset.ts';
import { retryLost } from '../../../pack/steps.ts';
import { ensurePool } from './pool.ts';
import { WorkLostTwiceError } from '../../../../runtime/pool/poolQueue.ts';
import { WorkerCrashedError } from '../../../../runtime/runner.ts';
import { sweepStep } from '../../../tradeoff/sweep.ts';

const ingest = planetLabIngest();

const runner = createNodeRunner({ workers: 2 });
afterAll(() => runner.dispose());

describe('a sweep lost with its workers twice', () => {
  it('fails with a Retry notice, and Retry computes the same rows', async () => {
    const store = createExplorerStore({
      params: { ...DEFAULT_PARAMS, tasks: 300, instances: 30, realizations: 1000 },
    });
    const ctx: StepContext = { store, runner, ingest };
    const s = () => store.getState();
    const ds = (await datasetStep(ctx).ensure(s().params))!;
    await ensurePool(ctx, s().params, ds);
    const step = sweepStep(ctx);
    await step.run();
    expect(s().sweep.status).toBe('ready');
    const want = s().sweep.rows;

    // The same sweep again: the worker given the first unit crashes as the unit is handed to it,
    // and so does the worker given that unit's rerun (crashes at a given unit, not on a race).
    store.setState({ sweep: { ...s().sweep, status: 'idle', key: null } });
    let crashes = 0;
    const stopCounting = runner.onWorkerCrash(() => void crashes++);
    let first = true;
    const stopInjecting = runner.onDispatch(({ slot, retried }) => {
      if (!first && !retried) return;
      first = false;
      runner.simulateCrash(slot);
    });
    await step.run();
    stopInjecting();
    stopCounting();
    expect(crashes).toBe(2);
    expect(s().sweep.status).toBe('error');
    const notice = s().notices.find((n) => n.text.startsWith('The trade-off sweep failed'));
    expect(notice?.text).toMatch(/restarted once/);
    expect(notice?.action?.label).toBe('Retry');

    notice!.action!.run();
    await expect.poll(() => s().sweep.status, { timeout: 60_000 }).toBe('ready');
    expect(s().sweep.rows).toEqual(want);
    expect(runner.pendingCalls()).toBe(0);
  }, 120_000);

  it('other failures offer no Retry (they would fail the same way)', async () => {
    const store = createExplorerStore({
      params: { ...DEFAULT_PARAMS, tasks: 300, instances: 2, realizations: 500, capacity: -1 },
    });
    const ctx: StepContext = { store, runner, ingest };
    const s = () => store.getState();
    const ds = (await datasetStep(ctx).ensure(s().params))!;
    await ensurePool(ctx, s().params, ds);
    await sweepStep(ctx).run();
    expect(s().sweep.status).toBe('error');
    expect(s().notices).toHaveLength(1);
    expect(s().notices[0].action).toBeUndefined();
  });

  it('Retry of a lost packing or pool: forgets the failure, then a new pass for the same parameters', () => {
    const store = createExplorerStore({ params: { ...DEFAULT_PARAMS } });
    const ctx: StepContext = { store, runner, ingest };
    const before = store.getState().params;
    let passes = 0;
    store.subscribe((state, prev) => void (state.params !== prev.params && passes++));
    let cleared = 0;
    const lost = new WorkLostTwiceError('worker 1 stopped; restarted once, so it stopped');
    expect(retryLost(ctx, new WorkerCrashedError('worker 1 stopped'), () => {})).toBeUndefined();
    expect(retryLost(ctx, new Error('bad parameter'), () => {})).toBeUndefined();
    const action = retryLost(ctx, lost, () => cleared++)!;
    expect(action.label).toBe('Retry');
    action.run();
    expect(cleared).toBe(1);
    expect(passes).toBe(1);
    expect(store.getState().params).toEqual(before);
  });
});
