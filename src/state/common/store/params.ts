/**
 * The shareable parameters: everything that changes a number. Defaults are the explorer's first
 * view (the PlanetLab day, 1,000 VMs at scale 0.25, R = 10,000, seed 1, Best Fit, GPA ρ = 0.01,
 * c = 1, κ = 1, inst, rebalancing 5).
 */
import type { PromSource } from '../../../engine/index.ts';
import {
  INSTANCE,
  REALIZATIONS,
  SEED,
  TASK_COUNT,
  TASK_SCALE,
  type PackParams,
} from '../../../engine/index.ts';
import { DEFAULT_CLUSTER, type ClusterSettings } from '../../cluster/params.ts';
import { LEARN_PARAMS, type LearnParams } from '../../learn/params.ts';
import { PACK_PARAMS, type PackViewParams } from '../../pack/params.ts';
import { PAPER_PARAMS, type PaperViewParams } from '../../paper/params.ts';
import { DEFAULT_SCHEDULERS, type SchedulersSettings } from '../../schedulers/params.ts';
import { DEFAULT_REQUESTS, type RequestsSettings } from '../../requests/params.ts';
import { DEFAULT_WHATIF, type WhatifSettings } from '../../whatif/params.ts';
import { DEFAULT_RESIZE, type ResizeParams } from '../../resize/params.ts';
import { DEFAULT_TIMELINE_PARAMS, type TimelineViewParams } from '../../timeline/params.ts';
import { TRADEOFF_PARAMS, type TradeoffParams } from '../../tradeoff/params.ts';
import { TUNE_PARAMS, type TuneViewParams } from '../../tune/params.ts';
import type { LoaderOptions } from '../sources/uploadOptions.ts';
import type { PackRequest } from '../../../protocol/api.ts';
import { customParam, defaultsOf, numberParam, type ParamSpecs } from './paramSpec.ts';

export { TUNE_MODES, type TuneMode } from '../../tune/params.ts';

/**
 * The views' names, in no order: each entry of the view registry adds its own (`declare module` in
 * `state/common/views/views.ts`), so a view is named in its entry alone.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ViewNames {}
export type ViewId = keyof ViewNames & string;

export interface UploadRef {
  /** File names, in the order they were given. */
  readonly names: readonly string[];
  /** Hex SHA-256 over the files' bytes in that order (a link asks for the files and checks it). */
  readonly hash: string;
  /** Loader format, as the loaders name it (e.g. "wide"). */
  readonly format: string;
  /**
   * Every other loader option the files were read with (uploadOptions.ts; the task size is
   * `scale`); null for a link made before links carried them (then nothing checks them).
   */
  readonly options: LoaderOptions | null;
}

/** The workload every view's numbers depend on. */
interface WorkloadParams {
  readonly dataset: string;
  readonly upload: UploadRef | null;
  readonly scale: number;
  readonly tasks: number;
  readonly realizations: number;
  readonly seed: number;
  readonly instance: number;
}

const DATASET_ID = /^[a-z0-9][a-z0-9._-]{0,80}$/;

/** The workload's parameters but the uploaded files (three keys: workloadFields.ts), each once. */
export const WORKLOAD_PARAMS: ParamSpecs<Omit<WorkloadParams, 'upload'>> = {
  dataset: customParam<string>('d', 'planetlab-20110303', {
    read: (raw) => (DATASET_ID.test(raw) ? { value: raw } : { problem: 'not a valid dataset' }),
    write: (v) => v,
  }),
  scale: numberParam('s', 0.25, TASK_SCALE),
  tasks: numberParam('n', 1000, TASK_COUNT),
  realizations: numberParam('r', 10_000, REALIZATIONS),
  seed: numberParam('seed', 1, SEED),
  instance: numberParam('i', 0, INSTANCE),
};

export interface Params
  extends
    WorkloadParams,
    PackViewParams,
    TradeoffParams,
    LearnParams,
    TuneViewParams,
    PaperViewParams,
    TimelineViewParams {
  readonly view: ViewId;
  /** The live Prometheus source of the Data view's From Prometheus panel (no token), if any. */
  readonly prom: PromSource | null;
  /** Cluster: machine types, resources, fit tests, classes and provisioning (cluster/params.ts). */
  readonly cluster: ClusterSettings;
  /** Schedulers: the history, the SLO target, the scheduler's tab and its knob (schedulers/params.ts). */
  readonly schedulers: SchedulersSettings;
  /** Requests: the history, learned share, SLO target and the YAML's strategy (requests/params.ts). */
  readonly requests: RequestsSettings;
  /** Replay: two scheduler settings replayed side by side on one history (whatif/params.ts). */
  readonly whatif: WhatifSettings;
  /** Resize: workload, policy, predictor and replay (resize/params.ts). */
  readonly resize: ResizeParams;
  /** A/B: the pinned side's workload and packing (side A), compared with the current one (B). */
  readonly pinned: PinnedParams | null;
}

/** What a packing depends on: the parameters an A/B comparison pins. */
export const PINNED_FIELDS = [
  'dataset',
  'upload',
  'scale',
  'tasks',
  'realizations',
  'seed',
  'instance',
  'packer',
  'fit',
  'capacity',
  'clairvoyance',
  'source',
  'rebalance',
  'realization',
  'block',
] as const satisfies readonly (keyof Params)[];

export type PinnedParams = Pick<Params, (typeof PINNED_FIELDS)[number]>;

/** The packing parameters of `p`, to pin. */
export function pinnedOf(p: Params): PinnedParams {
  return Object.fromEntries(PINNED_FIELDS.map((f) => [f, p[f]])) as unknown as PinnedParams;
}

/** The parameters of the pinned side: `p` with its pinned packing parameters (null: none pinned). */
export function pinnedSide(p: Params): Params | null {
  return p.pinned ? { ...p, ...p.pinned, pinned: null, moves: [] } : null;
}

export const DEFAULT_PARAMS: Params = {
  ...defaultsOf(WORKLOAD_PARAMS),
  upload: null,
  ...defaultsOf(PACK_PARAMS),
  ...defaultsOf(TRADEOFF_PARAMS),
  view: 'pack',
  prom: null,
  ...defaultsOf(LEARN_PARAMS),
  ...defaultsOf(TUNE_PARAMS),
  ...defaultsOf(PAPER_PARAMS),
  resize: DEFAULT_RESIZE,
  ...DEFAULT_TIMELINE_PARAMS,
  pinned: null,
  cluster: DEFAULT_CLUSTER,
  schedulers: DEFAULT_SCHEDULERS,
  requests: DEFAULT_REQUESTS,
  whatif: DEFAULT_WHATIF,
};

export function packParams(p: Params): PackParams {
  return {
    packer: p.packer,
    fit: p.fit,
    capacity: p.capacity,
    clairvoyance: p.clairvoyance,
    source: p.source,
    rebalance: p.rebalance,
  };
}

/** Identifies the data and realizations a result depends on. */
export function poolKey(p: Params): string {
  const replay =
    p.realization === 'independent'
      ? []
      : [p.realization, p.realization === 'blocks' ? p.block : 0];
  return JSON.stringify([
    p.dataset,
    p.upload?.hash ?? null,
    p.scale,
    p.realizations,
    p.seed,
    ...replay,
  ]);
}

/** Identifies one packing result. */
/** Keys already made, per parameters object: every view and step asks on every store change. */
const packKeys = new WeakMap<Params, string>();

export function packKey(p: Params): string {
  let key = packKeys.get(p);
  if (key === undefined)
    packKeys.set(
      p,
      (key = JSON.stringify([
        poolKey(p),
        p.tasks,
        p.instance,
        packParams(p),
        ...(p.moves.length ? [p.moves] : []),
      ])),
    );
  return key;
}

/** What a worker packs for `p`: its instance, packing parameters and hand moves. */
export function packRequest(p: Params): PackRequest {
  const request = { tasks: p.tasks, instance: p.instance, seed: p.seed, params: packParams(p) };
  return p.moves.length ? { ...request, moves: p.moves } : request;
}

/** Identifies one trade-off sweep (the fit test itself is not part of it: the grid is fixed). */
export function sweepKey(p: Params): string {
  return JSON.stringify([
    poolKey(p),
    p.tasks,
    p.instances,
    p.tail,
    p.packer,
    p.capacity,
    p.clairvoyance,
    p.source,
    p.rebalance,
  ]);
}
