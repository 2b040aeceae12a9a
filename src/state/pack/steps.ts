/**
 * The pack step: one packing per packKey on the run mechanism (`common/runs/latestRun.ts`), and the
 * selected machine's per-column totals.
 */
import { isLostTwice } from '../../runtime/pool/poolQueue.ts';
import type { PackResponse, PoolHandle } from '../../runtime/runner.ts';

import { packKey, packRequest, poolKey, type Params } from '../common/store/params.ts';
import {
  describe,
  stateOf,
  stepRuns,
  unlessCancelled,
  type StepContext,
} from '../common/controller/steps/context.ts';
import { keepPack, recentPack } from './recentPacks.ts';
import { differsFromShown } from './firstPack.ts';

/**
 * Packs `p` on `pool` unless the store already holds that packing; one packing at a time per store
 * (`stepRuns`: a newer one aborts it), stopped by Cancel (`signal`: the pass's) and then not packed
 * again until asked.
 */
export async function ensurePack(
  ctx: StepContext,
  p: Params,
  pool: PoolHandle,
  signal?: AbortSignal,
): Promise<void> {
  const { store, runner } = ctx;
  const s = () => stateOf(ctx);
  const key = packKey(p);
  if (s().pack.key === key && s().pack.status === 'ready' && !s().pack.provisional) return;
  if (s().pack.cancelled === key) return;
  const kept = recentPack(pool, key);
  if (kept) {
    store.setState({ pack: { status: 'ready', key, response: kept, params: p, error: null } });
    return;
  }
  const run = stepRuns(ctx).pack;
  const request = packRequest(p);
  const cancelled = () => store.setState({ pack: { ...s().pack, status: 'idle', cancelled: key } });
  await unlessCancelled(run, signal, cancelled, () =>
    run.start((runSignal) => runner.pack(pool, request, { signal: runSignal }), {
      running: () =>
        store.setState({ pack: { ...s().pack, status: 'running', error: null, cancelled: null } }),
      ready: (response) => packed(ctx, p, pool, response),
      failed: (e) => {
        store.setState({ pack: { ...s().pack, status: 'error', key, error: describe(e) } });
        s().notify('error', `Packing failed: ${describe(e)}`, retryLost(ctx, e));
      },
      cancelled,
    }),
  );
}

/** A packing made: kept for its pool, and shown unless a packing of newer parameters is. */
function packed(ctx: StepContext, p: Params, pool: PoolHandle, response: PackResponse): void {
  const s = () => stateOf(ctx);
  const key = packKey(p);
  keepPack(pool, key, response);
  // A kept packing of newer parameters, shown while this one ran, stays shown.
  const shown = s().pack;
  if (differsFromShown(shown, key, response))
    s().notify(
      'error',
      'The first numbers shown (packed when the app was built) differ from this page’s own packing of the same parameters; the page’s own are shown now.',
    );
  if (shown.status === 'ready' && shown.key !== key && shown.key === packKey(s().params)) return;
  ctx.store.setState({ pack: { status: 'ready', key, response, params: p, error: null } });
}

/**
 * Shows the current parameters' packing at once if it was made before on the current pool (a ρ
 * dragged back to), even while another packing is still running. True when it did.
 */
export function showKeptPack(ctx: StepContext): boolean {
  const { params, pool, pack } = stateOf(ctx);
  if (pool.status !== 'ready' || !pool.handle || pool.key !== poolKey(params)) return false;
  const key = packKey(params);
  if (pack.key === key && pack.status === 'ready') return true;
  const kept = recentPack(pool.handle, key);
  if (!kept) return false;
  ctx.store.setState({ pack: { status: 'ready', key, response: kept, params, error: null } });
  return true;
}

/**
 * The notice's Retry for work lost with its worker twice: a fresh pass of the controller for the
 * current parameters (a failed packing is packed again by the next pass; `clear` forgets other
 * failures first). None for other failures, which would fail the same way again.
 */
export function retryLost(
  ctx: StepContext,
  e: unknown,
  clear?: () => void,
): { label: string; run: () => void } | undefined {
  if (!isLostTwice(e)) return undefined;
  return {
    label: 'Retry',
    run: () => {
      clear?.();
      // New parameters of the same values: the controller's next pass runs what is missing.
      stateOf(ctx).setParams({});
    },
  };
}

/** The selected machine's inst totals over the evaluation columns, for the current packing. */
export async function ensureMachine(ctx: StepContext): Promise<void> {
  const s = () => stateOf(ctx);
  const { pack, pool, params } = s();
  const response = pack.response;
  if (!response || !pool.handle || params.machine === null || pack.key !== packKey(params)) return;
  const m = response.result.machines[params.machine];
  if (!m) return;
  const key = `${pack.key}#${params.machine}`;
  if (s().machine.key === key) return;
  const rows = Int32Array.from(m.tasks, (t) => response.rows[t]);
  try {
    const totals = await ctx.runner.machineTotals(pool.handle, rows, params.clairvoyance);
    ctx.store.setState({ machine: { key, totals } });
  } catch (e) {
    s().notify('error', `Could not read machine ${params.machine + 1}'s totals: ${describe(e)}`);
  }
}
