/**
 * The Cluster view's rows of the URL codec: one row over `Params.cluster` with a key per setting,
 * each written in the Cluster view or when it differs from its default (the machine types only
 * when edited: `machineTypesToLink`, every type's name, capacities, count and powers).
 */
import { CLASS_FEATURES, type ClassFeatures } from '../../engine/cluster/classPacking.ts';
import type { EpsilonSplit } from '../../engine/cluster/fit.ts';
import {
  machineTypesFromLink,
  machineTypesToLink,
  type MachineType,
} from '../../engine/cluster/machineTypes.ts';
import { MULTI_PACKERS, type MultiPacker, type OpenPolicy } from '../../engine/cluster/pack.ts';
import { CLAIRVOYANCE } from '../../engine/index.ts';
import {
  CLUSTER_DATASETS,
  CLUSTER_FITS,
  CLUSTER_RESOURCES,
  DEFAULT_CLUSTER,
  type ClusterSettings,
} from './params.ts';
import type { Params } from '../common/params.ts';
import { int, num, oneOf, ranged, type UrlCodec, type UrlField } from '../common/urlField.ts';

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

type Row = {
  [K in keyof ClusterSettings]: readonly [string, K, UrlCodec<ClusterSettings[K]>];
}[keyof ClusterSettings];

const ROWS: readonly Row[] = [
  ['cd', 'dataset', oneOf('cluster dataset', CLUSTER_DATASETS)],
  ['cres', 'resources', oneOf('resource list', CLUSTER_RESOURCES)],
  ['ct', 'types', typesCodec],
  ['cfit', 'fit', oneOf('cluster fit test', CLUSTER_FITS)],
  ['ceps', 'eps', num('ε', (v) => v > 0 && v < 1)],
  ['csplit', 'split', oneOf<EpsilonSplit>('ε split', ['union', 'indep'])],
  ['calgo', 'packer', oneOf<MultiPacker>('cluster packer', MULTI_PACKERS)],
  ['copen', 'open', oneOf<OpenPolicy>('opening policy', ['order', 'energy'])],
  ['cr', 'realizations', int('cluster realizations', 10, 20_000)],
  ['ckap', 'clairvoyance', ranged(CLAIRVOYANCE)],
  ['ck', 'k', int('class count', 1, 40)],
  ['cfeat', 'features', oneOf<ClassFeatures>('class features', CLASS_FEATURES)],
  ['cper', 'periods', int('period count', 1, 96)],
  ['cdel', 'targetDelay', num('target delay', (v) => v > 0 && v <= 10)],
];

/** Only edited machine types go in the link (the default table is long). */
const ONLY_WHEN_CHANGED = new Set<keyof ClusterSettings>(['types']);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const clusterField: UrlField = {
  keys: ROWS.map((r) => r[0]),
  field: 'cluster',
  write(p: Params, q) {
    for (const [key, prop, codec] of ROWS) {
      const value = p.cluster[prop];
      const changed = !same(value, DEFAULT_CLUSTER[prop]);
      if (changed || (p.view === 'cluster' && !ONLY_WHEN_CHANGED.has(prop)))
        q.set(key, (codec.write as (v: typeof value) => string)(value));
    }
  },
  read(q, notices, named = (k) => k) {
    const out: Record<string, unknown> = { ...DEFAULT_CLUSTER };
    for (const [key, prop, codec] of ROWS) {
      const raw = q.get(key);
      if (raw === null) continue;
      const r = codec.read(raw);
      if ('value' in r) out[prop] = r.value;
      else
        notices.push(
          `Ignored ${named(key)}=${JSON.stringify(raw)}: ${r.problem}; using the default.`,
        );
    }
    return out as unknown as ClusterSettings;
  },
};

export const CLUSTER_URL_FIELDS: readonly UrlField[] = [clusterField];
