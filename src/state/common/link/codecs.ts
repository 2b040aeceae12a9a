/**
 * How a parameter's text in a link reads (with the check that refuses a bad value, by the same
 * message as the CLI and the panel) and writes: numbers, choices, flags, lists, fit tests.
 */
import {
  decimalOrNull,
  formatFit,
  parseFit,
  textProblem,
  type FitSpec,
  type NumberRange,
} from '../../../engine/index.ts';

/** A value, or what is wrong with the text. */
export type Read<T> = { readonly value: T } | { readonly problem: string };

export interface UrlCodec<T> {
  read(raw: string): Read<T>;
  write(value: T): string;
}

/** The codec's reading, or its failure as a problem: a row never throws (malformed %-escapes…). */
export function readSafely<T>(codec: UrlCodec<T>, raw: string): Read<T> {
  try {
    return codec.read(raw);
  } catch (e) {
    return { problem: `unreadable (${e instanceof Error ? e.message : String(e)})` };
  }
}

const bad = (what: string) => ({ problem: `not a valid ${what}` });

/** A number in a shared range (engine/ranges.ts): the message names the range. */
export function ranged(range: NumberRange): UrlCodec<number> {
  return {
    read: (raw) => {
      const problem = textProblem(range, raw);
      return problem === null ? { value: decimalOrNull(raw)! } : { problem };
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
export const fitCodec: UrlCodec<FitSpec> = {
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
