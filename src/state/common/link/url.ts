/**
 * The URL codec for shareable parameters: pure, versioned, tolerant, driven by one table of fields
 * (urlFields.ts). `decode` never throws: unknown keys are ignored, bad values fall back to defaults
 * with a notice naming the key and the value, and links of older versions are migrated first.
 * `decode(encode(p))` gives `p` back (a property test checks it).
 */
import { decimalOrNull } from '../../../engine/numberText.ts';
import { DEFAULT_PARAMS, type Params } from '../store/params.ts';
import type { UrlField } from './urlField.ts';
import { URL_FIELDS, navigationFields } from './urlFields.ts';

/**
 * 2: the paper lab's overlay switch is `overlay` (in 1 it was `paper`, easily confused with
 * `view=paper`). A link without `v` is read as version 1, the first one.
 */
export const URL_VERSION = 2;

export interface Decoded {
  readonly params: Params;
  readonly notices: string[];
}

interface Migration {
  /** Rewrites a link of version `from` into version `from + 1`, recording renamed keys. */
  readonly from: number;
  migrate(q: URLSearchParams, renamed: Map<string, string>): void;
}

function renameKey(from: string, to: string): Migration['migrate'] {
  return (q, renamed) => {
    const raw = q.get(from);
    if (raw === null) return;
    q.delete(from);
    if (q.has(to)) return;
    q.set(to, raw);
    renamed.set(to, renamed.get(from) ?? from);
  };
}

const MIGRATIONS: readonly Migration[] = [{ from: 1, migrate: renameKey('paper', 'overlay') }];

/** The link's version, migrating it to the current one; a notice for an unknown version. */
function migrate(q: URLSearchParams, notices: string[]): Map<string, string> {
  const renamed = new Map<string, string>();
  const raw = q.get('v');
  const v = raw === null ? 1 : (decimalOrNull(raw) ?? NaN);
  if (!(Number.isInteger(v) && v >= 1 && v <= URL_VERSION)) {
    notices.push(
      `This link is from a newer or unknown version (v=${raw}); read as version ${URL_VERSION}.`,
    );
    return renamed;
  }
  for (const m of MIGRATIONS) if (m.from >= v) m.migrate(q, renamed);
  return renamed;
}

/** The codec of links over `rows` (the page's: every view's, `URL_FIELDS`). */
export interface LinkCodec {
  encode(p: Params): string;
  decode(search: string): Decoded;
  /** Whether going from `a` to `b` is a navigation (a row marked `navigates` differs). */
  navigates(a: Params, b: Params): boolean;
}

export function linkCodec(rows: readonly UrlField[]): LinkCodec {
  const navigating = navigationFields(rows);
  return {
    encode(p) {
      const q = new URLSearchParams();
      q.set('v', String(URL_VERSION));
      for (const row of rows) row.write(p, q);
      return q.toString();
    },
    decode(search) {
      const q = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
      const notices: string[] = [];
      if (q.size === 0) return { params: DEFAULT_PARAMS, notices };
      const renamed = migrate(q, notices);
      const named = (key: string) => renamed.get(key) ?? key;
      const params: Record<string, unknown> = { ...DEFAULT_PARAMS };
      for (const row of rows) params[row.field] = readRow(row, q, notices, named);
      return { params: params as unknown as Params, notices };
    },
    navigates: (a, b) => navigating.some((f) => JSON.stringify(a[f]) !== JSON.stringify(b[f])),
  };
}

/** The page's links. */
export const LINKS: LinkCodec = linkCodec(URL_FIELDS);

export function encode(p: Params): string {
  return LINKS.encode(p);
}

export function decode(search: string): Decoded {
  return LINKS.decode(search);
}

/**
 * A row's value, isolated from the others: a row that throws (whatever its codec) gives its
 * default and a notice, so no link can stop the page from opening.
 */
function readRow(
  row: UrlField,
  q: URLSearchParams,
  notices: string[],
  named: (key: string) => string,
): unknown {
  try {
    return row.read(q, notices, named);
  } catch (e) {
    notices.push(
      `Ignored ${row.keys.map(named).join(', ')}: unreadable (${e instanceof Error ? e.message : String(e)}); using the default.`,
    );
    return DEFAULT_PARAMS[row.field];
  }
}
