/**
 * One row of the URL codec's table: a key, the parameter it carries, how its text reads and writes
 * (with the validation that refuses a bad value, by the same message as the CLI and the panel),
 * and when it is written. Views add their rows as lists; `url.ts` concatenates them.
 */
import { formatFit } from '../../../engine/index.ts';
import { readSafely, type UrlCodec } from './codecs.ts';
import { DEFAULT_PARAMS, type Params } from '../store/params.ts';

export {
  fitCodec,
  flag,
  int,
  listOf,
  nullable,
  num,
  oneOf,
  ranged,
  type Read,
  type UrlCodec,
} from './codecs.ts';

export interface UrlField {
  /** The keys the row reads and writes (most rows: one). */
  readonly keys: readonly string[];
  readonly field: keyof Params;
  /** Whether changing it is a navigation (a history entry, so Back returns), not an edit. */
  readonly navigates?: boolean;
  /** Adds the row's keys for `p` (or nothing, when the row is left out of this link). */
  write(p: Params, q: URLSearchParams): void;
  /**
   * The row's value: the default when absent; the default and a notice when invalid. `named` gives
   * the key as the link spelled it (a migrated link may have used an older key).
   */
  read(
    q: URLSearchParams,
    notices: string[],
    named?: (key: string) => string,
  ): Params[keyof Params];
}

/** The row, marked as navigation: a change to it pushes a history entry (steps/urlSync.ts). */
export function navigation(row: UrlField): UrlField {
  return { ...row, navigates: true };
}

/** When a row is written: always, only when not the default, or in its view (or when changed). */
export type WriteWhen = 'always' | 'changed' | Params['view'];

function shouldWrite<K extends keyof Params>(p: Params, field: K, when: WriteWhen): boolean {
  if (when === 'always') return true;
  const changed = JSON.stringify(p[field]) !== JSON.stringify(DEFAULT_PARAMS[field]);
  return when === 'changed' ? changed : p.view === when || changed;
}

/** A one-key row. */
export function urlField<K extends keyof Params>(
  key: string,
  field: K,
  codec: UrlCodec<Params[K]>,
  when: WriteWhen = 'always',
): UrlField {
  return {
    keys: [key],
    field,
    write(p, q) {
      if (shouldWrite(p, field, when)) q.set(key, codec.write(p[field]));
    },
    read(q, notices, named = (k) => k) {
      const raw = q.get(key);
      if (raw === null) return DEFAULT_PARAMS[field];
      const r = readSafely(codec, raw);
      if ('value' in r) return r.value;
      notices.push(
        `Ignored ${named(key)}=${JSON.stringify(raw)}: ${r.problem}; using ${describe(DEFAULT_PARAMS[field])}.`,
      );
      return DEFAULT_PARAMS[field];
    },
  };
}

function describe(v: unknown): string {
  if (v && typeof v === 'object' && 'kind' in v) return formatFit(v as Params['fit']);
  return String(v);
}
