/**
 * The Cluster view's parameters (SPEC §14), one object in `Params.cluster`: the multi-resource
 * dataset and resources, the machine types (HARMONY Table II by default), the fit test and its ε
 * split, the packer and opening policy, the realizations and κ, the classes and the provisioning.
 */
import { CLASS_FEATURES, type ClassFeatures } from '../../engine/cluster/index.ts';
import type { EpsilonSplit, MultiFitSpec } from '../../engine/cluster/index.ts';
import {
  HARMONY_TYPES,
  machineTypesFromLink,
  machineTypesToLink,
  type MachineType,
} from '../../engine/cluster/index.ts';
import { MULTI_PACKERS, type MultiPacker, type OpenPolicy } from '../../engine/cluster/index.ts';
import {
  CLAIRVOYANCE,
  CLUSTER_SLO,
  EPSILON,
  EPSILON_SPLITS,
  numberRange,
  parseSlo,
} from '../../engine/index.ts';
import {
  CLASS_COUNT,
  CLUSTER_REALIZATIONS,
  PERIOD_COUNT,
  TARGET_DELAY,
} from '../../engine/cluster/index.ts';
import type { UrlCodec } from '../common/link/codecs.ts';
import {
  choiceParam,
  customParam,
  defaultsOf,
  numberParam,
  optionalNumber,
  type ParamSpecs,
} from '../common/store/paramSpec.ts';

/** 'prometheus': the live source of the link (`Params.prom`), CPU and memory on its own nodes. */
export const CLUSTER_DATASETS = ['bitbrains-rnd', 'google-gcd-jobs', 'prometheus'] as const;
type ClusterDataset = (typeof CLUSTER_DATASETS)[number];
export const CLUSTER_RESOURCES = ['cpu,mem', 'cpu'] as const;
type ClusterResources = (typeof CLUSTER_RESOURCES)[number];
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
  /**
   * A live source's node memory in GiB (`--memory-per-machine` of `cluster --prometheus`): null
   * takes it from the server; a number replaces the server's (or stands in where it has none).
   */
  readonly nodeMemory: number | null;
}

/** Machine types in a link: every type's name, capacities, count and powers (two resources). */
const typesCodec: UrlCodec<readonly MachineType[]> = {
  read(raw) {
    try {
      return { value: machineTypesFromLink(raw, 2) };
    } catch (e) {
      if (e instanceof RangeError) return { problem: e.message };
      throw e;
    }
  },
  write: machineTypesToLink,
};

/** The Cluster view's parameters, each once: key, default, range, in link order. */
export const CLUSTER_PARAMS: ParamSpecs<ClusterSettings> = {
  dataset: choiceParam<ClusterDataset>('cd', 'bitbrains-rnd', 'cluster dataset', CLUSTER_DATASETS),
  resources: choiceParam<ClusterResources>('cres', 'cpu,mem', 'resource list', CLUSTER_RESOURCES),
  // Only edited machine types go in the link (the default table is long).
  types: customParam('ct', HARMONY_TYPES, typesCodec, {
    onlyChanged: true,
    defaultText: 'the default',
  }),
  fit: choiceParam<ClusterFit>('cfit', 'gpa', 'cluster fit test', CLUSTER_FITS),
  eps: numberParam('ceps', 0.01, EPSILON),
  split: choiceParam<EpsilonSplit>('csplit', 'union', 'ε split', EPSILON_SPLITS),
  packer: choiceParam<MultiPacker>('calgo', 'ff', 'cluster packer', MULTI_PACKERS),
  open: choiceParam<OpenPolicy>('copen', 'order', 'opening policy', ['order', 'energy']),
  realizations: numberParam('cr', 1000, CLUSTER_REALIZATIONS),
  clairvoyance: numberParam('ckap', 1, CLAIRVOYANCE),
  k: numberParam('ck', 4, CLASS_COUNT),
  features: choiceParam<ClassFeatures>('cfeat', 'usage', 'class features', CLASS_FEATURES),
  periods: numberParam('cper', 12, PERIOD_COUNT),
  targetDelay: numberParam('cdel', 0.05, TARGET_DELAY, { unit: 'periods' }),
  nodeMemory: optionalNumber(
    'cmem',
    numberRange('node memory', 'memory', { min: 0, minOpen: true, max: 2 ** 20 }),
    { unit: 'GiB', onlyChanged: true },
  ),
};

export const DEFAULT_CLUSTER: ClusterSettings = defaultsOf(CLUSTER_PARAMS);

export function resourceList(r: ClusterResources): string[] {
  return r.split(',');
}

/**
 * The SLO of one fit test at the settings' ε and split: the link's `cfit`, `ceps` and `csplit` read
 * as one Cluster SLO (`gpa:ε:split`, `additive:ε:split`, `request`, `maxred`; engine/fit/slo.ts).
 */
export function clusterFitSpec(s: ClusterSettings, kind: ClusterFit = s.fit): MultiFitSpec {
  const targeted = kind === 'gpa' || kind === 'additive';
  return parseSlo(targeted ? `${kind}:${s.eps}:${s.split}` : kind, CLUSTER_SLO);
}
