/**
 * The URL codec's table, one list per view: key, parameter, codec (type and validation) and when
 * the row is written. A new view or wing adds its list here and to `URL_FIELDS`.
 */
import {
  CAPACITY,
  CLAIRVOYANCE,
  FAMILIES,
  PACKERS,
  REALIZATIONS,
  type FitFamily,
  type PackerKind,
} from '../engine/index.ts';
import {
  DEFAULT_PARAMS,
  PINNED_FIELDS,
  TUNE_MODES,
  VIEWS,
  type Params,
  type PinnedParams,
  type TuneMode,
  type ViewId,
} from './params.ts';
import { PAPER_URL_FIELDS } from './paperUrlFields.ts';
import { RESIZE_URL_FIELDS } from './resizeUrlFields.ts';
import { TIMELINE_URL_FIELDS } from './timelineUrlFields.ts';
import { CLUSTER_URL_FIELDS } from './clusterUrlFields.ts';
import { PROM_URL_FIELDS } from './promUrlFields.ts';
import {
  fitCodec,
  flag,
  int,
  listOf,
  navigation,
  nullable,
  num,
  oneOf,
  ranged,
  urlField,
  type UrlField,
} from './urlField.ts';

const DATASET_ID = /^[a-z0-9][a-z0-9._-]{0,80}$/;
const SHA256 = /^[0-9a-f]{64}$/;

/** The user's files: names, their SHA-256 and the loader format, all three or none. */
const uploadField: UrlField = {
  keys: ['files', 'h', 'fmt'],
  field: 'upload',
  write(p, q) {
    if (!p.upload) return;
    q.set('files', p.upload.names.join('|'));
    q.set('h', p.upload.hash);
    q.set('fmt', p.upload.format);
  },
  read(q, notices) {
    if (!q.has('h') && !q.has('files')) return null;
    const names = (q.get('files') ?? '').split('|').filter((s) => s.length > 0);
    const hash = q.get('h') ?? '';
    if (names.length > 0 && SHA256.test(hash))
      return { names, hash, format: q.get('fmt') ?? 'auto' };
    notices.push(
      'Ignored the uploaded-files part of the link: it needs file names and a SHA-256 hash.',
    );
    return null;
  },
};

export const VIEW_URL_FIELDS: readonly UrlField[] = [
  navigation(urlField('view', 'view', oneOf<ViewId>('view', VIEWS))),
];

/** The workload and the packing: every view's numbers depend on them. */
export const WORKLOAD_URL_FIELDS: readonly UrlField[] = [
  urlField('d', 'dataset', {
    read: (raw) => (DATASET_ID.test(raw) ? { value: raw } : { problem: 'not a valid dataset' }),
    write: (v) => v,
  }),
  uploadField,
  urlField(
    's',
    'scale',
    num('scale', (v) => v > 0 && v <= 1000),
  ),
  urlField('n', 'tasks', int('tasks', 1, 100_000)),
  urlField('r', 'realizations', ranged(REALIZATIONS)),
  urlField('seed', 'seed', int('seed', 0, Number.MAX_SAFE_INTEGER)),
  urlField('i', 'instance', int('instance', 0, 10_000)),
];

export const PACKING_URL_FIELDS: readonly UrlField[] = [
  urlField('algo', 'packer', oneOf<PackerKind>('packer', PACKERS)),
  urlField('fit', 'fit', fitCodec),
  urlField('c', 'capacity', ranged(CAPACITY)),
  urlField('k', 'clairvoyance', ranged(CLAIRVOYANCE)),
  urlField('src', 'source', oneOf<Params['source']>('source', ['inst', 'avg'])),
  urlField('rb', 'rebalance', int('rebalance', 0, 1000)),
  urlField('K', 'instances', int('instances', 1, 500)),
  urlField('tail', 'tail', flag, 'changed'),
  navigation(urlField('m', 'machine', nullable(int('machine', 0, 1e6)), 'changed')),
];

export const LEARN_URL_FIELDS: readonly UrlField[] = [
  navigation(urlField('lesson', 'lesson', int('lesson', 1, 8), 'learn')),
  urlField('step', 'step', int('step', 0, 1_000_000), 'changed'),
];

export const TUNE_URL_FIELDS: readonly UrlField[] = [
  navigation(urlField('tm', 'tuneMode', oneOf<TuneMode>('tuneMode', TUNE_MODES), 'tune')),
  urlField('fam', 'tuneFamily', oneOf<FitFamily>('tuneFamily', FAMILIES), 'tune'),
  urlField('fams', 'tuneFamilies', listOf<FitFamily>('tuneFamilies', FAMILIES), 'tune'),
  urlField(
    'qt',
    'target',
    num('target', (v) => v > 0 && v < 1),
    'tune',
  ),
  urlField(
    'conf',
    'confidence',
    num('confidence', (v) => v > 0.5 && v < 1),
    'tune',
  ),
];

/** The rows an A/B comparison pins (the packing's parameters), to write inside `ab`. */
const PINNED_ROWS = [...WORKLOAD_URL_FIELDS, ...PACKING_URL_FIELDS].filter((r) =>
  (PINNED_FIELDS as readonly string[]).includes(r.field),
);

/**
 * A/B: the pinned side's parameters as a link of their own inside `ab` (the same keys and checks
 * as the current side's); a bad value in it falls back to the default with a notice naming `ab`.
 */
const pinnedField: UrlField = navigation({
  keys: ['ab'],
  field: 'pinned',
  write(p, q) {
    if (!p.pinned) return;
    const inner = new URLSearchParams();
    const side = { ...DEFAULT_PARAMS, ...p.pinned };
    for (const row of PINNED_ROWS) row.write(side, inner);
    q.set('ab', inner.toString());
  },
  read(q, notices) {
    const raw = q.get('ab');
    if (raw === null) return null;
    const inner = new URLSearchParams(raw);
    const side: Record<string, unknown> = {};
    for (const row of PINNED_ROWS)
      side[row.field] = row.read(inner, notices, (key) => `ab: ${key}`);
    return side as unknown as PinnedParams;
  },
});

export const AB_URL_FIELDS: readonly UrlField[] = [pinnedField];

/** Every row, in the order keys appear in a link. */
export const URL_FIELDS: readonly UrlField[] = [
  ...VIEW_URL_FIELDS,
  ...WORKLOAD_URL_FIELDS,
  ...PACKING_URL_FIELDS,
  ...LEARN_URL_FIELDS,
  ...TUNE_URL_FIELDS,
  ...PAPER_URL_FIELDS,
  ...RESIZE_URL_FIELDS,
  ...TIMELINE_URL_FIELDS,
  ...AB_URL_FIELDS,
  ...CLUSTER_URL_FIELDS,
  ...PROM_URL_FIELDS,
];

/** The parameters whose change is a navigation (pushes a history entry). */
export const NAVIGATION_FIELDS: readonly (keyof Params)[] = URL_FIELDS.filter(
  (r) => r.navigates,
).map((r) => r.field);
