/**
 * Drives the engine from the store, outside React: when parameters change it runs the steps in
 * order (steps/: dataset, pool, pack, sweep, URL sync), each only when its key changed, and the
 * runs each other wing declares while its view is open (views.ts, wingRun.ts), and previews the
 * upload panel's files as they or its options change (uploadPanel.ts). Each step's work (the load,
 * the pool, the packing, the sweep, the A/B pin) is a run on the one mechanism
 * (`runs/latestRun.ts`: latest wins, cancel, progress, error). Packing is
 * latest-wins: while one pass is in flight, further changes collapse into one follow-up pass with the
 * newest parameters; the previous result stays visible, marked stale, until the new one lands. A
 * failed load or run leaves what was loaded and computed before in place, and says what went wrong.
 */
import type { LoadRequest } from '../../../ingest/load.ts';
import { describeRunner, type Runner } from '../../../runtime/runner.ts';
import { createIngest, datasetKey, type Dataset, type Ingest } from '../sources/datasets.ts';
import { packKey, type Params } from '../store/params.ts';
import { stateOf, type StepContext } from './steps/context.ts';
import { datasetStep } from './steps/dataset.ts';
import { sourceReader, type SourceReader } from './steps/sourceRead.ts';
import { ensureMachine, ensurePack, showKeptPack } from '../../pack/steps.ts';
import { ensurePool, replaySteps } from './steps/pool.ts';
import { lazyPinnedStep, lazySpeculation, lazySweepStep } from './steps/lazySteps.ts';
import { urlSync, type ChangeKind } from './steps/urlSync.ts';
import type { ExplorerState, ExplorerStore } from '../store/store.ts';
import { startWingRuns } from '../runs/wingRun.ts';
import { VIEW_REGISTRY, viewEntry } from '../views/views.ts';
import { decodeAddress, loadLinkCodec, needsLinkCodec } from '../link/linkAddress.ts';
import type { UploadPanelStore } from '../sources/uploadPanel.ts';

export interface Controller {
  readonly runner: Runner;
  /** Loads the user's files as the dataset (and puts their names and hash in the link). */
  upload(files: File[], request?: LoadRequest): Promise<void>;
  /** Reads a live Prometheus source as the user's data (state/common/sources/prometheus.ts). */
  readSource: SourceReader;
  cancelLoad(): void;
  /** Runs the trade-off sweep for the current parameters if it is not current. */
  requestSweep(): void;
  cancelSweep(): void;
  /** Stops realizing the pool and packing for the current parameters (kept cancelled until `retry`). */
  cancelPack(): void;
  /** Runs again what was cancelled (pool, packing) for the current parameters. */
  retry(): void;
  /**
   * Packs the current parameters with each patch ahead of time, when the workers are idle (the
   * positions a ρ drag is heading for), so that reaching them answers at once (state/pack/speculate.ts).
   */
  speculate(patches: readonly Partial<Params>[]): void;
  dispose(): void;
}

/**
 * The parameters fixed to fit the dataset (tasks at most the dataset's, inst when there is no avg),
 * with a notice; null when `p` already fits. `wantedTasks`, the tasks asked for before a smaller
 * dataset clamped them, comes back (as far as this dataset allows) once the dataset has more.
 */
/** The replay's task counts (loaded with the replay's steps, see `replaySteps`). */
type ReplayTasks = Pick<typeof import('../../pack/replay.ts'), 'tasksOfPool' | 'replayTasksReason'>;

/** The tasks `p` can pack of `ds`: the replay's tasks when replayed, else the dataset's. */
function tasksLimit(p: Params, ds: Dataset, replay: ReplayTasks | null): number {
  return replay ? replay.tasksOfPool(p, ds) : ds.tasks;
}

export function fitToDataset(
  p: Params,
  ds: Dataset,
  wantedTasks: number | null = null,
  replay: ReplayTasks | null = null,
): { patch: Partial<Params>; notice: string } | null {
  const limit = tasksLimit(p, ds, replay);
  if (p.tasks > limit)
    return {
      patch: { tasks: limit },
      notice:
        limit === ds.tasks
          ? `Tasks per instance (${p.tasks}) exceeds the dataset's ${ds.tasks} tasks; using ${ds.tasks}.`
          : `Tasks per instance (${p.tasks}) exceeds the ${limit} tasks of the ${p.realization} replay (of the dataset's ${ds.tasks}: ${replay?.replayTasksReason(ds)}); using ${limit}.`,
    };
  if (wantedTasks !== null && wantedTasks > p.tasks && limit > p.tasks) {
    const tasks = Math.min(wantedTasks, limit);
    return {
      patch: { tasks },
      notice: `Tasks per instance back to ${tasks}, as asked before a smaller dataset limited it to ${p.tasks}.`,
    };
  }
  if (p.source === 'avg' && !ds.hasAvg)
    return {
      patch: { source: 'inst' },
      notice: 'This dataset has no avg series; estimates come from inst.',
    };
  return null;
}

/** Clears what Cancel left (a cancelled load, pool or packing) so that the next pass runs it again. */
function clearCancelled(store: ExplorerStore): void {
  const { pool, pack, data } = store.getState();
  if (data.status === 'error' && data.error === 'loading cancelled')
    store.setState({ data: { ...data, status: 'idle', key: null, error: null } });
  if (pool.status === 'error' && pool.error === 'cancelled')
    store.setState({ pool: { ...pool, status: 'idle', key: null, error: null } });
  if (pack.cancelled) store.setState({ pack: { ...store.getState().pack, cancelled: null } });
}

/** Back and Forward: the parameters come from the address bar (nothing is written for them). */
function followHistory(store: ExplorerStore, url: ReturnType<typeof urlSync>): () => void {
  const apply = () => {
    const { params, notices } = decodeAddress();
    url.adopt(params);
    store.getState().setParams(params);
    for (const text of notices) store.getState().notify('warning', text);
  };
  // An address with a long link (#z=…) waits for the code that reads it.
  const onPopState = () => (needsLinkCodec() ? void loadLinkCodec().then(apply, apply) : apply());
  window.addEventListener('popstate', onPopState);
  return () => window.removeEventListener('popstate', onPopState);
}

function changeKind(state: ExplorerState, prev: ExplorerState): ChangeKind {
  if (state.navigations !== prev.navigations) return 'navigation';
  return state.adjustments !== prev.adjustments ? 'adjustment' : 'edit';
}

/**
 * Runs `pass` one at a time: a call while one runs calls `meanwhile` and asks for another pass after
 * it. Resolves true when this call ran the passes (false when it only asked), while `live`.
 */
function onePassAtATime(
  pass: () => Promise<void>,
  meanwhile: () => void,
  live: () => boolean,
): () => Promise<boolean> {
  let running = false;
  let again = false;
  return async () => {
    if (running) {
      meanwhile();
      again = true;
      return false;
    }
    running = true;
    try {
      do {
        again = false;
        await pass();
      } while (again && live());
    } finally {
      running = false;
    }
    return true;
  };
}

/** What the status line says of the runner: its mode, workers and shared memory. */
function publishRuntime(store: ExplorerStore, runner: Runner): void {
  const described = describeRunner(runner);
  store.setState({
    runtime: { mode: runner.mode, workers: runner.workers, shared: runner.shared, ...described },
  });
}

/**
 * Every wing's runs and the upload panel's previews (their code loads after the first page, as the
 * Data view's does); returns the function that stops them all.
 */
function startRuns(ctx: StepContext, uploadPanel?: UploadPanelStore): () => void {
  const stops = [startWingRuns(ctx.store, ctx.runner, VIEW_REGISTRY)];
  let stopped = false;
  void import('../sources/uploadPanel.ts').then((m) => {
    if (!stopped) stops.push(m.previewUploads(ctx.store, ctx.ingest, uploadPanel));
  });
  return () => {
    stopped = true;
    stops.forEach((stop) => stop());
  };
}

export function startController(
  store: ExplorerStore,
  runner: Runner,
  options: {
    writeUrl?: boolean;
    ingest?: Ingest;
    uploadPanel?: UploadPanelStore;
    /** The first pass waits for this (the first page's numbers painted); changes do not. */
    startAfter?: Promise<void>;
  } = {},
): Controller {
  const ctx: StepContext = { store, runner, ingest: options.ingest ?? createIngest() };
  const s = () => stateOf(ctx);
  const dataset = datasetStep(ctx);
  const sweep = lazySweepStep(ctx);
  const pinned = lazyPinnedStep(ctx);
  const url = urlSync(() => s().params);
  const ahead = lazySpeculation(ctx);
  let disposed = false;
  let sweepWanted = viewEntry(s().params.view).readsSweep === true;
  /** Tasks per instance as asked, while a smaller dataset holds them lower (null: as asked). */
  let wantedTasks: number | null = null;
  let fitting = false;
  /** Cancel: stops the pass's pool or packing run in flight and those it has not begun. */
  let work = new AbortController();

  /** One pass of the steps for the current parameters (a fix to the parameters starts another). */
  async function pass(): Promise<void> {
    const p = s().params;
    const ds = await dataset.ensure(p);
    if (!ds) return;
    const now = s().params;
    // A dataset the parameters have since left (superseded) never changes them.
    if (datasetKey(now.dataset, now.upload?.hash ?? null, now.scale) !== ds.key) return;
    const replay = await replaySteps(now);
    const fix = fitToDataset(now, ds, wantedTasks, replay);
    if (fix) {
      const tasks = fix.patch.tasks;
      if (tasks !== undefined && tasks < now.tasks)
        wantedTasks = Math.max(wantedTasks ?? 0, now.tasks);
      else if (tasks !== undefined && tasks >= (wantedTasks ?? 0)) wantedTasks = null;
      s().notify(tasks !== undefined && tasks > now.tasks ? 'info' : 'warning', fix.notice);
      fitting = true;
      s().adjust(fix.patch);
      fitting = false;
      return;
    }
    if (wantedTasks !== null && wantedTasks <= tasksLimit(now, ds, replay)) wantedTasks = null;
    // The other views (Resize and Schedulers load their own workloads, lessons, the Timeline and
    // the Cluster view realize what they show, the Model page is text) never wait for the pool.
    if (!viewEntry(p.view).readsPool) return;
    const pool = await ensurePool(ctx, p, ds, work.signal);
    if (!pool) return;
    await ensurePack(ctx, p, pool, work.signal);
    await ensureMachine(ctx);
    await pinned.ensure(p, ds, pool);
  }

  const passes = onePassAtATime(
    () => ahead.holding(packKey(s().params), pass),
    () => showKeptPack(ctx),
    () => !disposed,
  );

  async function refresh() {
    if (!disposed && (await passes()) && sweepWanted) void sweep.run();
  }

  const unsubscribe = store.subscribe((state, prev) => {
    if (state.params === prev.params) return;
    if (!fitting && state.params.tasks !== prev.params.tasks) wantedTasks = null;
    if (options.writeUrl !== false) url.schedule(prev.params, changeKind(state, prev));
    if (viewEntry(state.params.view).readsSweep) sweepWanted = true;
    void refresh();
  });

  const unfollowHistory =
    options.writeUrl !== false && typeof window !== 'undefined'
      ? followHistory(store, url)
      : () => {};

  publishRuntime(store, runner);
  if (options.startAfter) void options.startAfter.then(refresh, refresh);
  else void refresh();
  const stopRuns = startRuns(ctx, options.uploadPanel);

  return {
    runner,
    upload: (files, request) => dataset.upload(files, request),
    readSource: sourceReader(ctx, dataset),
    cancelLoad: () => dataset.cancel(),
    requestSweep() {
      sweepWanted = true;
      void sweep.run();
    },
    cancelSweep: () => sweep.cancel(),
    cancelPack() {
      ahead.stop();
      work.abort();
      work = new AbortController();
    },
    retry() {
      clearCancelled(store);
      void refresh();
    },
    speculate: (patches) => ahead.want(patches.map((patch) => ({ ...s().params, ...patch }))),
    dispose() {
      disposed = true;
      unsubscribe();
      stopRuns();
      url.cancel();
      unfollowHistory();
      sweep.cancel();
      dataset.cancel();
      pinned.dispose();
      ahead.dispose();
    },
  };
}
