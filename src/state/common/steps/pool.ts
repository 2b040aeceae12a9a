/** The pool step: the dataset realized (SPEC §2) or its matrices kept, in the runner, per poolKey. */
import { isCancelled } from '../../../protocol/cancel.ts';
import type { PoolHandle } from '../../../runtime/runner.ts';
import type { Dataset } from '../datasets.ts';
import { poolKey, type Params } from '../params.ts';
import { describe, stateOf, type StepContext } from './context.ts';
import { retryLost } from '../../pack/steps.ts';
import { allocateLabel, approveOverBudget, overBudgetText, poolOverBudget } from '../linkBudget.ts';

/**
 * The aligned or block-bootstrapped matrices of `p` (small next to the samples: tasks × instants),
 * made here and copied into the workers' shared memory as a loaded matrix is. Their code loads when
 * first asked for (off the first page).
 */
async function replayOf(p: Params, ds: Dataset) {
  if (!ds.samples)
    throw new RangeError(
      `${p.realization} replay needs per-task samples with a time axis; this dataset is a realization matrix`,
    );
  const mode = p.realization === 'blocks' ? 'blocks' : 'aligned';
  const { replayMatrices } = await import('../../../engine/replay/modes.ts');
  return replayMatrices(ds.samples, mode, p.block, p.realizations, p.seed);
}

/** The pool of `p`, realizing it if needed (the one before is released); null on failure. */
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
  if (pool.key === key && pool.handle && pool.status === 'ready') return pool.handle;
  if (pool.key === key && pool.status === 'error') return null;
  const big = ds.samples ? poolOverBudget(ds.tasks, p.realizations, ds.hasAvg, key) : null;
  if (big) {
    const text = overBudgetText('R', p.realizations, big);
    s().notify('warning', text, {
      label: allocateLabel(big),
      run: () => (approveOverBudget(key), s().setParams({ realizations: p.realizations })),
    });
    s().adjust({ realizations: big.fit });
    return null;
  }
  store.setState({ pool: { ...pool, status: 'running', key, error: null, progress: null } });
  const options = {
    signal,
    onProgress: (progress: { done: number; total: number }) => {
      if (s().pool.key === key) store.setState({ pool: { ...s().pool, progress } });
    },
  };
  try {
    const replay = p.realization === 'independent' ? null : await replayOf(p, ds);
    const handle = replay
      ? await runner.loadMatrices(replay.inst, replay.avg, options)
      : ds.matrices
        ? await runner.loadMatrices(ds.matrices.inst, ds.matrices.avg, options)
        : await runner.createPool(ds.samples!, p.realizations, p.seed, options);
    if (s().pool.key !== key) {
      runner.releasePool(handle);
      return null;
    }
    if (pool.handle) runner.releasePool(pool.handle);
    store.setState({ pool: { status: 'ready', key, handle, error: null, progress: null } });
    return handle;
  } catch (e) {
    if (s().pool.key !== key) return null;
    if (isCancelled(e)) {
      store.setState({
        pool: { ...s().pool, status: 'error', error: 'cancelled', progress: null },
      });
      return null;
    }
    store.setState({ pool: { ...s().pool, status: 'error', error: describe(e), progress: null } });
    const clear = () => {
      if (s().pool.key === key && s().pool.status === 'error')
        store.setState({ pool: { ...s().pool, status: 'idle', key: null, error: null } });
    };
    s().notify('error', `Could not realize the workload: ${describe(e)}`, retryLost(ctx, e, clear));
    return null;
  }
}
