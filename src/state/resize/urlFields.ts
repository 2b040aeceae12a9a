/**
 * The Resize view's rows of the URL codec's table (see urlFields.ts): one row over the `resize`
 * parameter, one key per sub-parameter, each validated on its own (a bad one falls back to its
 * default with a notice naming the key).
 */
import type { Params } from '../common/params.ts';
import {
  DEFAULT_RESIZE,
  RESIZE_POLICIES,
  RESIZE_PREDICTORS,
  RESIZE_WORKLOAD_IDS,
  type ResizeParams,
} from './params.ts';
import { flag, int, num, oneOf, type UrlCodec, type UrlField } from '../common/urlField.ts';

type Codecs = { readonly [K in keyof ResizeParams]: readonly [string, UrlCodec<ResizeParams[K]>] };

const alpha = (what: string) => num(what, (v) => v >= -1 && v <= 1);

/** Key and codec of every sub-parameter, in link order. */
export const RESIZE_KEYS: Codecs = {
  workload: ['rw', oneOf('resize workload', RESIZE_WORKLOAD_IDS)],
  policy: ['rp', oneOf('resize policy', RESIZE_POLICIES)],
  every: ['rK', int('repack period K', 1, 100_000)],
  predictor: ['rpr', oneOf('predictor', RESIZE_PREDICTORS)],
  upAlpha: ['ua', alpha('FUSD ↑α (in [−1, 1])')],
  downAlpha: ['da', alpha('FUSD ↓α (in [−1, 1])')],
  window: ['rW', int('window W', 1, 10_000)],
  percentile: ['pct', num('percentile (in [0, 100])', (v) => v >= 0 && v <= 100)],
  z: ['z', num('z', (v) => v >= -10 && v <= 10)],
  gpaHot: ['gh', flag],
  hot: ['hot', num('hot-spot threshold (> 0)', (v) => v > 0 && v <= 10)],
  scenario: [
    'sc',
    {
      read: (raw) =>
        /^[a-z0-9-]{1,40}$/.test(raw) ? { value: raw } : { problem: 'not a valid scenario' },
      write: (v) => v,
    },
  ],
  replayStep: ['rs', int('replay step', 0, 1_000_000)],
};

const FIELDS = Object.keys(RESIZE_KEYS) as (keyof ResizeParams)[];

function readOne<K extends keyof ResizeParams>(
  field: K,
  q: URLSearchParams,
  notices: string[],
): ResizeParams[K] {
  const [key, codec] = RESIZE_KEYS[field] as readonly [string, UrlCodec<ResizeParams[K]>];
  const raw = q.get(key);
  if (raw === null) return DEFAULT_RESIZE[field];
  const r = codec.read(raw);
  if ('value' in r) return r.value;
  notices.push(
    `Ignored ${key}=${JSON.stringify(raw)}: ${r.problem}; using ${String(DEFAULT_RESIZE[field])}.`,
  );
  return DEFAULT_RESIZE[field];
}

/** Written in the Resize view, or elsewhere for the sub-parameters that differ from defaults. */
export const resizeField: UrlField = {
  keys: FIELDS.map((f) => RESIZE_KEYS[f][0]),
  field: 'resize',
  write(p: Params, q) {
    for (const f of FIELDS) {
      const v = p.resize[f];
      if (p.view !== 'resize' && v === DEFAULT_RESIZE[f]) continue;
      const [key, codec] = RESIZE_KEYS[f] as readonly [string, UrlCodec<typeof v>];
      q.set(key, codec.write(v));
    }
  },
  read(q, notices) {
    const out: Record<string, unknown> = {};
    for (const f of FIELDS) out[f] = readOne(f, q, notices);
    return out as unknown as ResizeParams;
  },
};

export const RESIZE_URL_FIELDS: readonly UrlField[] = [resizeField];
