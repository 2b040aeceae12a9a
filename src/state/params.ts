/**
 * The shareable parameters: everything that changes a number. Defaults are the explorer's first
 * view (the PlanetLab day, 1,000 VMs at scale 0.25, R = 10,000, seed 1, Best Fit, GPA ρ = 0.01,
 * c = 1, κ = 1, inst, rebalancing 5).
 */
import {
  DEFAULT_FAMILIES,
  type FitFamily,
  type FitSpec,
  type PackerKind,
  type PackParams,
  type Source,
} from '../engine/index.ts';
import type { FigureId } from '../engine/analysis/paperFigures.ts';
import { DEFAULT_RESIZE, type ResizeParams } from './resizeParams.ts';
import { DEFAULT_TIMELINE_PARAMS, type TimelineViewParams } from './timelineParams.ts';
import { DEFAULT_CLUSTER, type ClusterSettings } from './clusterParams.ts';
import type { PromSource } from '../engine/index.ts';

export const VIEWS = [
  'pack',
  'tradeoff',
  'data',
  'learn',
  'tune',
  'paper',
  'timeline',
  'resize',
  'cluster',
] as const;
export type ViewId = (typeof VIEWS)[number];

export interface UploadRef {
  /** File names, in the order they were given. */
  readonly names: readonly string[];
  /** Hex SHA-256 over the files' bytes in that order (a link asks for the files and checks it). */
  readonly hash: string;
  /** Loader format, as the loaders name it (e.g. "wide"). */
  readonly format: string;
}

export interface Params extends TimelineViewParams {
  readonly dataset: string;
  readonly upload: UploadRef | null;
  readonly scale: number;
  readonly tasks: number;
  readonly realizations: number;
  readonly seed: number;
  readonly instance: number;
  readonly packer: PackerKind;
  readonly fit: FitSpec;
  readonly capacity: number;
  readonly clairvoyance: number;
  readonly source: Source;
  readonly rebalance: number;
  /** Instances K of the trade-off sweep. */
  readonly instances: number;
  /** Whether the trade-off grid adds the tail-aware fit tests to the paper's. */
  readonly tail: boolean;
  readonly view: ViewId;
  /** Selected machine in Pack (opening order, 0-based), or null. */
  readonly machine: number | null;
  /** Learn: the open lesson (1–7) and its step (what the step means is the lesson's own). */
  readonly lesson: number;
  readonly step: number;
  /** Tune: the open panel (calibration sweep or auto-tuner). */
  readonly tuneMode: TuneMode;
  /** Tune: the family the calibration sweeps, and the families the auto-tuner tunes. */
  readonly tuneFamily: FitFamily;
  readonly tuneFamilies: readonly FitFamily[];
  /** Tune: target SLO q* (overflow frequency, e.g. 0.001 for 99.9 %) and the tuner's confidence. */
  readonly target: number;
  readonly confidence: number;
  /** Paper lab: the open figure, the "paper" overlay, and its sizes (R, N', seed, packer above). */
  readonly paperFigure: FigureId;
  readonly paperOverlay: boolean;
  /** Paper lab: instances K of the packing figures and sums per N of Table 1 / Fig. 6. */
  readonly paperInstances: number;
  readonly paperSums: number;
  /** Paper lab: Fig. 5's N and which random sum; §3.4's window Δ. */
  readonly paperN: number;
  readonly paperExample: number;
  readonly paperWindow: number;
  /** Cluster: machine types, resources, fit tests, classes and provisioning (clusterParams.ts). */
  readonly cluster: ClusterSettings;
  /** The live Prometheus source of the Data view's From Prometheus panel (no token), if any. */
  readonly prom: PromSource | null;
  /** Resize: workload, policy, predictor and replay (resizeParams.ts). */
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
] as const satisfies readonly (keyof Params)[];

export type PinnedParams = Pick<Params, (typeof PINNED_FIELDS)[number]>;

/** The packing parameters of `p`, to pin. */
export function pinnedOf(p: Params): PinnedParams {
  return Object.fromEntries(PINNED_FIELDS.map((f) => [f, p[f]])) as unknown as PinnedParams;
}

/** The parameters of the pinned side: `p` with its pinned packing parameters (null: none pinned). */
export function pinnedSide(p: Params): Params | null {
  return p.pinned ? { ...p, ...p.pinned, pinned: null } : null;
}

export const TUNE_MODES = ['calibrate', 'auto'] as const;
export type TuneMode = (typeof TUNE_MODES)[number];

export const DEFAULT_PARAMS: Params = {
  dataset: 'planetlab-20110303',
  upload: null,
  scale: 0.25,
  tasks: 1000,
  realizations: 10_000,
  seed: 1,
  instance: 0,
  packer: 'bf',
  fit: { kind: 'gpa', rho: 0.01 },
  capacity: 1,
  clairvoyance: 1,
  source: 'inst',
  rebalance: 5,
  instances: 10,
  tail: false,
  view: 'pack',
  machine: null,
  lesson: 1,
  step: 0,
  tuneMode: 'calibrate',
  tuneFamily: 'gpa',
  tuneFamilies: DEFAULT_FAMILIES,
  target: 0.001,
  confidence: 0.95,
  paperFigure: 'fig2',
  paperOverlay: true,
  paperInstances: 50,
  paperSums: 10_000,
  paperN: 50,
  paperExample: 0,
  paperWindow: 12,
  resize: DEFAULT_RESIZE,
  ...DEFAULT_TIMELINE_PARAMS,
  pinned: null,
  cluster: DEFAULT_CLUSTER,
  prom: null,
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
  return JSON.stringify([p.dataset, p.upload?.hash ?? null, p.scale, p.realizations, p.seed]);
}

/** Identifies one packing result. */
export function packKey(p: Params): string {
  return JSON.stringify([poolKey(p), p.tasks, p.instance, packParams(p)]);
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
