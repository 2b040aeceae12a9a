/**
 * The sweep step: the trade-off grid (SPEC §8's fit tests, with the tail-aware ones on request) for
 * the current workload and packing parameters, one at a time; a new one aborts the one before.
 */
import { PAPER_FITS, tailFits } from '../../engine/index.ts';
import { isCancelled } from '../../protocol/cancel.ts';
import { isLostTwice } from '../../runtime/pool/poolQueue.ts';
import { poolKey, sweepKey } from '../common/store/params.ts';
import { describe, stateOf, type StepContext } from '../common/controller/steps/context.ts';

export interface SweepStep {
  /** Runs the sweep of the current parameters unless it is current or running. */
  run(): Promise<void>;
  cancel(): void;
}

export function sweepStep(ctx: StepContext): SweepStep {
  const { store, runner } = ctx;
  const s = () => stateOf(ctx);
  let sweepAbort: AbortController | null = null;

  async function run() {
    const p = s().params;
    const key = sweepKey(p);
    const pool = s().pool.handle;
    if (!pool || s().pool.key !== poolKey(p)) return;
    if (s().sweep.key === key && (s().sweep.status === 'ready' || s().sweep.status === 'running'))
      return;
    sweepAbort?.abort();
    const abort = new AbortController();
    sweepAbort = abort;
    const poolKeyNow = s().pool.key;
    // Superseded: a newer sweep started, or the pool it reads is no longer the current one.
    const superseded = () => sweepAbort !== abort || s().pool.key !== poolKeyNow;
    store.setState({
      sweep: {
        ...s().sweep,
        status: 'running',
        key,
        progress: null,
        error: null,
        cancelled: false,
      },
    });
    try {
      const rows = await runner.sweep(
        pool,
        {
          seed: p.seed,
          instances: p.instances,
          tasks: p.tasks,
          fits: p.tail ? [...PAPER_FITS, ...tailFits()] : PAPER_FITS,
          packers: [p.packer],
          capacity: p.capacity,
          clairvoyance: p.clairvoyance,
          source: p.source,
          rebalance: p.rebalance,
        },
        {
          signal: abort.signal,
          onProgress: (progress) => {
            if (superseded()) abort.abort();
            else store.setState({ sweep: { ...s().sweep, progress } });
          },
        },
      );
      if (sweepAbort === abort)
        store.setState({
          sweep: { status: 'ready', key, rows, progress: null, error: null, rowsParams: p },
        });
    } catch (e) {
      if (sweepAbort !== abort) return;
      // Work superseded by a newer request ends as cancelled and says nothing.
      if (isCancelled(e) || superseded()) {
        // Only a user's Cancel is shown as such; a superseded sweep just makes way.
        const cancelled = !superseded();
        store.setState({
          sweep: { ...s().sweep, status: 'idle', key: null, progress: null, cancelled },
        });
      } else {
        store.setState({ sweep: { ...s().sweep, status: 'error', error: describe(e) } });
        // Lost with its worker twice: the notice's Retry runs it again (for the parameters then).
        const retry = isLostTwice(e) ? { label: 'Retry', run: () => void run() } : undefined;
        s().notify('error', `The trade-off sweep failed: ${describe(e)}`, retry);
      }
    }
  }

  return { run, cancel: () => sweepAbort?.abort() };
}
