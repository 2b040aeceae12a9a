/**
 * Drives the engine from the store, outside React: when parameters change it runs the steps in
 * order (steps/: dataset, pool, pack, sweep, URL sync), each only when its key changed. Packing is
 * latest-wins: while one pass is in flight, further changes collapse into one follow-up pass with the
 * newest parameters; the previous result stays visible, marked stale, until the new one lands. A
 * failed load or run leaves what was loaded and computed before in place, and says what went wrong.
 */
import type { Preview, PreviewOptions } from '../engine/index.ts';
import type { LoadRequest } from '../ingest/load.ts';
import { describeRunner, type Runner } from '../runtime/runner.ts';
import { createIngest, type Dataset, type Ingest } from './datasets.ts';
import type { Params } from './params.ts';
import { stateOf, type StepContext } from './steps/context.ts';
import { datasetStep } from './steps/dataset.ts';
import { ensureMachine, ensurePack } from './steps/pack.ts';
import { ensurePool } from './steps/pool.ts';
import { sweepStep } from './steps/sweep.ts';
import { urlSync } from './steps/urlSync.ts';
import type { ExplorerStore } from './store.ts';

export interface Controller {
  readonly runner: Runner;
  /** Loads the user's files as the dataset (and puts their names and hash in the link). */
  upload(files: File[], request?: LoadRequest): Promise<void>;
  cancelLoad(): void;
  /** What `files` would load as with `options`, without replacing the loaded data. */
  previewFiles(files: File[], options: PreviewOptions): Promise<Preview>;
  /** Runs the trade-off sweep for the current parameters if it is not current. */
  requestSweep(): void;
  cancelSweep(): void;
  dispose(): void;
}

/**
 * The parameters fixed to fit the dataset (tasks at most the dataset's, inst when there is no avg),
 * with a notice; null when `p` already fits.
 */
export function fitToDataset(
  p: Params,
  ds: Dataset,
): { patch: Partial<Params>; notice: string } | null {
  if (p.tasks > ds.tasks)
    return {
      patch: { tasks: ds.tasks },
      notice: `Tasks per instance (${p.tasks}) exceeds the dataset's ${ds.tasks} tasks; using ${ds.tasks}.`,
    };
  if (p.source === 'avg' && !ds.hasAvg)
    return {
      patch: { source: 'inst' },
      notice: 'This dataset has no avg series; estimates come from inst.',
    };
  return null;
}

export function startController(
  store: ExplorerStore,
  runner: Runner,
  options: { writeUrl?: boolean; ingest?: Ingest } = {},
): Controller {
  const ctx: StepContext = { store, runner, ingest: options.ingest ?? createIngest() };
  const s = () => stateOf(ctx);
  const dataset = datasetStep(ctx);
  const sweep = sweepStep(ctx);
  const url = urlSync(() => s().params);
  let disposed = false;
  let packing = false;
  let packAgain = false;
  let sweepWanted = s().params.view === 'tradeoff';

  /** One pass of the steps for the current parameters (a fix to the parameters starts another). */
  async function pass(): Promise<void> {
    const p = s().params;
    const ds = await dataset.ensure(p);
    if (!ds) return;
    const fix = fitToDataset(p, ds);
    if (fix) {
      s().notify('warning', fix.notice);
      s().setParams(fix.patch);
      return;
    }
    const pool = await ensurePool(ctx, p, ds);
    if (!pool || p.view === 'learn') return;
    await ensurePack(ctx, p, pool);
    await ensureMachine(ctx);
  }

  async function refresh() {
    if (disposed) return;
    if (packing) {
      packAgain = true;
      return;
    }
    packing = true;
    try {
      do {
        packAgain = false;
        await pass();
      } while (packAgain && !disposed);
    } finally {
      packing = false;
    }
    if (sweepWanted) void sweep.run();
  }

  const unsubscribe = store.subscribe((state, prev) => {
    if (state.params === prev.params) return;
    if (options.writeUrl !== false) url.schedule();
    if (state.params.view === 'tradeoff') sweepWanted = true;
    void refresh();
  });

  const described = describeRunner(runner);
  store.setState({
    runtime: { mode: runner.mode, workers: runner.workers, shared: runner.shared, ...described },
  });
  void refresh();

  return {
    runner,
    upload: (files, request) => dataset.upload(files, request),
    cancelLoad: () => dataset.cancel(),
    previewFiles: (files, options) => ctx.ingest.previewFiles(files, options),
    requestSweep() {
      sweepWanted = true;
      void sweep.run();
    },
    cancelSweep: () => sweep.cancel(),
    dispose() {
      disposed = true;
      unsubscribe();
      url.cancel();
      sweep.cancel();
      dataset.cancel();
    },
  };
}
