/**
 * The URL codec for shareable parameters: pure, versioned, tolerant. `decode` never throws: unknown
 * keys are ignored, bad values fall back to defaults with a notice naming the key and the value, and
 * older versions are migrated. `decode(encode(p))` gives `p` back (a property test checks it).
 */
import {
  FAMILIES,
  PACKERS,
  formatFit,
  parseFit,
  type FitFamily,
  type PackerKind,
} from '../engine/index.ts';
import {
  DEFAULT_PARAMS,
  TUNE_MODES,
  VIEWS,
  type Params,
  type TuneMode,
  type UploadRef,
  type ViewId,
} from './params.ts';
import { FIGURE_IDS, type FigureId } from '../engine/analysis/paperFigures.ts';

export const URL_VERSION = 1;

export interface Decoded {
  readonly params: Params;
  readonly notices: string[];
}

export function encode(p: Params): string {
  const q = new URLSearchParams();
  q.set('v', String(URL_VERSION));
  q.set('view', p.view);
  q.set('d', p.dataset);
  if (p.upload) {
    q.set('files', p.upload.names.join('|'));
    q.set('h', p.upload.hash);
    q.set('fmt', p.upload.format);
  }
  q.set('s', String(p.scale));
  q.set('n', String(p.tasks));
  q.set('r', String(p.realizations));
  q.set('seed', String(p.seed));
  q.set('i', String(p.instance));
  q.set('algo', p.packer);
  q.set('fit', formatFit(p.fit));
  q.set('c', String(p.capacity));
  q.set('k', String(p.clairvoyance));
  q.set('src', p.source);
  q.set('rb', String(p.rebalance));
  q.set('K', String(p.instances));
  if (p.tail) q.set('tail', '1');
  if (p.machine !== null) q.set('m', String(p.machine));
  if (p.view === 'learn' || p.lesson !== DEFAULT_PARAMS.lesson) q.set('lesson', String(p.lesson));
  if (p.step !== DEFAULT_PARAMS.step) q.set('step', String(p.step));
  const tune = p.view === 'tune';
  if (tune || p.tuneMode !== DEFAULT_PARAMS.tuneMode) q.set('tm', p.tuneMode);
  if (tune || p.tuneFamily !== DEFAULT_PARAMS.tuneFamily) q.set('fam', p.tuneFamily);
  if (tune || p.tuneFamilies.join() !== DEFAULT_PARAMS.tuneFamilies.join())
    q.set('fams', p.tuneFamilies.join(','));
  if (tune || p.target !== DEFAULT_PARAMS.target) q.set('qt', String(p.target));
  if (tune || p.confidence !== DEFAULT_PARAMS.confidence) q.set('conf', String(p.confidence));
  const lab = p.view === 'paper';
  if (lab || p.paperFigure !== DEFAULT_PARAMS.paperFigure) q.set('fig', p.paperFigure);
  if (lab || p.paperOverlay !== DEFAULT_PARAMS.paperOverlay)
    q.set('paper', p.paperOverlay ? '1' : '0');
  if (lab || p.paperInstances !== DEFAULT_PARAMS.paperInstances)
    q.set('pK', String(p.paperInstances));
  if (lab || p.paperSums !== DEFAULT_PARAMS.paperSums) q.set('pS', String(p.paperSums));
  if (lab || p.paperN !== DEFAULT_PARAMS.paperN) q.set('pN', String(p.paperN));
  if (lab || p.paperExample !== DEFAULT_PARAMS.paperExample) q.set('pE', String(p.paperExample));
  if (lab || p.paperWindow !== DEFAULT_PARAMS.paperWindow) q.set('pW', String(p.paperWindow));
  return q.toString();
}

type Check<T> = (raw: string) => T | undefined;

const int =
  (min: number, max: number): Check<number> =>
  (raw) => {
    const v = Number(raw);
    return raw.trim() !== '' && Number.isInteger(v) && v >= min && v <= max ? v : undefined;
  };
const num =
  (ok: (v: number) => boolean): Check<number> =>
  (raw) => {
    const v = Number(raw);
    return raw.trim() !== '' && Number.isFinite(v) && ok(v) ? v : undefined;
  };
const oneOf =
  <T extends string>(values: readonly T[]): Check<T> =>
  (raw) =>
    (values as readonly string[]).includes(raw) ? (raw as T) : undefined;

const families: Check<readonly FitFamily[]> = (raw) => {
  const list = raw.split(',').map((f) => f.trim());
  if (!list.every((f) => (FAMILIES as readonly string[]).includes(f))) return undefined;
  return list.length > 0 ? [...new Set(list as FitFamily[])] : undefined;
};

const DATASET_ID = /^[a-z0-9][a-z0-9._-]{0,80}$/;

export function decode(search: string): Decoded {
  const q = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const notices: string[] = [];
  if (q.size === 0) return { params: DEFAULT_PARAMS, notices };
  const version = q.get('v');
  if (version !== null && version !== String(URL_VERSION)) {
    const v = Number(version);
    if (!(Number.isInteger(v) && v >= 0 && v < URL_VERSION))
      notices.push(
        `This link is from a newer or unknown version (v=${version}); read as version ${URL_VERSION}.`,
      );
  }
  const read = <K extends keyof Params>(
    key: string,
    field: K,
    check: Check<Params[K]>,
  ): Params[K] => {
    const raw = q.get(key);
    if (raw === null) return DEFAULT_PARAMS[field];
    const v = check(raw);
    if (v === undefined) {
      notices.push(
        `Ignored ${key}=${JSON.stringify(raw)}: not a valid ${String(field)}; using ${describe(DEFAULT_PARAMS[field])}.`,
      );
      return DEFAULT_PARAMS[field];
    }
    return v;
  };
  const fit = read('fit', 'fit', (raw) => {
    try {
      return parseFit(raw);
    } catch {
      return undefined;
    }
  });
  const dataset = read('d', 'dataset', (raw) => (DATASET_ID.test(raw) ? raw : undefined));
  let upload: UploadRef | null = null;
  if (q.has('h') || q.has('files')) {
    const names = (q.get('files') ?? '').split('|').filter((s) => s.length > 0);
    const hash = q.get('h') ?? '';
    if (names.length > 0 && /^[0-9a-f]{64}$/.test(hash))
      upload = { names, hash, format: q.get('fmt') ?? 'auto' };
    else
      notices.push(
        'Ignored the uploaded-files part of the link: it needs file names and a SHA-256 hash.',
      );
  }
  const m = q.get('m');
  const machine = m === null ? null : (int(0, 1e6)(m) ?? null);
  if (m !== null && machine === null)
    notices.push(`Ignored m=${JSON.stringify(m)}: not a machine number.`);
  const params: Params = {
    dataset,
    upload,
    scale: read(
      's',
      'scale',
      num((v) => v > 0 && v <= 1000),
    ),
    tasks: read('n', 'tasks', int(1, 100_000)),
    realizations: read('r', 'realizations', int(2, 100_000)),
    seed: read('seed', 'seed', int(0, Number.MAX_SAFE_INTEGER)),
    instance: read('i', 'instance', int(0, 10_000)),
    packer: read('algo', 'packer', oneOf<PackerKind>(PACKERS)),
    fit,
    capacity: read(
      'c',
      'capacity',
      num((v) => v > 0 && v <= 1000),
    ),
    clairvoyance: read(
      'k',
      'clairvoyance',
      num((v) => v > 0 && v <= 1),
    ),
    source: read('src', 'source', oneOf(['inst', 'avg'] as const)),
    rebalance: read('rb', 'rebalance', int(0, 1000)),
    instances: read('K', 'instances', int(1, 500)),
    tail: read('tail', 'tail', (raw) => (raw === '1' ? true : raw === '0' ? false : undefined)),
    view: read('view', 'view', oneOf<ViewId>(VIEWS)),
    machine,
    lesson: read('lesson', 'lesson', int(1, 6)),
    step: read('step', 'step', int(0, 1_000_000)),
    tuneMode: read('tm', 'tuneMode', oneOf<TuneMode>(TUNE_MODES)),
    tuneFamily: read('fam', 'tuneFamily', oneOf<FitFamily>(FAMILIES)),
    tuneFamilies: read('fams', 'tuneFamilies', families),
    target: read(
      'qt',
      'target',
      num((v) => v > 0 && v < 1),
    ),
    confidence: read(
      'conf',
      'confidence',
      num((v) => v > 0.5 && v < 1),
    ),
    paperFigure: read('fig', 'paperFigure', oneOf<FigureId>(FIGURE_IDS)),
    paperOverlay: read('paper', 'paperOverlay', (raw) =>
      raw === '1' ? true : raw === '0' ? false : undefined,
    ),
    paperInstances: read('pK', 'paperInstances', int(1, 500)),
    paperSums: read('pS', 'paperSums', int(1, 100_000)),
    paperN: read('pN', 'paperN', int(1, 100_000)),
    paperExample: read('pE', 'paperExample', int(0, 1_000_000)),
    paperWindow: read('pW', 'paperWindow', int(2, 10_000)),
  };
  return { params, notices };
}

function describe(v: unknown): string {
  if (v && typeof v === 'object' && 'kind' in v) return formatFit(v as Params['fit']);
  return String(v);
}
