/**
 * The Cluster view's parameters (SPEC §14), one object in `Params.cluster`: the multi-resource
 * dataset and resources, the machine types (HARMONY Table II by default), the fit test and its ε
 * split, the packer and opening policy, the realizations and κ, the classes and the provisioning.
 */
import type { ClassFeatures } from '../engine/cluster/classPacking.ts';
import type { EpsilonSplit, MultiFitSpec } from '../engine/cluster/fit.ts';
import { HARMONY_TYPES, type MachineType } from '../engine/cluster/machineTypes.ts';
import type { MultiPacker, OpenPolicy } from '../engine/cluster/pack.ts';

export const CLUSTER_DATASETS = ['bitbrains-rnd', 'google-gcd-jobs'] as const;
export type ClusterDataset = (typeof CLUSTER_DATASETS)[number];
export const CLUSTER_RESOURCES = ['cpu,mem', 'cpu'] as const;
export type ClusterResources = (typeof CLUSTER_RESOURCES)[number];
export const CLUSTER_FITS = ['gpa', 'additive', 'request', 'maxred'] as const;
export type ClusterFit = (typeof CLUSTER_FITS)[number];

export interface ClusterSettings {
  readonly dataset: ClusterDataset;
  readonly resources: ClusterResources;
  readonly types: readonly MachineType[];
  /** The fit test of the packing drawn; the comparison runs all four on the same tasks. */
  readonly fit: ClusterFit;
  readonly eps: number;
  readonly split: EpsilonSplit;
  readonly packer: MultiPacker;
  readonly open: OpenPolicy;
  readonly realizations: number;
  readonly clairvoyance: number;
  /** Classes k of the k-means panel and the provisioning; features clustered on. */
  readonly k: number;
  readonly features: ClassFeatures;
  /** Provisioning: periods the trace is cut into, and the target mean wait (in periods). */
  readonly periods: number;
  readonly targetDelay: number;
}

export const DEFAULT_CLUSTER: ClusterSettings = {
  dataset: 'bitbrains-rnd',
  resources: 'cpu,mem',
  types: HARMONY_TYPES,
  fit: 'gpa',
  eps: 0.01,
  split: 'union',
  packer: 'ff',
  open: 'order',
  realizations: 1000,
  clairvoyance: 1,
  k: 4,
  features: 'usage',
  periods: 12,
  targetDelay: 0.05,
};

export function resourceList(r: ClusterResources): string[] {
  return r.split(',');
}

/** The fit spec of one kind at the settings' ε and split. */
export function clusterFitSpec(s: ClusterSettings, kind: ClusterFit = s.fit): MultiFitSpec {
  return kind === 'gpa' || kind === 'additive' ? { kind, eps: s.eps, split: s.split } : { kind };
}
