/** The replayed pool's steps (aligned or block-bootstrapped matrices), loaded only when asked for. */
import { blockBootstrap } from '../../../../engine/index.ts';
import { bytes } from '../../../../ingest/sizes.ts';
import { formatCount } from '../../../../present/format.ts';
import type { Dataset } from '../../sources/datasets.ts';
import type { Params } from '../../store/params.ts';
import { stateOf, type StepContext } from './context.ts';
import { alignedOfDataset, gridOfDataset, judgedPartProblem } from '../../../pack/replay.ts';

export { replayTasksReason, tasksOfPool } from '../../../pack/replay.ts';
import {
  allocateAction,
  approveOverBudget,
  needText,
  overBudgetText,
  replayOverBudget,
} from '../../link/linkBudget.ts';

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
export function replayOverBudgetStep(
  ctx: StepContext,
  p: Params,
  ds: Dataset,
  key: string,
): boolean {
  const s = () => stateOf(ctx);
  const grid = gridOfDataset(ds);
  if (!grid) return false; // the alignment itself says what is wrong, when the pool is made
  const blocks = p.realization === 'blocks' ? p.realizations : null;
  const big = replayOverBudget(grid.tasks, grid.instants, blocks, ds.hasAvg, key);
  if (!big) return false;
  const size = `${formatCount(grid.tasks)} tasks × ${formatCount(grid.instants)} instants${blocks === null ? '' : ` and R = ${formatCount(blocks)} block columns`}`;
  const allocate = allocateAction(big, () => {
    approveOverBudget(key);
    if (s().pool.key === key && s().pool.status === 'error')
      ctx.store.setState({ pool: { ...s().pool, status: 'idle', key: null, error: null } });
    s().setParams({ realizations: p.realizations });
  });
  if (blocks !== null && big.fit >= 2) {
    s().notify('warning', overBudgetText('R', blocks, big), allocate);
    s().adjust({ realizations: big.fit });
    return true;
  }
  const text = `The ${p.realization} replay of ${size} would take ${needText(big)} while aligning, above this tab's memory budget of ${bytes(big.budget)}: nothing was allocated.`;
  ctx.store.setState({
    pool: { ...s().pool, status: 'error', key, error: text, progress: null },
  });
  s().notify('warning', text, allocate);
  return true;
}

/**
 * An aligned packing at κ < 1 whose judged part leaves a task without a sample of its own
 * (`judgedPartProblem`): refused with a notice naming the task, whatever the pool (κ is not part of
 * its key). True when refused.
 */
export function unjudgeable(ctx: StepContext, p: Params, ds: Dataset): boolean {
  if (p.realization !== 'aligned' || !ds.samples || p.clairvoyance >= 1) return false;
  const aligned = alignedOfDataset(ds);
  const problem = typeof aligned === 'string' ? null : judgedPartProblem(aligned, p.clairvoyance);
  if (problem) stateOf(ctx).notify('error', `Cannot judge this packing in time: ${problem}.`);
  return problem !== null;
}
