/**
 * The explorer's one store, in slices: parameters (mirrored in the URL), dataset, pool, packing,
 * sweep, notices. Results carry the key of the parameters that made them, so a view can tell a
 * stale result (kept visible, marked) from a current one.
 */
import { createStore } from 'zustand/vanilla';
import { useStore as useZustand } from 'zustand';
import type { SweepRow } from '../../../engine/index.ts';
import type { Progress as LoadProgress } from '../../../ingest/stream.ts';
import type { PackResponse, PoolHandle, Progress } from '../../../runtime/runner.ts';
import type { Dataset } from '../sources/datasets.ts';

export type { Dataset };
import { DEFAULT_PARAMS, type Params } from './params.ts';

type Status = 'idle' | 'running' | 'ready' | 'error';

interface Notice {
  readonly id: number;
  readonly kind: 'info' | 'warning' | 'error';
  readonly text: string;
  /** A button beside the text (e.g. Retry); the notice goes when it is pressed. */
  readonly action?: { readonly label: string; run(): void };
  /** How many times it was said (a repeated notice collapses into one, counted). */
  readonly count: number;
}

/** How long a notice stays, in ms (null: until dismissed); a repeat starts its time again. */
export const NOTICE_LIFETIME: Record<Notice['kind'], number | null> = {
  info: 8000,
  warning: 30000,
  error: null,
};

/** Notices shown at most; the oldest that is not an error makes way first. */
export const MAX_NOTICES = 8;

export interface ExplorerState {
  params: Params;
  /** Counts navigations (`navigate`): the URL step pushes a history entry for each. */
  navigations: number;
  /** Counts the app's own adjustments (`adjust`): the URL step adds no history entry for them. */
  adjustments: number;
  notices: Notice[];
  data: {
    status: Status;
    key: string | null;
    dataset: Dataset | null;
    progress: LoadProgress | null;
    error: string | null;
  };
  pool: {
    status: Status;
    key: string | null;
    handle: PoolHandle | null;
    /** "cancelled" after Cancel (not retried until asked, or the parameters change). */
    error: string | null;
    progress?: Progress | null;
  };
  pack: {
    status: Status;
    /** The key of `response` (a run in flight keeps the last result's key until it lands). */
    key: string | null;
    response: PackResponse | null;
    /** The parameters `response` was packed with (its target, capacity, realization mode). */
    params?: Params | null;
    error: string | null;
    /** The packKey of a packing cancelled by the user: not retried until asked. */
    cancelled?: string | null;
    /** Shown from the build's first packing (state/pack/firstPack.ts), not yet packed here. */
    provisional?: boolean;
  };
  machine: { key: string | null; totals: Float64Array | null };
  /** A/B: the pinned side's packing, keyed by its packKey, and the pool it was packed on. */
  ab: {
    status: Status;
    key: string | null;
    response: PackResponse | null;
    error: string | null;
    pool: PoolHandle | null;
  };
  sweep: {
    status: Status;
    key: string | null;
    rows: SweepRow[];
    progress: Progress | null;
    error: string | null;
    /** The parameters `rows` were computed with (the last completed grid). */
    rowsParams?: Params | null;
    /** Whether the last run was cancelled (its rows are the grid before). */
    cancelled?: boolean;
  };
  runtime: {
    mode: 'pool' | 'inline';
    workers: number;
    shared: boolean;
    text: string;
    slower: boolean;
  };
}

interface ExplorerActions {
  /** A person's edit: one history entry once the edits settle. */
  setParams(patch: Partial<Params>): void;
  /** Sets parameters as a navigation (a link followed): Back returns to the state before. */
  navigate(patch: Partial<Params>): void;
  /**
   * Sets parameters the app chose itself (fitted to the data or the memory budget, restored after a
   * failed load, a playback's frame): the current history entry is rewritten, none is added, so
   * Back never lands on a state the app would adjust again.
   */
  adjust(patch: Partial<Params>): void;
  notify(kind: Notice['kind'], text: string, action?: Notice['action']): void;
  dismiss(id: number): void;
}

export type Explorer = ExplorerState & ExplorerActions;

let noticeId = 1;

/** The notices with `text` added, or its count raised if it is there already; and the notice's id. */
function noticesWith(
  notices: Notice[],
  kind: Notice['kind'],
  text: string,
  action?: Notice['action'],
) {
  const same = notices.find((n) => n.text === text && n.kind === kind);
  if (same)
    return {
      id: same.id,
      notices: notices.map((n) => (n === same ? { ...n, count: n.count + 1 } : n)),
    };
  const id = noticeId++;
  const next = [...notices, { id, kind, text, count: 1, ...(action && { action }) }];
  while (next.length > MAX_NOTICES) {
    const old = next.findIndex((n) => n.kind !== 'error');
    next.splice(old >= 0 ? old : 0, 1);
  }
  return { id, notices: next };
}

export function createExplorerStore(initial: Partial<ExplorerState> = {}) {
  const expiry = new Map<number, ReturnType<typeof setTimeout>>();
  const expire = (id: number, after: number | null, dismiss: (id: number) => void) => {
    clearTimeout(expiry.get(id));
    expiry.delete(id);
    if (after === null) return;
    const timer = setTimeout(() => dismiss(id), after);
    (timer as { unref?: () => void }).unref?.();
    expiry.set(id, timer);
  };
  return createStore<Explorer>()((set, get) => ({
    params: DEFAULT_PARAMS,
    navigations: 0,
    adjustments: 0,
    notices: [],
    data: { status: 'idle', key: null, dataset: null, progress: null, error: null },
    pool: { status: 'idle', key: null, handle: null, error: null },
    pack: { status: 'idle', key: null, response: null, error: null },
    machine: { key: null, totals: null },
    ab: { status: 'idle', key: null, response: null, error: null, pool: null },
    sweep: { status: 'idle', key: null, rows: [], progress: null, error: null },
    runtime: { mode: 'inline', workers: 0, shared: false, text: 'starting…', slower: false },
    ...initial,
    setParams: (patch) => set((s) => ({ params: { ...s.params, ...patch } })),
    navigate: (patch) =>
      set((s) => ({ params: { ...s.params, ...patch }, navigations: s.navigations + 1 })),
    adjust: (patch) =>
      set((s) => ({ params: { ...s.params, ...patch }, adjustments: s.adjustments + 1 })),
    notify: (kind, text, action) => {
      const { id, notices } = noticesWith(get().notices, kind, text, action);
      set({ notices });
      expire(id, NOTICE_LIFETIME[kind], get().dismiss);
    },
    dismiss: (id) => {
      expire(id, null, () => {});
      set((s) => ({ notices: s.notices.filter((n) => n.id !== id) }));
    },
  }));
}

export type ExplorerStore = ReturnType<typeof createExplorerStore>;

export const explorer: ExplorerStore = createExplorerStore();

export function useExplorer<T>(selector: (s: Explorer) => T): T {
  return useZustand(explorer, selector);
}
