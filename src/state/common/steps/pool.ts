/** The pool step: the dataset realized (SPEC §2) or its matrices kept, in the runner, per poolKey. */
import { alignedGridSize, blockBootstrap } from '../../../engine/index.ts';
import { bytes } from '../../../ingest/sizes.ts';
import { formatCount } from '../../../present/format.ts';
import { isCancelled } from '../../../protocol/cancel.ts';
import type { PoolHandle } from '../../../runtime/runner.ts';
import type { Dataset } from '../datasets.ts';
import { poolKey, type Params } from '../params.ts';
import { describe, stateOf, type StepContext } from './context.ts';
import { retryLost } from '../../pack/steps.ts';
import { alignedOfDataset, judgedPartProblem } from '../../pack/replay.ts';
import {
  allocateLabel,
  approveOverBudget,
  overBudgetText,
  poolOverBudget,
  replayOverBudget,
} from '../linkBudget.ts';

/**
 * The aligned or block-bootstrapped matrices of `p` (tasks × instants, or tasks × R), made here
 * from the dataset's alignment (the one Pack's replayed figures read) and copied into the workers'
 * shared memory as a loaded matrix is. Their rows are the alignment's tasks.
 */
export function replayOf(p: Params, ds: Dataset) {
  if (!ds.samples)
    throw new RangeError(
      `${p.realization} replay needs per-task samples with a time axis; this dataset is a realization matrix`,
    );
  const aligned = alignedOfDataset(ds);
  if (typeof aligned === 'string') throw new RangeError(`no time-aligned replay: ${aligned}`);
  if (p.realization === 'aligned') return { inst: aligned.inst, avg: aligned.avg };
  return {
    inst: blockBootstrap(aligned.inst, p.realizations, p.block, p.seed),
    avg: aligned.avg && blockBootstrap(aligned.avg, p.realizations, p.block, p.seed),
  };
}

/**
 * The memory question for a replayed pool: what aligning allocates is the data's tasks × instants
 * (× R more for a block bootstrap), not tasks × R. Over the budget, a block bootstrap opens at the R
 * that fits when there is one; otherwise nothing is allocated and the pool says why, until the
 * notice's button allows it. True when the pool must wait.
 */
function replayOverBudgetStep(ctx: StepContext, p: Params, ds: Dataset, key: string): boolean {
  const s = () => stateOf(ctx);
  let grid: { tasks: number; instants: number };
  try {
    grid = alignedGridSize(ds.samples!, ds.align);
  } catch {
    return false; // the alignment itself says what is wrong, when the pool is made
  }
  const blocks = p.realization === 'blocks' ? p.realizations : null;
  const big = replayOverBudget(grid.tasks, grid.instants, blocks, ds.hasAvg, key);
  if (!big) return false;
  const size = `${formatCount(grid.tasks)} tasks × ${formatCount(grid.instants)} instants${blocks === null ? '' : ` and R = ${formatCount(blocks)} block columns`}`;
  const allocate = {
    label: allocateLabel(big),
    run: () => {
      approveOverBudget(key);
      if (s().pool.key === key && s().pool.status === 'error')
        ctx.store.setState({ pool: { ...s().pool, status: 'idle', key: null, error: null } });
      s().setParams({ realizations: p.realizations });
    },
  };
  if (blocks !== null && big.fit >= 2) {
    s().notify('warning', overBudgetText('R', blocks, big), allocate);
    s().adjust({ realizations: big.fit });
    return true;
  }
  const text = `The ${p.realization} replay of ${size} would take ${bytes(big.bytes)} while aligning, above this tab's memory budget of ${bytes(big.budget)}: nothing was allocated.`;
  ctx.store.setState({
    pool: { ...s().pool, status: 'error', key, error: text, progress: null },
  });
  s().notify('warning', text, allocate);
  return true;
}

/** The memory question before a pool is made (see `replayOverBudgetStep`); true when it must wait. */
function overBudget(ctx: StepContext, p: Params, ds: Dataset, key: string): boolean {
  if (!ds.samples) return false;
  if (p.realization !== 'independent') return replayOverBudgetStep(ctx, p, ds, key);
  const big = poolOverBudget(ds.tasks, p.realizations, ds.hasAvg, key);
  if (!big) return false;
  const s = () => stateOf(ctx);
  s().notify('warning', overBudgetText('R', p.realizations, big), {
    label: allocateLabel(big),
    run: () => (approveOverBudget(key), s().setParams({ realizations: p.realizations })),
  });
  s().adjust({ realizations: big.fit });
  return true;
}

/**
 * An aligned packing at κ < 1 whose judged part leaves a task without a sample of its own
 * (`judgedPartProblem`): refused with a notice naming the task, whatever the pool (κ is not part of
 * its key). True when refused.
 */
function unjudgeable(ctx: StepContext, p: Params, ds: Dataset): boolean {
  if (p.realization !== 'aligned' || !ds.samples || p.clairvoyance >= 1) return false;
  const aligned = alignedOfDataset(ds);
  const problem = typeof aligned === 'string' ? null : judgedPartProblem(aligned, p.clairvoyance);
  if (problem) stateOf(ctx).notify('error', `Cannot judge this packing in time: ${problem}.`);
  return problem !== null;
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
  const ready = pool.key === key && pool.handle && pool.status === 'ready';
  if (!ready) {
    if (pool.key === key && pool.status === 'error') return null;
    if (overBudget(ctx, p, ds, key)) return null;
  }
  if (unjudgeable(ctx, p, ds)) return null;
  if (ready) return pool.handle;
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
