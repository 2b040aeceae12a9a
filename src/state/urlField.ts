/**
 * One row of the URL codec's table: a key, the parameter it carries, how its text reads and writes
 * (with the validation that refuses a bad value, by the same message as the CLI and the panel),
 * and when it is written. Views add their rows as lists; `url.ts` concatenates them.
 */
import {
  decimalOrNull,
  formatFit,
  parseFit,
  textProblem,
  type NumberRange,
} from '../engine/index.ts';
import { DEFAULT_PARAMS, type Params } from './params.ts';

/** A value, or what is wrong with the text. */
export type Read<T> = { readonly value: T } | { readonly problem: string };

export interface UrlCodec<T> {
  read(raw: string): Read<T>;
  write(value: T): string;
}

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

/** The codec's reading, or its failure as a problem: a row never throws (malformed %-escapes…). */
function readSafely<T>(codec: UrlCodec<T>, raw: string): Read<T> {
  try {
    return codec.read(raw);
  } catch (e) {
    return { problem: `unreadable (${e instanceof Error ? e.message : String(e)})` };
  }
}

function describe(v: unknown): string {
  if (v && typeof v === 'object' && 'kind' in v) return formatFit(v as Params['fit']);
  return String(v);
}

const bad = (what: string) => ({ problem: `not a valid ${what}` });

/** A number in a shared range (engine/ranges.ts): the message names the range. */
export function ranged(range: NumberRange): UrlCodec<number> {
  return {
    read: (raw) => {
      const problem = textProblem(range, raw);
      return problem === null ? { value: Number(raw) } : { problem };
    },
    write: String,
  };
}

/** An integer in [min, max]. */
export function int(what: string, min: number, max: number): UrlCodec<number> {
  return {
    read: (raw) => {
      const v = decimalOrNull(raw) ?? NaN;
      return Number.isInteger(v) && v >= min && v <= max ? { value: v } : bad(what);
    },
    write: String,
  };
}

/** A finite number that `ok` accepts. */
export function num(what: string, ok: (v: number) => boolean): UrlCodec<number> {
  return {
    read: (raw) => {
      const v = decimalOrNull(raw);
      return v !== null && ok(v) ? { value: v } : bad(what);
    },
    write: String,
  };
}

export function oneOf<T extends string>(what: string, values: readonly T[]): UrlCodec<T> {
  return {
    read: (raw) => ((values as readonly string[]).includes(raw) ? { value: raw as T } : bad(what)),
    write: (v) => v,
  };
}

/** "1" or "0". */
export const flag: UrlCodec<boolean> = {
  read: (raw) => (raw === '1' ? { value: true } : raw === '0' ? { value: false } : bad('flag')),
  write: (v) => (v ? '1' : '0'),
};

/** A fit test in the registry's notation; a bad one is refused with the registry's message. */
export const fitCodec: UrlCodec<Params['fit']> = {
  read: (raw) => {
    try {
      return { value: parseFit(raw) };
    } catch (e) {
      if (e instanceof RangeError) return { problem: e.message };
      throw e;
    }
  },
  write: formatFit,
};

/** A comma-separated list of distinct `values`, at least one. */
export function listOf<T extends string>(
  what: string,
  values: readonly T[],
): UrlCodec<readonly T[]> {
  return {
    read: (raw) => {
      const list = raw.split(',').map((f) => f.trim());
      if (list.length === 0 || !list.every((f) => (values as readonly string[]).includes(f)))
        return bad(what);
      return { value: [...new Set(list as T[])] };
    },
    write: (v) => v.join(','),
  };
}

/** A number or null (absent). */
export function nullable(codec: UrlCodec<number>): UrlCodec<number | null> {
  return { read: codec.read, write: (v) => codec.write(v as number) };
}
