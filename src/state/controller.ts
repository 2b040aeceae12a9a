/**
 * Drives the engine from the store, outside React: when parameters change it loads the dataset,
 * realizes the pool, packs, and sweeps, each step only when its key changed. Packing is latest-wins:
 * while one run is in flight, further changes collapse into one follow-up run with the newest
 * parameters; the previous result stays visible, marked stale, until the new one lands. A failed
 * load or run leaves what was loaded and computed before in place, and says what went wrong.
 */
import { FORMATS, PAPER_FITS, TAIL_FITS, type FormatId } from '../engine/index.ts';
import type { LoadRequest } from '../ingest/load.ts';
import { isCancelled } from '../protocol/cancel.ts';
import { describeRunner, type Runner } from '../runtime/runner.ts';
import {
  datasetKey,
  createIngest,
  presetById,
  toDataset,
  type Dataset,
  type Ingest,
} from './datasets.ts';
import { packKey, packParams, poolKey, sweepKey, type Params } from './params.ts';
import type { ExplorerStore } from './store.ts';
import { encode } from './url.ts';

export interface Controller {
  readonly runner: Runner;
  /** Loads the user's files as the dataset (and puts their names and hash in the link). */
  upload(files: File[], request?: LoadRequest): Promise<void>;
  cancelLoad(): void;
  /** Runs the trade-off sweep for the current parameters if it is not current. */
  requestSweep(): void;
  cancelSweep(): void;
  dispose(): void;
}

function describe(e: unknown): string {
  if (e instanceof Error) return e.message;
  return String(e);
}

export function startController(
  store: ExplorerStore,
  runner: Runner,
  options: { writeUrl?: boolean; ingest?: Ingest } = {},
): Controller {
  const ingest = options.ingest ?? createIngest();
  let disposed = false;
  let urlTimer: ReturnType<typeof setTimeout> | undefined;
  let packing = false;
  let packAgain = false;
  let loadAbort: AbortController | null = null;
  let sweepAbort: AbortController | null = null;
  let sweepWanted = store.getState().params.view === 'tradeoff';
  const uploads = new Map<string, Dataset>();
  const s = () => store.getState();

  async function ensureDataset(p: Params): Promise<Dataset | null> {
    const key = datasetKey(p.dataset, p.upload?.hash ?? null, p.scale);
    const { data } = s();
    if (data.key === key && data.status === 'ready' && data.dataset?.key === key)
      return data.dataset;
    if (data.key === key && (data.status === 'running' || data.status === 'error')) return null;
    if (p.upload) {
      const ds = uploads.get(key);
      if (!ds) {
        s().notify(
          'info',
          `This link uses your files ${p.upload.names.join(', ')}: drop them in the Data view to reproduce it (their SHA-256 is checked first).`,
        );
        store.setState({
          data: { ...s().data, key, status: 'error', error: 'waiting for the linked files' },
        });
        return null;
      }
      store.setState({ data: { status: 'ready', key, dataset: ds, progress: null, error: null } });
      return ds;
    }
    const preset = presetById(p.dataset);
    if (!preset) {
      s().notify('error', `Unknown dataset "${p.dataset}"; showing the default.`);
      s().setParams({ dataset: 'planetlab-20110303', scale: 0.25 });
      return null;
    }
    loadAbort?.abort();
    const abort = new AbortController();
    loadAbort = abort;
    store.setState({ data: { ...s().data, status: 'running', key, progress: null, error: null } });
    try {
      const loaded = await ingest.loadPreset(
        preset,
        p.scale,
        (progress) => {
          if (loadAbort === abort) store.setState({ data: { ...s().data, progress } });
        },
        abort.signal,
      );
      const ds = toDataset(key, preset.title, loaded);
      if (ds.tasks === 0)
        throw new Error(
          `no task of "${preset.title}" passes its filters: ${loaded.report.notes.join(' ')}`,
        );
      if (s().data.key !== key) return null;
      store.setState({ data: { status: 'ready', key, dataset: ds, progress: null, error: null } });
      return ds;
    } catch (e) {
      if (loadAbort !== abort) return null;
      const previous = s().data.dataset;
      const text = isCancelled(e) ? 'loading cancelled' : describe(e);
      store.setState({
        data: { status: 'error', key, dataset: previous, progress: null, error: text },
      });
      if (!isCancelled(e)) s().notify('error', `Could not load "${preset.title}": ${text}`);
      return null;
    } finally {
      if (loadAbort === abort) loadAbort = null;
    }
  }

  async function ensurePool(p: Params, ds: Dataset) {
    const key = poolKey(p);
    const { pool } = s();
    if (pool.key === key && pool.handle) return pool.handle;
    if (pool.key === key && pool.status === 'error') return null;
    store.setState({ pool: { ...pool, status: 'running', key, error: null } });
    try {
      const handle = ds.matrices
        ? await runner.loadMatrices(ds.matrices.inst, ds.matrices.avg)
        : await runner.createPool(ds.samples!, p.realizations, p.seed);
      if (s().pool.key !== key) {
        runner.releasePool(handle);
        return null;
      }
      if (pool.handle) runner.releasePool(pool.handle);
      store.setState({ pool: { status: 'ready', key, handle, error: null } });
      return handle;
    } catch (e) {
      store.setState({ pool: { ...s().pool, status: 'error', error: describe(e) } });
      s().notify('error', `Could not realize the workload: ${describe(e)}`);
      return null;
    }
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
        const p = s().params;
        const ds = await ensureDataset(p);
        if (!ds) continue;
        if (p.tasks > ds.tasks) {
          s().notify(
            'warning',
            `Tasks per instance (${p.tasks}) exceeds the dataset's ${ds.tasks} tasks; using ${ds.tasks}.`,
          );
          s().setParams({ tasks: ds.tasks });
          continue;
        }
        if (p.source === 'avg' && !ds.hasAvg) {
          s().notify('warning', 'This dataset has no avg series; estimates come from inst.');
          s().setParams({ source: 'inst' });
          continue;
        }
        const pool = await ensurePool(p, ds);
        if (!pool) continue;
        if (p.view === 'learn') continue;
        const key = packKey(p);
        if (s().pack.key !== key || s().pack.status !== 'ready') {
          store.setState({ pack: { ...s().pack, status: 'running', error: null } });
          try {
            const response = await runner.pack(pool, {
              tasks: p.tasks,
              instance: p.instance,
              seed: p.seed,
              params: packParams(p),
            });
            store.setState({ pack: { status: 'ready', key, response, error: null } });
          } catch (e) {
            store.setState({ pack: { ...s().pack, status: 'error', key, error: describe(e) } });
            s().notify('error', `Packing failed: ${describe(e)}`);
          }
        }
        await refreshMachine();
      } while (packAgain && !disposed);
    } finally {
      packing = false;
    }
    if (sweepWanted) void runSweep();
  }

  async function refreshMachine() {
    const { pack, pool, params } = s();
    const response = pack.response;
    if (!response || !pool.handle || params.machine === null || pack.key !== packKey(params))
      return;
    const m = response.result.machines[params.machine];
    if (!m) return;
    const key = `${pack.key}#${params.machine}`;
    if (s().machine.key === key) return;
    const rows = Int32Array.from(m.tasks, (t) => response.rows[t]);
    try {
      const totals = await runner.machineTotals(pool.handle, rows, params.clairvoyance);
      store.setState({ machine: { key, totals } });
    } catch (e) {
      s().notify('error', `Could not read machine ${params.machine + 1}'s totals: ${describe(e)}`);
    }
  }

  async function runSweep() {
    const p = s().params;
    const key = sweepKey(p);
    const pool = s().pool.handle;
    if (!pool || s().pool.key !== poolKey(p)) return;
    if (s().sweep.key === key && (s().sweep.status === 'ready' || s().sweep.status === 'running'))
      return;
    sweepAbort?.abort();
    const abort = new AbortController();
    sweepAbort = abort;
    store.setState({
      sweep: { status: 'running', key, rows: s().sweep.rows, progress: null, error: null },
    });
    try {
      const rows = await runner.sweep(
        pool,
        {
          seed: p.seed,
          instances: p.instances,
          tasks: p.tasks,
          fits: p.tail ? [...PAPER_FITS, ...TAIL_FITS] : PAPER_FITS,
          packers: [p.packer],
          capacity: p.capacity,
          clairvoyance: p.clairvoyance,
          source: p.source,
          rebalance: p.rebalance,
        },
        {
          signal: abort.signal,
          onProgress: (progress) => {
            if (sweepAbort === abort) store.setState({ sweep: { ...s().sweep, progress } });
          },
        },
      );
      if (sweepAbort === abort)
        store.setState({ sweep: { status: 'ready', key, rows, progress: null, error: null } });
    } catch (e) {
      if (sweepAbort !== abort) return;
      if (isCancelled(e))
        store.setState({ sweep: { ...s().sweep, status: 'idle', key: null, progress: null } });
      else {
        store.setState({ sweep: { ...s().sweep, status: 'error', error: describe(e) } });
        s().notify('error', `The trade-off sweep failed: ${describe(e)}`);
      }
    }
  }

  const unsubscribe = store.subscribe((state, prev) => {
    if (state.params === prev.params) return;
    if (options.writeUrl !== false) {
      clearTimeout(urlTimer);
      urlTimer = setTimeout(() => {
        history.replaceState(null, '', `${location.pathname}?${encode(s().params)}`);
      }, 300);
    }
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
    async upload(files, request) {
      const p = s().params;
      request ??=
        p.upload && p.upload.format !== 'auto' && FORMATS.includes(p.upload.format as FormatId)
          ? ({ format: 'auto', as: p.upload.format as FormatId, scale: p.scale } as LoadRequest)
          : { format: 'auto', scale: p.scale };
      loadAbort?.abort();
      const abort = new AbortController();
      loadAbort = abort;
      const before = s().data;
      store.setState({ data: { ...before, status: 'running', progress: null, error: null } });
      try {
        const loaded = await ingest.loadFiles(
          files,
          request,
          (progress) => {
            if (loadAbort === abort) store.setState({ data: { ...s().data, progress } });
          },
          abort.signal,
        );
        const hash = loaded.hash!;
        if (
          p.upload &&
          p.dataset === 'upload' &&
          before.status === 'error' &&
          p.upload.hash !== hash
        )
          throw new Error(
            `these files are not the ones this link was made with (SHA-256 ${hash.slice(0, 12)}…, the link expects ${p.upload.hash.slice(0, 12)}…); choose a built-in dataset to leave the link`,
          );
        const key = datasetKey('upload', hash, p.scale);
        const ds = toDataset(key, files.map((f) => f.name).join(', '), loaded);
        if (ds.tasks === 0)
          throw new Error(`no task passes the filters: ${loaded.report.notes.join(' ')}`);
        uploads.set(key, ds);
        store.setState({
          data: { status: 'ready', key, dataset: ds, progress: null, error: null },
        });
        s().setParams({
          dataset: 'upload',
          upload: {
            names: files.map((f) => f.name),
            hash,
            format: loaded.spec?.format ?? request.format,
          },
          machine: null,
          tasks: Math.min(p.tasks, ds.tasks),
        });
      } catch (e) {
        store.setState({ data: { ...before, progress: null } });
        if (!isCancelled(e))
          s().notify(
            'error',
            `Could not load ${files.map((f) => f.name).join(', ')}: ${describe(e)}`,
          );
      } finally {
        if (loadAbort === abort) loadAbort = null;
      }
    },
    cancelLoad() {
      loadAbort?.abort();
    },
    requestSweep() {
      sweepWanted = true;
      void runSweep();
    },
    cancelSweep() {
      sweepAbort?.abort();
    },
    dispose() {
      disposed = true;
      unsubscribe();
      sweepAbort?.abort();
      loadAbort?.abort();
    },
  };
}
