/**
 * The view registry: every view listed once, in the nav's order, with what the rest of the page
 * derives from it — its name and help in the nav, its rows of the link (and so the history: rows
 * marked `navigates` push an entry), the frame it sits in and the shared parameters its side panel
 * shows (the phone layout folds that panel below the view), the parameters it owns ("Reset this
 * view"), and what the controller runs while it is open. Its code is one lazy import in
 * `ui/viewComponents.ts`. A new view: its folder, its name in `VIEWS` (params.ts) and one entry
 * here; TypeScript refuses a name without its entry or component. No other file lists the views
 * or compares a view's name (`scripts/viewNames.ts`, part of `npm run lint`).
 */
import { CLUSTER_PARAMS } from '../../cluster/params.ts';
import { CLUSTER_URL_FIELDS } from '../../cluster/urlFields.ts';
import { LEARN_PARAMS, SEMI_ONLINE_LESSON } from '../../learn/params.ts';
import { PACK_RUNS } from '../../pack/extras.ts';
import { PACK_PARAMS } from '../../pack/params.ts';
import { PACK_URL_FIELDS } from '../../pack/urlFields.ts';
import { PAPER_PARAMS } from '../../paper/params.ts';
import { RESIZE_PARAMS } from '../../resize/params.ts';
import { RESIZE_URL_FIELDS } from '../../resize/urlFields.ts';
import { SCHEDULERS_PARAMS } from '../../schedulers/params.ts';
import { SCHEDULERS_URL_FIELDS } from '../../schedulers/urlFields.ts';
import { REQUESTS_PARAMS } from '../../requests/params.ts';
import { REQUESTS_URL_FIELDS } from '../../requests/urlFields.ts';
import { DEFAULT_TIMELINE_PARAMS, TIMELINE_PARAMS } from '../../timeline/params.ts';
import { TIMELINE_URL_FIELDS } from '../../timeline/urlFields.ts';
import { TRADEOFF_PARAMS } from '../../tradeoff/params.ts';
import { TUNE_PARAMS } from '../../tune/params.ts';
import { WHATIF_PARAMS } from '../../whatif/params.ts';
import { WHATIF_URL_FIELDS } from '../../whatif/urlFields.ts';
import {
  ALL_PANEL_FIELDS,
  panelFields,
  type PanelDeclaration,
  type PanelField,
} from '../store/panelFields.ts';
import { flatRows } from '../link/paramRows.ts';
import type { Params, ViewId } from '../store/params.ts';
import type { UrlField } from '../link/urlField.ts';
import type { WingRun } from '../runs/wingRun.ts';

/** Where a view sits on the page. */
export type ViewFrame =
  /** In the main column beside the side panel its `panel` declares (none: the whole width). */
  | 'panel'
  /** In a main column of its own, no side panel. */
  | 'column'
  /** It lays out its own columns (its settings and its numbers; its `<main id="main">`). */
  | 'own';

export interface ViewEntry<Id extends string = ViewId> {
  readonly id: Id;
  /** Its name in the nav. */
  readonly label: string;
  /** What it shows, one sentence (the nav button's title). */
  readonly help: string;
  readonly frame: ViewFrame;
  /** The main column's class, beside `content` (a column or a panel view). */
  readonly className?: string;
  /** Its wing's parameters as declared, by field (key, default, range, unit, navigation). */
  readonly params?: { readonly [field: string]: { readonly key: string } };
  /** Its rows of the link, in link order (the view's own row and the workload's come first). */
  readonly urlRows?: readonly UrlField[];
  /**
   * The shared workload and packing parameters its numbers depend on, shown in the side panel
   * beside it (a `panel` frame; none or empty: no side panel).
   */
  readonly panel?: PanelDeclaration;
  /** The parameters it owns: "Reset this view" sets them back to their defaults. */
  readonly owns: readonly (keyof Params)[];
  /**
   * What it runs while it is open (the controller starts them; wingRun.ts). Pack and Trade-off
   * run as the controller's steps; the work is imported when first needed.
   */
  readonly runs?: readonly WingRun[];
  /** Its numbers read the realized pool (the controller realizes and packs it while it is open). */
  readonly readsPool?: boolean;
  /** Opening it asks for the trade-off sweep (the controller's sweep step, kept once asked). */
  readonly readsSweep?: boolean;
}

const TIMELINE_RUNS: readonly WingRun[] = [
  {
    inputs: (s) => [s.params, s.data.dataset?.key ?? null, s.data.status],
    run: (runner, s) =>
      void import('../../timeline/runs.ts').then((m) => m.syncTimeline(runner, s.params)),
  },
];

const RESIZE_RUNS: readonly WingRun[] = [
  {
    inputs: (s) => [s.params.resize],
    run: (runner, s, now) =>
      void import('../../resize/runs.ts').then((m) =>
        m.syncResize(runner, s.params.resize, () => now().params.resize),
      ),
  },
];

const CLUSTER_RUNS: readonly WingRun[] = [
  {
    inputs: (s) => [s.params.cluster, s.params.seed, s.params.prom],
    run: (runner, s) =>
      void import('../../cluster/runs.ts').then((m) =>
        m.refreshCluster(runner, s.params.cluster, s.params.seed, false, s.params.prom),
      ),
  },
];

const SCHEDULERS_RUNS: readonly WingRun[] = [
  {
    inputs: (s) => [s.params.schedulers, s.params.dataset, s.data.dataset, s.data.status],
    run: (runner, s) =>
      void import('../../schedulers/runs.ts').then((m) => {
        const source = m.schedulersSource(s);
        if (source.kind === 'waiting' || source.kind === 'no-series') return;
        const data = source.kind === 'loaded' ? source.data : null;
        return m.refreshSchedulers(runner, s.params.schedulers, false, data);
      }),
  },
];

const REQUESTS_RUNS: readonly WingRun[] = [
  {
    inputs: (s) => [
      s.params.requests,
      s.params.dataset,
      s.data.dataset,
      s.data.status,
      s.params.prom,
    ],
    run: (runner, s) =>
      void import('../../requests/runs.ts').then((m) => {
        const source = m.requestsSource(s);
        if (source.kind === 'waiting' || source.kind === 'no-series') return;
        const data = source.kind === 'loaded' ? source.data : null;
        return m.refreshRequests(runner, s.params.requests, false, data);
      }),
  },
];

const WHATIF_RUNS: readonly WingRun[] = [
  {
    inputs: (s) => [s.params.whatif, s.params.dataset, s.data.dataset, s.data.status],
    run: (runner, s) =>
      void Promise.all([import('../../whatif/runs.ts'), import('../sources/seriesSource.ts')]).then(
        ([m, sources]) => {
          const source = sources.seriesSource(s);
          if (source.kind === 'waiting' || source.kind === 'no-series') return;
          return m.refreshWhatif(
            runner,
            s.params.whatif,
            false,
            source.kind === 'loaded' ? source.data : null,
          );
        },
      ),
  },
];

const TUNE_RUNS: readonly WingRun[] = [
  {
    inputs: (s) => [s.params, s.pool],
    run: (runner, s) => void import('../../tune/runs.ts').then((m) => m.syncCalibration(runner, s)),
  },
];

const PAPER_RUNS: readonly WingRun[] = [
  {
    inputs: (s) => [s.params, s.pool, s.data],
    run: (runner, s) =>
      void import('../../paper/figureRun.ts').then((m) => m.syncFigure(runner, s)),
  },
];

const LEARN_RUNS: readonly WingRun[] = [
  {
    inputs: (s) => [s.params.lesson === SEMI_ONLINE_LESSON],
    run: (runner, s) => {
      if (s.params.lesson === SEMI_ONLINE_LESSON)
        void import('../../timeline/dayCurve.ts').then((m) => m.syncDayCurve(runner));
    },
  },
];

/** The pool every packing view draws from: the data, the task size, R and the seed. */
const POOL: readonly PanelField[] = [
  'dataset',
  'scale',
  'realizations',
  'realization',
  'block',
  'seed',
];
/** What a grid of packings varies over beside the fit test (sweepKey, the tuner's run config). */
const PACKING_BUT_FIT: readonly PanelField[] = [
  'packer',
  'capacity',
  'clairvoyance',
  'source',
  'rebalance',
];

const TRADEOFF_ROWS: readonly UrlField[] = flatRows(TRADEOFF_PARAMS, 'always');
const LEARN_ROWS: readonly UrlField[] = flatRows(LEARN_PARAMS, 'learn');
const TUNE_ROWS: readonly UrlField[] = flatRows(TUNE_PARAMS, 'tune');
const PAPER_ROWS: readonly UrlField[] = flatRows(PAPER_PARAMS, 'paper');
const TIMELINE_PANEL = (p: Params): readonly PanelField[] =>
  p.timelineSource === 'vms' ? ['dataset', 'scale'] : [];
const TIMELINE_OWNS = Object.keys(DEFAULT_TIMELINE_PARAMS) as (keyof Params)[];

/** Each view's entry under its name, in the nav's order: the one place a view is listed. */
const ENTRIES = {
  pack: {
    label: 'Pack',
    help: 'Tasks packed onto machines, each judged.',
    frame: 'panel',
    params: PACK_PARAMS,
    urlRows: PACK_URL_FIELDS,
    panel: ALL_PANEL_FIELDS,
    owns: ['machine', 'pinned'],
    runs: PACK_RUNS,
    readsPool: true,
  },
  tradeoff: {
    label: 'Trade-off',
    help: 'Machines against violations, per fit test.',
    frame: 'panel',
    params: TRADEOFF_PARAMS,
    urlRows: TRADEOFF_ROWS,
    panel: [...POOL, 'tasks', ...PACKING_BUT_FIT],
    owns: ['instances', 'tail'],
    readsPool: true,
    readsSweep: true,
  },
  data: {
    label: 'Data',
    help: 'The traces: published, yours, or live.',
    frame: 'panel',
    // The load's memory estimate counts the pool at the current R.
    panel: ['dataset', 'scale', 'realizations'],
    owns: ['dataset', 'upload', 'scale', 'tasks', 'realizations'],
    readsPool: true,
  },
  learn: {
    label: 'Learn',
    help: 'Lessons on small examples.',
    frame: 'column',
    className: 'learn-content',
    params: LEARN_PARAMS,
    urlRows: LEARN_ROWS,
    owns: ['lesson', 'step'],
    runs: LEARN_RUNS,
  },
  tune: {
    label: 'Tune',
    help: 'A fit test tuned to an SLO target.',
    frame: 'panel',
    params: TUNE_PARAMS,
    urlRows: TUNE_ROWS,
    panel: [...POOL, 'tasks', ...PACKING_BUT_FIT],
    owns: ['tuneMode', 'tuneFamily', 'tuneFamilies', 'target', 'confidence'],
    runs: TUNE_RUNS,
    readsPool: true,
  },
  paper: {
    label: 'Paper lab',
    help: "The GPA paper's figures, rebuilt.",
    frame: 'panel',
    params: PAPER_PARAMS,
    urlRows: PAPER_ROWS,
    panel: [...POOL, 'tasks', 'packer'],
    owns: [
      'paperFigure',
      'paperOverlay',
      'paperInstances',
      'paperSums',
      'paperN',
      'paperExample',
      'paperWindow',
    ],
    runs: PAPER_RUNS,
    readsPool: true,
  },
  timeline: {
    label: 'Timeline',
    help: 'The cluster over time.',
    frame: 'panel',
    params: TIMELINE_PARAMS,
    urlRows: TIMELINE_URL_FIELDS,
    // Only its per-VM source reads the panel's dataset; the rest is in the view.
    panel: TIMELINE_PANEL,
    owns: TIMELINE_OWNS,
    runs: TIMELINE_RUNS,
  },
  resize: {
    label: 'Resize',
    help: 'Requests set from usage history.',
    frame: 'own',
    params: RESIZE_PARAMS,
    urlRows: RESIZE_URL_FIELDS,
    owns: ['resize'],
    runs: RESIZE_RUNS,
  },
  cluster: {
    label: 'Cluster',
    help: 'Machine types, resources and classes.',
    frame: 'column',
    params: CLUSTER_PARAMS,
    urlRows: CLUSTER_URL_FIELDS,
    owns: ['cluster'],
    runs: CLUSTER_RUNS,
  },
  schedulers: {
    label: 'Schedulers',
    help: 'Schedulers compared on one history.',
    frame: 'column',
    params: SCHEDULERS_PARAMS,
    urlRows: SCHEDULERS_URL_FIELDS,
    panel: [],
    owns: ['schedulers'],
    runs: SCHEDULERS_RUNS,
  },
  requests: {
    label: 'Requests',
    help: 'Requests that keep the SLO, beside krr and the VPA.',
    frame: 'column',
    params: REQUESTS_PARAMS,
    urlRows: REQUESTS_URL_FIELDS,
    panel: [],
    owns: ['requests'],
    runs: REQUESTS_RUNS,
  },
  whatif: {
    label: 'Replay',
    help: 'Two schedulers replayed as the cluster runs, node by node.',
    frame: 'column',
    params: WHATIF_PARAMS,
    urlRows: WHATIF_URL_FIELDS,
    panel: [],
    owns: ['whatif'],
    runs: WHATIF_RUNS,
  },
  model: {
    label: 'Model',
    help: 'The model in words and formulas.',
    frame: 'column',
    owns: [],
  },
} satisfies { readonly [view: string]: Omit<ViewEntry<string>, 'id'> };

declare module '../store/params.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ViewNames extends Record<keyof typeof ENTRIES, true> {}
}

/** Every view's name, in the nav's order. */
export const VIEWS = Object.keys(ENTRIES) as readonly ViewId[];

/** Every view, in the nav's order. */
export const VIEW_REGISTRY: readonly ViewEntry[] = VIEWS.map((id) => ({ id, ...ENTRIES[id] }));

const BY_NAME = new Map(VIEW_REGISTRY.map((v) => [v.id, v]));

/** The entry of `view`. */
export function viewEntry(view: ViewId): ViewEntry {
  return BY_NAME.get(view)!;
}

/** The shared parameters the side panel shows beside `view` (an empty set: no side panel). */
export function panelOf(view: ViewId, p: Params): ReadonlySet<PanelField> {
  return panelFields(viewEntry(view).panel, p);
}
