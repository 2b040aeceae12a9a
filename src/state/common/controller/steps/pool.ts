/** The pool step: the dataset realized (SPEC §2) or its matrices kept, in the runner, per poolKey. */
import type { PoolHandle, Progress } from '../../../../runtime/runner.ts';
import type { Dataset } from '../../sources/datasets.ts';
import { poolKey, type Params } from '../../store/params.ts';
import { describe, stateOf, stepRuns, unlessCancelled, type StepContext } from './context.ts';
import { retryLost } from '../../../pack/steps.ts';
import {
  allocateAction,
  approveOverBudget,
  overBudgetText,
  poolOverBudget,
} from '../../link/linkBudget.ts';

type ReplaySteps = typeof import('./replayPool.ts');

/** The replay's steps, loaded when a replay is first asked for (off the first page). */
export function replaySteps(p: Params): Promise<ReplaySteps> | null {
  return p.realization === 'independent' ? null : import('./replayPool.ts');
}

/** The memory question before a pool is made (see `replayOverBudgetStep`); true when it must wait. */
function overBudget(
  ctx: StepContext,
  p: Params,
  ds: Dataset,
  key: string,
  replay: ReplaySteps | null,
): boolean {
  if (!ds.samples) return false;
  if (replay) return replay.replayOverBudgetStep(ctx, p, ds, key);
  const big = poolOverBudget(ds.tasks, p.realizations, ds.hasAvg, key);
  if (!big) return false;
  const s = () => stateOf(ctx);
  s().notify(
    'warning',
    overBudgetText('R', p.realizations, big),
    allocateAction(
      big,
      () => (approveOverBudget(key), s().setParams({ realizations: p.realizations })),
    ),
  );
  s().adjust({ realizations: big.fit });
  return true;
}

/**
 * The pool of `p`, realizing it if needed (the one before is released); null on failure, on
 * Cancel (`signal`: the pass's) or when newer parameters superseded it. One realization at a time
 * per store (`stepRuns`): a newer one aborts it.
 */
export async function ensurePool(
  ctx: StepContext,
  p: Params,
  ds: Dataset,
  signal?: AbortSignal,
): Promise<PoolHandle | null> {
  const { store, runner } = ctx;
  const s = () => stateOf(ctx);
  const key = poolKey(p);
  const { pool } = s();
  const ready = pool.key === key && pool.handle && pool.status === 'ready';
  const replay = await replaySteps(p);
  if (!ready) {
    if (pool.key === key && pool.status === 'error') return null;
    if (overBudget(ctx, p, ds, key, replay)) return null;
  }
  if (replay?.unjudgeable(ctx, p, ds)) return null;
  if (ready) return pool.handle;
  const run = stepRuns(ctx).pool;
  let realized: PoolHandle | null = null;
  const cancelled = () =>
    store.setState({ pool: { ...s().pool, status: 'error', error: 'cancelled', progress: null } });
  const realize = async (runSignal: AbortSignal, onProgress: (p: Progress) => void) => {
    const options = { signal: runSignal, onProgress };
    const matrices = replay?.replayOf(p, ds);
    const handle = matrices
      ? await runner.loadMatrices(matrices.inst, matrices.avg, options)
      : ds.matrices
        ? await runner.loadMatrices(ds.matrices.inst, ds.matrices.avg, options)
        : await runner.createPool(ds.samples!, p.realizations, p.seed, options);
    if (!runSignal.aborted && s().pool.key === key) return handle;
    runner.releasePool(handle);
    return null;
  };
  await unlessCancelled(run, signal, cancelled, () =>
    run.start(realize, {
      running: () =>
        store.setState({ pool: { ...pool, status: 'running', key, error: null, progress: null } }),
      progress: (progress) => store.setState({ pool: { ...s().pool, progress } }),
      ready: (handle) => {
        if (!handle) return;
        if (pool.handle) runner.releasePool(pool.handle);
        store.setState({ pool: { status: 'ready', key, handle, error: null, progress: null } });
        realized = handle;
      },
      failed: (e) => {
        store.setState({
          pool: { ...s().pool, status: 'error', error: describe(e), progress: null },
        });
        const clear = () => {
          if (s().pool.key === key && s().pool.status === 'error')
            store.setState({ pool: { ...s().pool, status: 'idle', key: null, error: null } });
        };
        s().notify(
          'error',
          `Could not realize the workload: ${describe(e)}`,
          retryLost(ctx, e, clear),
        );
      },
      cancelled,
    }),
  );
  return realized;
}
