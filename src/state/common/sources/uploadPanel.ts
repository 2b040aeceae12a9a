/**
 * The upload panel's state, outside React: the files at hand, the form's options as typed, and the
 * preview of the files under those options. The panel only dispatches (choose files, edit an
 * option, pick a recipe); the controller previews (`previewUploads`): every new choice of files
 * or options starts a preview of their first rows on the run mechanism (`runs/latestRun.ts`), a
 * newer one supersedes it (latest wins), and a superseded preview never lands. While a link waits for its files, its options fill the form once
 * per link.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { unreadPreview, type Preview } from '../../../engine/index.ts';
import { describeError, latestRun } from '../runs/latestRun.ts';
import type { Ingest } from './datasets.ts';
import type { Explorer, ExplorerStore } from '../store/store.ts';
import {
  FORM_DEFAULTS,
  formFromLink,
  formProblems,
  requestOf,
  type UploadOptions,
} from './uploadForm.ts';

/** The dataset step's state while a link's files are asked for (steps/dataset.ts). */
export const WAITING_FOR_FILES = 'waiting for the linked files';

export interface UploadPanelState {
  readonly files: File[];
  readonly options: UploadOptions;
  /** The link whose options the form holds untouched (null: none, or edited since). */
  readonly fromLink: string | null;
  /** The last link that filled the form (a refused load must not refill it). */
  readonly seenLink: string | null;
  readonly preview: Preview | null;
  /**
   * The files and options `preview` was read under: while they differ from the form's, a newer
   * preview is on its way.
   */
  readonly previewFor: { readonly files: File[]; readonly options: UploadOptions } | null;
}

export type UploadPanelStore = StoreApi<UploadPanelState>;

export function createUploadPanel(): UploadPanelStore {
  return createStore<UploadPanelState>()(() => ({
    files: [],
    options: FORM_DEFAULTS,
    fromLink: null,
    seenLink: null,
    preview: null,
    previewFor: null,
  }));
}

/** The page's one upload panel (the controller previews it; `Data`'s panel shows it). */
export const uploadPanel: UploadPanelStore = createUploadPanel();

export function useUploadPanel<T>(selector: (s: UploadPanelState) => T): T {
  return useStore(uploadPanel, selector);
}

/** The key of the link whose files the page waits for (null: no link waits). */
export function waitingLink(s: Explorer): string | null {
  const waiting = s.data.status === 'error' && s.data.error === WAITING_FOR_FILES;
  return waiting && s.params.upload ? JSON.stringify([s.params.upload, s.params.scale]) : null;
}

/** A person's edit of options: the form no longer holds a link's options untouched. */
export function editUploadOptions(patch: Partial<UploadOptions>, panel = uploadPanel): void {
  panel.setState((x) => ({ fromLink: null, options: { ...x.options, ...patch } }));
}

/** The whole form replaced (a recipe picked). */
export function setUploadOptions(options: UploadOptions, panel = uploadPanel): void {
  panel.setState({ options });
}

/**
 * New files at hand: their preview starts over; the unit and task size are guessed again unless
 * the form holds a waiting link's options.
 */
export function chooseFiles(files: File[], keepLinkOptions: boolean, panel = uploadPanel): void {
  if (files.length === 0) return;
  panel.setState((x) => ({
    files,
    preview: null,
    ...(keepLinkOptions ? {} : { options: { ...x.options, unit: '', taskSize: '' } }),
  }));
}

/**
 * The preview of the files and options at hand once it has been read: a confirmation typed while
 * an edit is still being previewed (Enter right after typing the cores) waits for that preview
 * instead of judging the files by the previous one. Null when no files are at hand.
 */
export function previewAtHand(panel: UploadPanelStore = uploadPanel): Promise<Preview | null> {
  const current = (s: UploadPanelState) =>
    s.files.length === 0
      ? null
      : s.previewFor?.files === s.files && s.previewFor.options === s.options
        ? s.preview
        : undefined;
  const now = current(panel.getState());
  if (now !== undefined) return Promise.resolve(now);
  return new Promise((resolve) => {
    const stop = panel.subscribe((s) => {
      const p = current(s);
      if (p === undefined) return;
      stop();
      resolve(p);
    });
  });
}

/** Fills the form with a waiting link's options, once per link. */
function adoptWaitingLink(s: Explorer, panel: UploadPanelStore): void {
  const link = waitingLink(s);
  if (link === null || link === panel.getState().seenLink) return;
  panel.setState({
    seenLink: link,
    fromLink: link,
    options: { ...FORM_DEFAULTS, ...formFromLink(s.params.upload!, s.params.scale) },
  });
}

/**
 * The form after a preview landed: the detected unit preselected once (the user confirms or
 * changes it), and the task size applied shown in its box (never empty while a size is applied).
 */
function withGuesses(x: UploadOptions, p: Preview): UploadOptions {
  const applied = p.spec && 'scale' in p.spec ? p.spec.scale : p.spec ? 1 : undefined;
  const unit = !x.unit && p.unitGuess ? p.unitGuess.unit : x.unit;
  const size = !x.taskSize.trim() && applied !== undefined ? String(applied) : x.taskSize;
  return unit === x.unit && size === x.taskSize ? x : { ...x, unit, taskSize: size };
}

/**
 * Previews the panel's files whenever they or the options change (the controller runs it); returns
 * the function that stops previewing (a preview in flight then never lands).
 */
export function previewUploads(
  explorer: ExplorerStore,
  ingest: Pick<Ingest, 'previewFiles'>,
  panel: UploadPanelStore = uploadPanel,
): () => void {
  const run = latestRun<Preview, never>();
  const preview = (files: File[], options: UploadOptions) => {
    const problems = formProblems(options);
    return run.start(
      async () =>
        problems.length > 0
          ? unreadPreview(problems.map((x) => x.message).join('\n'))
          : ingest.previewFiles(files, requestOf(options)),
      {
        running: () => {},
        ready: (p) =>
          panel.setState((x) => ({
            preview: p,
            previewFor: { files, options },
            options: withGuesses(x.options, p),
          })),
        // A preview says what is wrong with the files in its `error`; a failure is the reader's own.
        failed: (e) =>
          panel.setState({
            preview: unreadPreview(describeError(e)),
            previewFor: { files, options },
          }),
      },
    );
  };
  let asked: Pick<UploadPanelState, 'files' | 'options'> | null = null;
  const follow = (s: UploadPanelState) => {
    if (s.files.length === 0 || (s.files === asked?.files && s.options === asked.options)) return;
    asked = { files: s.files, options: s.options };
    void preview(s.files, s.options);
  };
  // Files chosen before previews started (their code loads apart) are previewed now.
  follow(panel.getState());
  const stopPanel = panel.subscribe(follow);
  const stopLinks = explorer.subscribe((s) => adoptWaitingLink(s, panel));
  adoptWaitingLink(explorer.getState(), panel);
  return () => {
    stopPanel();
    stopLinks();
    run.cancel();
  };
}
