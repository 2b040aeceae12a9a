/**
 * The dataset step: a built-in preset loaded by the ingestion client, or the user's files (kept
 * by their key, so a link to them works again in this page). One load at a time, on the run
 * mechanism (`runs/latestRun.ts`): a new one aborts the one before. A failed load keeps the dataset loaded before (and the parameters return to it,
 * so nothing waits on the failed one) and says what went wrong with a Retry; an upload is checked
 * against the memory budget before its files are read.
 */
import type { FormatId, LoadSpec } from '../../../../engine/index.ts';
import type { LoadRequest } from '../../../../ingest/load.ts';
import type { LoadedData, LoadedSource } from '../../../../ingest/api.ts';
import { CancelledError, isCancelled } from '../../../../protocol/cancel.ts';
import type { Progress as LoadProgress } from '../../../../ingest/stream.ts';
import { latestRun, type LatestRun, type RunEvents, type RunWork } from '../../runs/latestRun.ts';
import { datasetKey, presetById, toDataset, type Dataset } from '../../sources/datasets.ts';
import type { Params, UploadRef } from '../../store/params.ts';
import { differences, linkedSpec, optionsOfSpec } from '../../sources/uploadOptions.ts';
import { uploadIsSource } from '../../sources/promUrlFields.ts';
import { WAITING_FOR_SOURCE } from '../../sources/promUrlFields.ts';
import type { Explorer } from '../../store/store.ts';
import { describe, stateOf, type StepContext } from './context.ts';
import { sourceReader, type LoadVia, type SourceAdopter } from './sourceRead.ts';
import { read, type InHand } from './inHand.ts';

/** For the Data view: the budget and how an estimate reads. */
export {
  bytes as formatBytes,
  describeEstimate,
  DEFAULT_BUDGET_BYTES,
} from '../../../../ingest/sizes.ts';
import { formatCount } from '../../../../present/format.ts';
import { decimalOrNull } from '../../../../engine/numberText.ts';

/** How the notice asking for a link's own files begins. */
const LINKED_FILES = 'This link uses your files';

interface DatasetStep {
  /** The dataset of `p`, loading it if needed; null while it loads or when it cannot be had. */
  ensure(p: Params): Promise<Dataset | null>;
  /** Loads the user's files as the dataset (and puts their names and hash in the link). */
  upload(files: File[], request?: LoadRequest): Promise<void>;
  /** Loads a live source's answer (read by `load`) as the user's data; rejects on failure. */
  readSource: SourceAdopter['readSource'];
  cancel(): void;
}

/** Once data is loaded, the notice asking for a link's files has done its job. */
function dismissLinkedFilesNotice(state: Explorer) {
  for (const n of state.notices) if (n.text.startsWith(LINKED_FILES)) state.dismiss(n.id);
}

/** The parameters that choose the dataset. */
type DatasetParams = Pick<Params, 'dataset' | 'upload' | 'scale'>;

const datasetParams = (p: Params): DatasetParams => ({
  dataset: p.dataset,
  upload: p.upload,
  scale: p.scale,
});

/** One load at a time (a preset, files or a source): a newer one aborts the one in flight. */
type LoadRun = LatestRun<unknown, LoadProgress>;

/** The data slice holding `ds`, loaded. */
const readyData = (ds: Dataset): Explorer['data'] => ({
  status: 'ready',
  key: ds.key,
  dataset: ds,
  progress: null,
  error: null,
});

/** Starts `work` on the load's run (which holds every kind of load, whatever its result). */
function startLoad<T>(
  run: LoadRun,
  work: RunWork<T, LoadProgress>,
  events: RunEvents<T, LoadProgress>,
): Promise<void> {
  return run.start(work, events as RunEvents<unknown, LoadProgress>);
}

/** What a load's reader is given: its signal, and its progress (shown only while it is the newest). */
interface LoadHandle {
  readonly signal: AbortSignal;
  readonly progress: (progress: LoadProgress) => void;
}

/**
 * After a failed load: the data loaded before stay, and the parameters go back to them (so no view
 * waits on the failed load); the notice's Retry chooses the failed dataset again.
 */
function failed(
  ctx: StepContext,
  key: string,
  text: string,
  lastReady: { params: DatasetParams; dataset: Dataset } | null,
  retry: () => void,
): void {
  const s = stateOf(ctx);
  if (lastReady && lastReady.dataset.key !== key) {
    ctx.store.setState({
      data: {
        status: 'ready',
        key: lastReady.dataset.key,
        dataset: lastReady.dataset,
        progress: null,
        error: null,
      },
    });
    s.adjust(lastReady.params);
  } else
    ctx.store.setState({
      data: { status: 'error', key, dataset: s.data.dataset, progress: null, error: text },
    });
  s.notify('error', text, { label: 'Retry', run: retry });
}

function presetLoads(ctx: StepContext, run: LoadRun, ready: ReadyDatasets) {
  const { store, ingest } = ctx;
  const s = () => stateOf(ctx);
  return async function loadPreset(p: Params, key: string): Promise<Dataset | null> {
    const preset = presetById(p.dataset);
    if (!preset) {
      s().notify('error', `Unknown dataset "${p.dataset}"; showing the default.`);
      s().adjust({ dataset: 'planetlab-20110303', scale: 0.25 });
      return null;
    }
    let loadedDataset: Dataset | null = null;
    const load = async (signal: AbortSignal, progress: (value: LoadProgress) => void) => {
      const loaded = await ingest.loadPreset(preset, p.scale, progress, signal);
      const ds = toDataset(key, preset.title, loaded);
      if (ds.tasks === 0)
        throw new Error(
          `no task of "${preset.title}" passes its filters: ${loaded.report.notes.join(' ')}`,
        );
      return ds;
    };
    await startLoad(run, load, {
      running: () =>
        store.setState({
          data: { ...s().data, status: 'running', key, progress: null, error: null },
        }),
      progress: (progress) => store.setState({ data: { ...s().data, progress } }),
      ready: (ds) => {
        if (s().data.key !== key) return;
        store.setState({
          data: { status: 'ready', key, dataset: ds, progress: null, error: null },
        });
        ready.set(p, ds);
        dismissLinkedFilesNotice(s());
        loadedDataset = ds;
      },
      failed: (e) => {
        const target = datasetParams(p);
        failed(ctx, key, `Could not load "${preset.title}": ${describe(e)}`, ready.last, () => {
          store.setState({ data: { ...s().data, status: 'idle', key: null, error: null } });
          s().setParams(target);
        });
      },
      cancelled: () =>
        store.setState({
          data: {
            status: 'error',
            key,
            dataset: s().data.dataset,
            progress: null,
            error: 'loading cancelled',
          },
        }),
    });
    return loadedDataset;
  };
}

/** The last dataset that loaded, with the parameters that chose it. */
interface ReadyDatasets {
  last: { params: DatasetParams; dataset: Dataset } | null;
  set(p: Params, dataset: Dataset): void;
}

function readyDatasets(): ReadyDatasets {
  const ready: ReadyDatasets = {
    last: null,
    set(p, dataset) {
      ready.last = { params: datasetParams(p), dataset };
    },
  };
  return ready;
}

/**
 * The request for files when none is given: a link's own load (its format and options at its task
 * size), else detection at the current task size.
 */
async function defaultRequest(p: Params): Promise<LoadRequest> {
  // The format registry loads with the first upload, off the first page.
  const { knownFormat } = await import('../../sources/uploadForm.ts');
  const known = p.upload !== null && knownFormat(p.upload.format);
  if (p.upload?.options && known)
    return linkedSpec(p.upload.format, p.upload.options, p.scale) as LoadRequest;
  return p.upload && known
    ? ({ format: 'auto', as: p.upload.format as FormatId, scale: p.scale } as LoadRequest)
    : { format: 'auto', scale: p.scale };
}

/**
 * Refuses files, or options, other than the link's: the same link must give the same numbers.
 * A link made before links carried the options checks the files only.
 */
function checkLinked(link: UploadRef, scale: number, hash: string, spec: LoadSpec | null): void {
  if (link.hash !== hash)
    throw new Error(
      `these files are not the ones this link was made with (SHA-256 ${hash.slice(0, 12)}…, the link expects ${link.hash.slice(0, 12)}…); choose a built-in dataset to leave the link`,
    );
  if (!link.options || !spec) return;
  const diff = differences({ format: link.format, options: link.options, scale }, spec);
  if (diff.length > 0)
    throw new Error(
      `these are the link's files, but not its options: ${diff.join('; ')}. The link's numbers need its options: set them back, or drop the files on the link's banner (it applies them), or choose a built-in dataset to leave the link`,
    );
}

/** The parameters of data just loaded as the user's (names and hash in the link, every task). */
function uploadedParams(
  p: Params,
  names: string[],
  hash: string,
  scale: number,
  ds: Dataset,
  spec: LoadSpec | null,
  request: LoadRequest,
): { -readonly [K in keyof Params]?: Params[K] } {
  return {
    dataset: 'upload',
    upload: {
      names,
      hash,
      format: spec?.format ?? request.format,
      options: spec ? optionsOfSpec(spec) : null,
    },
    machine: null,
    scale,
    tasks: Math.min(p.tasks, ds.tasks),
  };
}

/** The first number of tasks a refusal over the budget offers to load, if any. */
function tasksOffered(message: string): number | null {
  const m = /load only the first ([\d,]+) tasks/.exec(message);
  return m ? decimalOrNull(m[1].replace(/,/g, '')) : null;
}

/** One notice for the upload that failed: a new failure replaces the one before (never stacks). */
function failureNotice(ctx: StepContext) {
  let shown: string | null = null;
  const clear = () => {
    const state = stateOf(ctx);
    for (const n of state.notices) if (n.text === shown) state.dismiss(n.id);
    shown = null;
  };
  return {
    clear,
    replace(text: string, action: { label: string; run: () => void }) {
      clear();
      shown = text;
      stateOf(ctx).notify('error', text, action);
    },
  };
}

/** A link's Prometheus source: read again (asking only for a token, if the server wants one). */
function sourceReads(ctx: StepContext, dataset: SourceAdopter) {
  let reading: string | null = null;
  return function fromSource(p: Params & { prom: NonNullable<Params['prom']> }, key: string) {
    const s = stateOf(ctx);
    ctx.store.setState({ data: { ...s.data, key, status: 'error', error: WAITING_FOR_SOURCE } });
    if (reading !== key) {
      reading = key;
      const host = {
        readSource: sourceReader(ctx, dataset),
        setParams: s.setParams,
        params: () => stateOf(ctx).params,
      };
      // The reader loads with the first linked source (off the first page).
      void import('../../sources/prometheus.ts')
        .then(({ readPrometheus }) => readPrometheus(host, { source: p.prom, scale: p.scale }))
        .finally(() => {
          if (reading === key) reading = null;
        });
    }
    return null;
  };
}

/**
 * The work of loading data as the user's: what `obtain` gives, checked against the link it stands
 * for (`p`'s, when `before` waited for it) and made a dataset at the task size it was read with.
 */
function readOwn<T extends LoadedData>(
  p: Params,
  before: Explorer['data'],
  names: string[],
  obtain: (load: LoadHandle) => Promise<{ loaded: T; raw: LoadedData | null }>,
) {
  return async (signal: AbortSignal, progress: (value: LoadProgress) => void) => {
    const { loaded, raw } = await obtain({ signal, progress });
    const hash = loaded.hash!;
    if (p.upload && p.dataset === 'upload' && before.status === 'error')
      checkLinked(p.upload, p.scale, hash, loaded.spec);
    // The task size the data were read with (the loader's default when the request had none).
    const scale = (loaded.spec as { scale?: number } | null)?.scale ?? 1;
    const ds = toDataset(datasetKey('upload', hash, scale), names.join(', '), loaded);
    if (ds.tasks === 0)
      throw new Error(`no task passes the filters: ${loaded.report.notes.join(' ')}`);
    return { loaded, raw, hash, scale, ds };
  };
}

function fileLoads(ctx: StepContext, run: LoadRun, ready: ReadyDatasets) {
  const { store } = ctx;
  const s = () => stateOf(ctx);
  const uploads = new Map<string, Dataset>();
  // The files of the last upload stay at hand: a new task size converts their parsed values.
  let inHand: InHand | null = null;
  let rereading: string | null = null;
  const failure = failureNotice(ctx);

  const fromSource = sourceReads(ctx, { readSource: (...a) => readSource(...a) });

  function fromUpload(p: Params & { upload: NonNullable<Params['upload']> }, key: string) {
    const ds = uploads.get(key);
    if (!ds && inHand?.hash !== p.upload.hash && p.prom && uploadIsSource(p.upload, p.prom))
      return fromSource({ ...p, prom: p.prom }, key);
    if (!ds && inHand?.hash === p.upload.hash) {
      if (rereading !== key) {
        rereading = key;
        const { files, request } = inHand;
        void upload(files, { ...request, scale: p.scale } as LoadRequest).finally(() => {
          if (rereading === key) rereading = null;
        });
      }
      return null;
    }
    if (!ds) {
      s().notify(
        'info',
        `${LINKED_FILES} ${p.upload.names.join(', ')}: drop them on the box above to reproduce it (read with the link's options; their SHA-256 is checked first).`,
      );
      store.setState({
        data: { ...s().data, key, status: 'error', error: 'waiting for the linked files' },
      });
      return null;
    }
    store.setState({ data: { status: 'ready', key, dataset: ds, progress: null, error: null } });
    ready.set(p, ds);
    return ds;
  }

  async function upload(files: File[], request?: LoadRequest): Promise<void> {
    request ??= await defaultRequest(s().params);
    const r = request;
    await adopt(
      files.map((f) => f.name),
      r,
      (load) => read(ctx, inHand, files, r, load),
      files,
    ).catch((e: unknown) => {
      if (!isCancelled(e)) uploadFailed(failure, upload, files, r, describe(e));
    });
  }

  /**
   * A live source's answer loaded as the uploaded data (the worker fetches and streams it): the
   * data loaded before stay on failure or cancel, which reject for the caller to say.
   */
  async function readSource(
    names: string[],
    request: LoadRequest,
    load: LoadVia<LoadedSource>,
  ): Promise<LoadedSource | null> {
    return adopt(
      names,
      request,
      async (handle) => ({
        loaded: await load(request, handle.progress, handle.signal),
        raw: null,
      }),
      null,
    );
  }

  /**
   * Loads what `obtain` gives as the user's data and links it (with `files`, their parsed values stay
   * at hand); the data loaded before stay on failure, cancel or a newer load, which reject.
   */
  async function adopt<T extends LoadedData>(
    names: string[],
    request: LoadRequest,
    obtain: (load: LoadHandle) => Promise<{ loaded: T; raw: LoadedData | null }>,
    files: File[] | null,
  ): Promise<T | null> {
    const p = s().params;
    const before = s().data;
    // Written by the run's ending; a run a newer load took the place of ends with none.
    let outcome = { error: new CancelledError() } as { loaded: T } | { error: unknown };
    const keepBefore = (error: unknown) => {
      store.setState({ data: { ...before, progress: null } });
      outcome = { error };
    };
    await startLoad(run, readOwn(p, before, names, obtain), {
      running: () =>
        store.setState({ data: { ...before, status: 'running', progress: null, error: null } }),
      progress: (progress) => store.setState({ data: { ...s().data, progress } }),
      ready: ({ loaded, raw, hash, scale, ds }) => {
        uploads.set(ds.key, ds);
        const newFiles = inHand?.hash !== hash;
        inHand = files && raw ? { hash, files, request, loaded: raw } : null;
        store.setState({ data: readyData(ds) });
        dismissLinkedFilesNotice(s());
        failure.clear();
        const next = uploadedParams(p, names, hash, scale, ds, loaded.spec ?? null, request);
        // New files are there to be tuned: the Tune view opens on its auto-tuner.
        if (newFiles) next.tuneMode = 'auto';
        ready.set({ ...p, ...next }, ds);
        s().setParams(next);
        outcome = { loaded };
      },
      failed: keepBefore,
      cancelled: () => keepBefore(new CancelledError()),
    });
    if ('error' in outcome) throw outcome.error;
    return outcome.loaded;
  }

  return { fromUpload, fromSource, upload, readSource };
}

/** The notice of a failed upload: Retry, or the sample of tasks that fits the budget. */
function uploadFailed(
  failure: ReturnType<typeof failureNotice>,
  upload: (files: File[], request: LoadRequest) => Promise<void>,
  files: File[],
  request: LoadRequest,
  message: string,
) {
  const offered = tasksOffered(message);
  const names = files.map((f) => f.name);
  // A DataError's message begins with the file it names.
  const named = names.some((n) => message.startsWith(`${n}:`) || message.startsWith(`${n} `));
  failure.replace(
    named ? `Could not load ${message}` : `Could not load ${names.join(', ')}: ${message}`,
    offered !== null
      ? {
          label: `Load the first ${formatCount(offered)} tasks`,
          run: () => void upload(files, { ...request, maxTasks: offered } as LoadRequest),
        }
      : { label: 'Retry', run: () => void upload(files, request) },
  );
}

export function datasetStep(ctx: StepContext): DatasetStep {
  const run: LoadRun = latestRun();
  const ready = readyDatasets();
  const files = fileLoads(ctx, run, ready);
  const loadPreset = presetLoads(ctx, run, ready);

  async function ensure(p: Params): Promise<Dataset | null> {
    const key = datasetKey(p.dataset, p.upload?.hash ?? null, p.scale);
    const { data } = stateOf(ctx);
    if (data.key === key && data.status === 'ready' && data.dataset?.key === key) {
      if (ready.last?.dataset !== data.dataset) ready.set(p, data.dataset);
      return data.dataset;
    }
    if (data.key === key && (data.status === 'running' || data.status === 'error')) return null;
    if (p.upload) return files.fromUpload({ ...p, upload: p.upload }, key);
    if (p.dataset === 'upload' && p.prom) return files.fromSource({ ...p, prom: p.prom }, key);
    return loadPreset(p, key);
  }

  return { ensure, upload: files.upload, readSource: files.readSource, cancel: () => run.cancel() };
}
