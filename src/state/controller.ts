/**
 * Drives the engine from the store, outside React: when parameters change it loads the dataset,
 * realizes the pool, packs, and sweeps, each step only when its key changed. Packing is latest-wins:
 * while one run is in flight, further changes collapse into one follow-up run with the newest
 * parameters; the previous result stays visible, marked stale, until the new one lands.
 */
import { DataError, PAPER_FITS, TAIL_FITS } from '../engine/index.ts';
import { CancelledError, type Runner } from '../runtime/runner.ts';
import { packKey, packParams, poolKey, sweepKey, type Params } from './params.ts';
import type { Dataset, ExplorerStore } from './store.ts';
import { datasetKey, loadFiles, loadPreset } from './datasets.ts';
import { encode } from './url.ts';

export interface Controller {
  /** Loads user files as the dataset (and puts their names and hash in the link). */
  upload(files: File[]): Promise<void>;
  /** Runs the trade-off sweep for the current parameters if it is not current. */
  requestSweep(): void;
  cancelSweep(): void;
  dispose(): void;
}

function describe(e: unknown): string {
  if (e instanceof DataError) return e.message;
  if (e instanceof Error) return e.message;
  return String(e);
}

export function startController(
  store: ExplorerStore,
  runner: Runner,
  options: { writeUrl?: boolean } = {},
): Controller {
  let disposed = false;
  let urlTimer: ReturnType<typeof setTimeout> | undefined;
  let packing = false;
  let packAgain = false;
  let sweepAbort: AbortController | null = null;
  let sweepWanted = store.getState().params.view === 'tradeoff';
  const uploads = new Map<string, Dataset>();

  const s = () => store.getState();

  async function ensureDataset(p: Params): Promise<Dataset | null> {
    const key = datasetKey(p.dataset, p.upload?.hash ?? null, p.scale);
    const { data } = s();
    if (data.key === key && data.dataset) return data.dataset;
    if (data.key === key && data.status === 'running') return null;
    if (p.upload) {
      const ds = uploads.get(key);
      if (!ds) {
        if (data.key !== key)
          s().notify(
            'info',
            `This link uses your files ${p.upload.names.join(', ')}: drop them in the Data view to reproduce it (their SHA-256 is checked).`,
          );
        store.setState({
          data: { ...s().data, key, status: 'error', error: 'waiting for the linked files' },
        });
        return null;
      }
      store.setState({ data: { status: 'ready', key, dataset: ds, progress: null, error: null } });
      return ds;
    }
    store.setState({ data: { ...s().data, status: 'running', key, progress: null, error: null } });
    try {
      const ds = await loadPreset(p.dataset, p.scale);
      if (s().data.key !== key) return null;
      store.setState({ data: { status: 'ready', key, dataset: ds, progress: null, error: null } });
      return ds;
    } catch (e) {
      const previous = s().data.dataset;
      store.setState({
        data: { status: 'error', key, dataset: previous, progress: null, error: describe(e) },
      });
      s().notify('error', `Could not load dataset "${p.dataset}": ${describe(e)}`);
      return null;
    }
  }

  async function ensurePool(p: Params, ds: Dataset) {
    const key = poolKey(p);
    const { pool } = s();
    if (pool.key === key && pool.handle) return pool.handle;
    store.setState({ pool: { ...pool, status: 'running', key, error: null } });
    try {
      const handle = await runner.createPool(ds.samples, p.realizations, p.seed);
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
        if (p.tasks > ds.samples.ids.length) {
          s().notify(
            'warning',
            `Tasks per instance (${p.tasks}) exceeds the dataset's ${ds.samples.ids.length} tasks; using ${ds.samples.ids.length}.`,
          );
          s().setParams({ tasks: ds.samples.ids.length });
          continue;
        }
        const pool = await ensurePool(p, ds);
        if (!pool) continue;
        const key = packKey(p);
        if (s().pack.key === key && s().pack.status === 'ready') {
          await refreshMachine();
          continue;
        }
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
          store.setState({ pack: { ...s().pack, status: 'error', error: describe(e) } });
          s().notify('error', `Packing failed: ${describe(e)}`);
        }
        await refreshMachine();
      } while (packAgain && !disposed);
    } finally {
      packing = false;
    }
    if (sweepWanted) runSweep();
  }

  async function refreshMachine() {
    const { pack, pool, params } = s();
    const response = pack.response;
    if (!response || !pool.handle || params.machine === null) return;
    const m = response.result.machines[params.machine];
    if (!m) return;
    const key = `${pack.key}#${params.machine}`;
    if (s().machine.key === key) return;
    const rows = Int32Array.from(m.tasks, (t) => response.rows[t]);
    const totals = await runner.machineTotals(pool.handle, rows, params.clairvoyance);
    store.setState({ machine: { key, totals } });
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
      if (e instanceof CancelledError)
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
        const url = `${location.pathname}?${encode(s().params)}`;
        history.replaceState(null, '', url);
      }, 300);
    }
    if (state.params.view === 'tradeoff') sweepWanted = true;
    void refresh();
  });

  store.setState({
    runtime: { mode: runner.mode, workers: runner.workers, shared: runner.mode === 'pool' },
  });
  void refresh();

  return {
    async upload(files) {
      const p = s().params;
      const previous = s().data;
      try {
        const { dataset, hash } = await loadFiles(files, p.scale);
        if (
          p.upload &&
          p.upload.hash !== hash &&
          p.dataset === 'upload' &&
          previous.status === 'error'
        ) {
          s().notify(
            'warning',
            `These files do not match the link (SHA-256 differs); loaded them as a new dataset.`,
          );
        }
        uploads.set(dataset.key, dataset);
        s().setParams({
          dataset: 'upload',
          upload: { names: files.map((f) => f.name), hash, format: 'wide' },
          machine: null,
          tasks: Math.min(p.tasks, dataset.samples.ids.length),
        });
      } catch (e) {
        s().notify(
          'error',
          `Could not load ${files.map((f) => f.name).join(', ')}: ${describe(e)}`,
        );
      }
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
    },
  };
}
