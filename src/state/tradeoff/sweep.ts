/**
 * The sweep step: the trade-off grid (SPEC §8's fit tests, with the tail-aware ones on request) for
 * the current workload and packing parameters, one at a time on the run mechanism (latestRun.ts): a
 * new one aborts the one before, a sweep whose pool went makes way quietly.
 */
import { PAPER_FITS, tailFits, type SweepRow } from '../../engine/index.ts';
import type { Progress } from '../../runtime/runner.ts';
import { isLostTwice } from '../../runtime/pool/poolQueue.ts';
import { poolKey, sweepKey } from '../common/store/params.ts';
import type { ExplorerState } from '../common/store/store.ts';
import { latestRun } from '../common/runs/latestRun.ts';
import { describe, stateOf, type StepContext } from '../common/controller/steps/context.ts';

export interface SweepStep {
  /** Runs the sweep of the current parameters unless it is current or running. */
  run(): Promise<void>;
  cancel(): void;
}

export function sweepStep(ctx: StepContext): SweepStep {
  const { store, runner } = ctx;
  const s = () => stateOf(ctx);
  const sweep = latestRun<SweepRow[], Progress>();
  const write = (patch: Partial<ExplorerState['sweep']>) =>
    store.setState({ sweep: { ...s().sweep, ...patch } });

  async function run() {
    const p = s().params;
    const key = sweepKey(p);
    const pool = s().pool.handle;
    if (!pool || s().pool.key !== poolKey(p)) return;
    if (s().sweep.key === key && (s().sweep.status === 'ready' || s().sweep.status === 'running'))
      return;
    const poolKeyNow = s().pool.key;
    const spec = {
      seed: p.seed,
      instances: p.instances,
      tasks: p.tasks,
      fits: p.tail ? [...PAPER_FITS, ...tailFits()] : PAPER_FITS,
      packers: [p.packer],
      capacity: p.capacity,
      clairvoyance: p.clairvoyance,
      source: p.source,
      rebalance: p.rebalance,
    };
    await sweep.start((signal, onProgress) => runner.sweep(pool, spec, { signal, onProgress }), {
      running: () =>
        write({ status: 'running', key, progress: null, error: null, cancelled: false }),
      progress: (progress) => write({ progress }),
      ready: (rows) =>
        store.setState({
          sweep: { status: 'ready', key, rows, progress: null, error: null, rowsParams: p },
        }),
      failed: (e) => {
        write({ status: 'error', error: describe(e) });
        // Lost with its worker twice: the notice's Retry runs it again (for the parameters then).
        const retry = isLostTwice(e) ? { label: 'Retry', run: () => void run() } : undefined;
        s().notify('error', `The trade-off sweep failed: ${describe(e)}`, retry);
      },
      // Only a person's Cancel is shown as such; a sweep whose pool went just makes way.
      cancelled: (cause) =>
        write({ status: 'idle', key: null, progress: null, cancelled: cause !== 'stale' }),
      stale: () => s().pool.key !== poolKeyNow,
    });
  }

  return { run, cancel: () => sweep.cancel() };
}
