/**
 * The dataset step: a built-in preset loaded by the ingestion client, or the user's files (kept
 * by their key, so a link to them works again in this page). One load at a time: a new one aborts
 * the one before; a failed one keeps the dataset loaded before and says what went wrong.
 */
import { FORMATS, type FormatId } from '../../engine/index.ts';
import type { LoadRequest } from '../../ingest/load.ts';
import { isCancelled } from '../../protocol/cancel.ts';
import { datasetKey, presetById, toDataset, type Dataset } from '../datasets.ts';
import type { Params } from '../params.ts';
import type { Explorer } from '../store.ts';
import { describe, stateOf, type StepContext } from './context.ts';

/** How the notice asking for a link's own files begins. */
const LINKED_FILES = 'This link uses your files';

export interface DatasetStep {
  /** The dataset of `p`, loading it if needed; null while it loads or when it cannot be had. */
  ensure(p: Params): Promise<Dataset | null>;
  /** Loads the user's files as the dataset (and puts their names and hash in the link). */
  upload(files: File[], request?: LoadRequest): Promise<void>;
  cancel(): void;
}

/** Once data is loaded, the notice asking for a link's files has done its job. */
function dismissLinkedFilesNotice(state: Explorer) {
  for (const n of state.notices) if (n.text.startsWith(LINKED_FILES)) state.dismiss(n.id);
}

export function datasetStep(ctx: StepContext): DatasetStep {
  const { store, ingest } = ctx;
  const s = () => stateOf(ctx);
  const uploads = new Map<string, Dataset>();
  // The files of the last upload stay at hand: a new scale re-reads them instead of asking for them.
  let inHand: { hash: string; files: File[]; request: LoadRequest } | null = null;
  let rereading: string | null = null;
  let loadAbort: AbortController | null = null;

  /** Starts a load that replaces any in flight; `current()` says whether it is still the newest. */
  function begin() {
    loadAbort?.abort();
    const abort = new AbortController();
    loadAbort = abort;
    return {
      signal: abort.signal,
      current: () => loadAbort === abort,
      end: () => {
        if (loadAbort === abort) loadAbort = null;
      },
      progress: (progress: Parameters<Parameters<typeof ingest.loadPreset>[2]>[0]) => {
        if (loadAbort === abort) store.setState({ data: { ...s().data, progress } });
      },
    };
  }

  function fromUpload(p: Params & { upload: NonNullable<Params['upload']> }, key: string) {
    const ds = uploads.get(key);
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
        `${LINKED_FILES} ${p.upload.names.join(', ')}: drop them in the Data view to reproduce it (their SHA-256 is checked first).`,
      );
      store.setState({
        data: { ...s().data, key, status: 'error', error: 'waiting for the linked files' },
      });
      return null;
    }
    store.setState({ data: { status: 'ready', key, dataset: ds, progress: null, error: null } });
    return ds;
  }

  async function ensure(p: Params): Promise<Dataset | null> {
    const key = datasetKey(p.dataset, p.upload?.hash ?? null, p.scale);
    const { data } = s();
    if (data.key === key && data.status === 'ready' && data.dataset?.key === key)
      return data.dataset;
    if (data.key === key && (data.status === 'running' || data.status === 'error')) return null;
    if (p.upload) return fromUpload({ ...p, upload: p.upload }, key);
    const preset = presetById(p.dataset);
    if (!preset) {
      s().notify('error', `Unknown dataset "${p.dataset}"; showing the default.`);
      s().setParams({ dataset: 'planetlab-20110303', scale: 0.25 });
      return null;
    }
    const load = begin();
    store.setState({ data: { ...s().data, status: 'running', key, progress: null, error: null } });
    try {
      const loaded = await ingest.loadPreset(preset, p.scale, load.progress, load.signal);
      const ds = toDataset(key, preset.title, loaded);
      if (ds.tasks === 0)
        throw new Error(
          `no task of "${preset.title}" passes its filters: ${loaded.report.notes.join(' ')}`,
        );
      if (s().data.key !== key) return null;
      store.setState({ data: { status: 'ready', key, dataset: ds, progress: null, error: null } });
      dismissLinkedFilesNotice(s());
      return ds;
    } catch (e) {
      if (!load.current()) return null;
      const previous = s().data.dataset;
      const text = isCancelled(e) ? 'loading cancelled' : describe(e);
      store.setState({
        data: { status: 'error', key, dataset: previous, progress: null, error: text },
      });
      if (!isCancelled(e)) s().notify('error', `Could not load "${preset.title}": ${text}`);
      return null;
    } finally {
      load.end();
    }
  }

  async function upload(files: File[], request?: LoadRequest): Promise<void> {
    const p = s().params;
    request ??=
      p.upload && p.upload.format !== 'auto' && FORMATS.includes(p.upload.format as FormatId)
        ? ({ format: 'auto', as: p.upload.format as FormatId, scale: p.scale } as LoadRequest)
        : { format: 'auto', scale: p.scale };
    const load = begin();
    const before = s().data;
    store.setState({ data: { ...before, status: 'running', progress: null, error: null } });
    try {
      const loaded = await ingest.loadFiles(files, request, load.progress, load.signal);
      const hash = loaded.hash!;
      if (p.upload && p.dataset === 'upload' && before.status === 'error' && p.upload.hash !== hash)
        throw new Error(
          `these files are not the ones this link was made with (SHA-256 ${hash.slice(0, 12)}…, the link expects ${p.upload.hash.slice(0, 12)}…); choose a built-in dataset to leave the link`,
        );
      // The task size the data were read with (the loader's default when the request had none).
      const scale = (loaded.spec as { scale?: number } | null)?.scale ?? 1;
      const key = datasetKey('upload', hash, scale);
      const ds = toDataset(key, files.map((f) => f.name).join(', '), loaded);
      if (ds.tasks === 0)
        throw new Error(`no task passes the filters: ${loaded.report.notes.join(' ')}`);
      uploads.set(key, ds);
      inHand = { hash, files, request };
      store.setState({ data: { status: 'ready', key, dataset: ds, progress: null, error: null } });
      dismissLinkedFilesNotice(s());
      s().setParams({
        dataset: 'upload',
        upload: {
          names: files.map((f) => f.name),
          hash,
          format: loaded.spec?.format ?? request.format,
        },
        machine: null,
        scale,
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
      load.end();
    }
  }

  return { ensure, upload, cancel: () => loadAbort?.abort() };
}
