/**
 * The wings, each listed once: the view it opens, the declaration of its parameters (its
 * `params.ts`), its rows of the link, in link order, and the shared parameters its side panel shows.
 * The URL codec's table is the shared rows followed by every wing's; a new wing adds its folder and
 * one entry here.
 */
import { CLUSTER_PARAMS } from '../cluster/params.ts';
import { CLUSTER_URL_FIELDS } from '../cluster/urlFields.ts';
import { LEARN_PARAMS, SEMI_ONLINE_LESSON } from '../learn/params.ts';
import { PACK_RUNS } from '../pack/extras.ts';
import { PACK_PARAMS } from '../pack/params.ts';
import { PACK_URL_FIELDS } from '../pack/urlFields.ts';
import { PAPER_PARAMS } from '../paper/params.ts';
import { RESIZE_PARAMS } from '../resize/params.ts';
import { RESIZE_URL_FIELDS } from '../resize/urlFields.ts';
import { SCHEDULERS_PARAMS } from '../schedulers/params.ts';
import { SCHEDULERS_URL_FIELDS } from '../schedulers/urlFields.ts';
import { TIMELINE_PARAMS } from '../timeline/params.ts';
import { TIMELINE_URL_FIELDS } from '../timeline/urlFields.ts';
import { TRADEOFF_PARAMS } from '../tradeoff/params.ts';
import { TUNE_PARAMS } from '../tune/params.ts';
import {
  ALL_PANEL_FIELDS,
  panelFields,
  type PanelDeclaration,
  type PanelField,
} from './panelFields.ts';
import { flatRows } from './paramRows.ts';
import type { Params, ViewId } from './params.ts';
import type { UrlField } from './urlField.ts';
import type { WingRun } from './wingRun.ts';

export interface Wing {
  /** The view it opens. */
  readonly id: ViewId;
  /** Its parameters as declared, by field (key, default, range, unit, navigation). */
  readonly params: { readonly [field: string]: { readonly key: string } };
  readonly urlRows: readonly UrlField[];
  /**
   * The shared workload and packing parameters its numbers depend on, shown in the side panel
   * beside its view (none: the view has no side panel; its own parameters live in the view).
   */
  readonly panel?: PanelDeclaration;
  /**
   * What it runs while its view is open (the controller starts them; wingRun.ts). Pack and
   * Trade-off run as the controller's steps; the work is imported when first needed.
   */
  readonly runs?: readonly WingRun[];
}

const TIMELINE_RUNS: readonly WingRun[] = [
  {
    inputs: (s) => [s.params, s.data.dataset?.key ?? null, s.data.status],
    run: (runner, s) =>
      void import('../timeline/runs.ts').then((m) => m.syncTimeline(runner, s.params)),
  },
];

const RESIZE_RUNS: readonly WingRun[] = [
  {
    inputs: (s) => [s.params.resize],
    run: (runner, s, now) =>
      void import('../resize/runs.ts').then((m) =>
        m.syncResize(runner, s.params.resize, () => now().params.resize),
      ),
  },
];

const CLUSTER_RUNS: readonly WingRun[] = [
  {
    inputs: (s) => [s.params.cluster, s.params.seed, s.params.prom],
    run: (runner, s) =>
      void import('../cluster/runs.ts').then((m) =>
        m.refreshCluster(runner, s.params.cluster, s.params.seed, false, s.params.prom),
      ),
  },
];

const SCHEDULERS_RUNS: readonly WingRun[] = [
  {
    inputs: (s) => [s.params.schedulers],
    run: (runner, s) =>
      void import('../schedulers/runs.ts').then((m) =>
        m.refreshSchedulers(runner, s.params.schedulers),
      ),
  },
];

const TUNE_RUNS: readonly WingRun[] = [
  {
    inputs: (s) => [s.params, s.pool],
    run: (runner, s) => void import('../tune/runs.ts').then((m) => m.syncCalibration(runner, s)),
  },
];

const PAPER_RUNS: readonly WingRun[] = [
  {
    inputs: (s) => [s.params, s.pool, s.data],
    run: (runner, s) => void import('../paper/figureRun.ts').then((m) => m.syncFigure(runner, s)),
  },
];

const LEARN_RUNS: readonly WingRun[] = [
  {
    inputs: (s) => [s.params.lesson === SEMI_ONLINE_LESSON],
    run: (runner, s) => {
      if (s.params.lesson === SEMI_ONLINE_LESSON)
        void import('../timeline/dayCurve.ts').then((m) => m.syncDayCurve(runner));
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

export const WINGS: readonly Wing[] = [
  {
    id: 'pack',
    params: PACK_PARAMS,
    urlRows: PACK_URL_FIELDS,
    panel: ALL_PANEL_FIELDS,
    runs: PACK_RUNS,
  },
  {
    id: 'tradeoff',
    params: TRADEOFF_PARAMS,
    urlRows: flatRows(TRADEOFF_PARAMS, 'always'),
    panel: [...POOL, 'tasks', ...PACKING_BUT_FIT],
  },
  // The load's memory estimate counts the pool at the current R.
  { id: 'data', params: {}, urlRows: [], panel: ['dataset', 'scale', 'realizations'] },
  {
    id: 'learn',
    params: LEARN_PARAMS,
    urlRows: flatRows(LEARN_PARAMS, 'learn'),
    runs: LEARN_RUNS,
  },
  {
    id: 'tune',
    params: TUNE_PARAMS,
    urlRows: flatRows(TUNE_PARAMS, 'tune'),
    runs: TUNE_RUNS,
    panel: [...POOL, 'tasks', ...PACKING_BUT_FIT],
  },
  {
    id: 'paper',
    params: PAPER_PARAMS,
    urlRows: flatRows(PAPER_PARAMS, 'paper'),
    runs: PAPER_RUNS,
    panel: [...POOL, 'tasks', 'packer'],
  },
  { id: 'resize', params: RESIZE_PARAMS, urlRows: RESIZE_URL_FIELDS, runs: RESIZE_RUNS },
  {
    id: 'timeline',
    params: TIMELINE_PARAMS,
    urlRows: TIMELINE_URL_FIELDS,
    runs: TIMELINE_RUNS,
    // Only its per-VM source reads the panel's dataset; the rest is in the view.
    panel: (p) => (p.timelineSource === 'vms' ? ['dataset', 'scale'] : []),
  },
  { id: 'cluster', params: CLUSTER_PARAMS, urlRows: CLUSTER_URL_FIELDS, runs: CLUSTER_RUNS },
  {
    id: 'schedulers',
    params: SCHEDULERS_PARAMS,
    urlRows: SCHEDULERS_URL_FIELDS,
    runs: SCHEDULERS_RUNS,
    panel: [],
  },
];

/** The shared parameters the side panel shows beside `view` (an empty set: no side panel). */
export function panelOf(view: ViewId, p: Params): ReadonlySet<PanelField> {
  return panelFields(WINGS.find((w) => w.id === view)?.panel, p);
}
