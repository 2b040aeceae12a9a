/**
 * The A/B step: the pinned side's packing (side A), beside the current one (B). It packs on the
 * current pool when the two share it (same dataset, scale, R and seed), else on a pool of its own
 * realized from the same dataset (drawn, or replayed in time as its realization says); a pinned
 * side on another dataset says so instead. One packing at a time (latestRun.ts): a newer pin, or an
 * unpin, supersedes the one in flight.
 */
import { datasetKey, type Dataset } from '../common/sources/datasets.ts';
import { packKey, packParams, pinnedSide, poolKey, type Params } from '../common/store/params.ts';
import type { PackResponse, PoolHandle } from '../../runtime/runner.ts';
import { latestRun } from '../common/runs/latestRun.ts';
import { describe, stateOf, type StepContext } from '../common/controller/steps/context.ts';
import { replaySteps } from '../common/controller/steps/pool.ts';

export interface PinnedStep {
  /** Packs the pinned side of `p` (on `pool` when it shares it) unless the store holds it. */
  ensure(p: Params, ds: Dataset, pool: PoolHandle): Promise<void>;
  dispose(): void;
}

export function pinnedStep(ctx: StepContext): PinnedStep {
  const { store, runner } = ctx;
  const s = () => stateOf(ctx);
  /** The pinned side's own pool, when it does not share the current one. */
  let own: { key: string; handle: PoolHandle } | null = null;
  const packing = latestRun<{ response: PackResponse; pool: PoolHandle }, never>();

  const release = () => {
    if (own) runner.releasePool(own.handle);
    own = null;
  };
  const fail = (key: string, error: string) =>
    store.setState({ ab: { ...s().ab, status: 'error', key, error } });
  /** A state the step writes itself supersedes the packing in flight. */
  const settle = (key: string, error: string) => {
    packing.cancel();
    fail(key, error);
  };

  async function poolFor(a: Params, p: Params, ds: Dataset, pool: PoolHandle) {
    const key = poolKey(a);
    if (key === poolKey(p)) return pool;
    if (own?.key === key) return own.handle;
    if (!ds.samples)
      throw new Error('the pinned side needs other realizations of a matrix dataset');
    const replay = (await replaySteps(a))?.replayOf(a, ds);
    const handle = replay
      ? await runner.loadMatrices(replay.inst, replay.avg)
      : await runner.createPool(ds.samples, a.realizations, a.seed);
    release();
    own = { key, handle };
    return handle;
  }

  async function ensure(p: Params, ds: Dataset, pool: PoolHandle): Promise<void> {
    const a = pinnedSide(p);
    if (!a) {
      packing.cancel();
      release();
      if (s().ab.key !== null)
        store.setState({
          ab: { status: 'idle', key: null, response: null, error: null, pool: null },
        });
      return;
    }
    const key = packKey(a);
    if (s().ab.key === key && s().ab.status !== 'running') return;
    if (datasetKey(a.dataset, a.upload?.hash ?? null, a.scale) !== ds.key)
      return settle(
        key,
        `the pinned side packs another dataset (${a.dataset}, scale ${a.scale}); pin again on this one to compare`,
      );
    const tasks = (await replaySteps(a))?.tasksOfPool(a, ds) ?? ds.tasks;
    if (a.tasks > tasks)
      return settle(
        key,
        tasks === ds.tasks
          ? `the pinned side asks ${a.tasks} tasks of a dataset of ${ds.tasks}`
          : `the pinned side asks ${a.tasks} tasks of a ${a.realization} replay of ${tasks}`,
      );
    await packing.start(
      async () => {
        const handle = await poolFor(a, p, ds, pool);
        const response = await runner.pack(handle, {
          tasks: a.tasks,
          instance: a.instance,
          seed: a.seed,
          params: packParams(a),
        });
        return { response, pool: handle };
      },
      {
        running: () => store.setState({ ab: { ...s().ab, status: 'running', key, error: null } }),
        ready: ({ response, pool }) =>
          store.setState({ ab: { status: 'ready', key, response, error: null, pool } }),
        failed: (e) => fail(key, describe(e)),
      },
    );
  }

  return { ensure, dispose: release };
}
