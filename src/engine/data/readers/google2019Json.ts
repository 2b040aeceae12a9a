/**
 * One Google 2019 `instance_usage` JSON line read from its bytes (SPEC §10), as `JSON.parse` would
 * read it but without building the object: the tokenizer's events are followed for the top-level
 * keys (start_time, collection_id, instance_index, the flattened cpu names) and `cpus` inside
 * `average_usage` / `random_sample_usage`; where several names give a field, the first in the
 * list below wins, as before; null counts as absent.
 */
import {
  latin1 as importedLatin1,
  parseDecimal as importedParseDecimal,
} from '../streams/bytes.ts';
import { jsonString as importedJsonString, type JsonEvents } from '../streams/jsonScan.ts';

// Under tsx (the CLI, the Node bench) an imported binding is read through a getter at every use;
// the ones used per value are bound once here.
const latin1 = importedLatin1;
const parseDecimal = importedParseDecimal;
const jsonString = importedJsonString;
/** Field numbers (index of `num`). */
export const F_TIME = 0;
const F_COLLECTION = 1;
const F_INSTANCE = 2;
export const F_INST = 3;
export const F_AVG = 4;

/** Top-level keys: [field, rank] (rank 0 wins), or a nested object holding `cpus`. */
const TOP: Record<string, readonly [number, number]> = {
  start_time: [F_TIME, 0],
  collection_id: [F_COLLECTION, 0],
  instance_index: [F_INSTANCE, 0],
  random_sample_usage_cpus: [F_INST, 1],
  random_sample_cpus: [F_INST, 2],
  average_usage_cpus: [F_AVG, 1],
  average_cpus: [F_AVG, 2],
};
const NESTED: Record<string, number> = { random_sample_usage: F_INST, average_usage: F_AVG };

/** The names above as bytes, for matching keys without making strings. */
const NAMES: readonly { bytes: Uint8Array; top?: readonly [number, number]; nested?: number }[] = [
  ...Object.entries(TOP).map(([k, top]) => ({ bytes: ascii(k), top })),
  ...Object.entries(NESTED).map(([k, nested]) => ({ bytes: ascii(k), nested })),
];

/** The names by their length. */
const BY_LENGTH: (typeof NAMES)[number][][] = [];
for (const name of NAMES) (BY_LENGTH[name.bytes.length] ??= []).push(name);

function ascii(s: string): Uint8Array {
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

function sameBytes(a: Uint8Array, buf: Uint8Array, start: number, end: number): boolean {
  if (a.length !== end - start) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== buf[start + i]) return false;
  return true;
}

const CPUS = ascii('cpus');
const NONE = -1;
const NESTED_CPUS = -2;

/** The fields of the current line: numbers (Number(value)), and the id parts with key bytes. */
export class Google2019Json implements JsonEvents {
  /** Number(value) per field (NaN when absent or not a number). */
  readonly num = new Float64Array(5);
  /** Rank of the value held per field (Infinity: none). */
  private readonly rank = new Float64Array(5);
  /** Each id part as key bytes: its type (1 string, 2 number, 3 other), then its bytes. */
  readonly keys = [new Uint8Array(256), new Uint8Array(256)];
  /** Key lengths (0: absent). */
  readonly keyLengths = new Int32Array(2);
  /** An id part too long for its key buffer, as text. */
  private readonly longIds: (string | null)[] = [null, null];
  private depth = 0;
  private field = NONE;
  private fieldRank = 0;
  private nestedField = NONE;
  private rootIsObject = false;

  /** Clears the fields for a new line. */
  reset(): void {
    this.num.fill(NaN);
    this.rank.fill(Infinity);
    this.keyLengths[0] = this.keyLengths[1] = 0;
    this.longIds[0] = this.longIds[1] = null;
    this.depth = 0;
    this.field = NONE;
    this.nestedField = NONE;
    this.rootIsObject = false;
  }

  open(array: boolean): void {
    const f = this.field;
    this.field = NONE;
    if (this.depth === 0) this.rootIsObject = !array;
    else if (f === NESTED_CPUS) {
      if (array) this.nestedField = NONE;
    } else if (f >= 0) {
      this.field = f;
      this.value(NaN, array ? '' : '[object Object]', null, 0, 0, 3);
    }
    this.depth++;
  }

  close(): void {
    if (--this.depth <= 1) this.nestedField = NONE;
    this.field = NONE;
  }

  key(buf: Uint8Array, start: number, end: number, escaped: boolean): void {
    this.field = NONE;
    if (this.depth === 1 && this.rootIsObject) {
      this.nestedField = NONE;
      if (escaped) {
        const k = ascii(jsonString(buf, start, end, escaped, latin1));
        return this.key(k, 0, k.length, false);
      }
      const candidates = BY_LENGTH[end - start];
      if (candidates === undefined) return;
      for (const name of candidates) {
        if (!sameBytes(name.bytes, buf, start, end)) continue;
        if (name.top) {
          this.field = name.top[0];
          this.fieldRank = name.top[1];
        } else {
          this.field = NESTED_CPUS;
          this.nestedField = name.nested!;
        }
        return;
      }
    } else if (this.depth === 2 && this.nestedField !== NONE) {
      if (escaped) {
        const k = ascii(jsonString(buf, start, end, escaped, latin1));
        return this.key(k, 0, k.length, false);
      }
      if (sameBytes(CPUS, buf, start, end)) {
        this.field = this.nestedField;
        this.fieldRank = 0;
      }
    }
  }

  string(buf: Uint8Array, start: number, end: number, escaped: boolean): void {
    if (this.field < 0) return;
    let x = escaped ? NaN : parseDecimal(buf, start, end);
    let text: string | null = null;
    if (x !== x && this.field !== F_COLLECTION && this.field !== F_INSTANCE) {
      text = jsonString(buf, start, end, escaped, latin1);
      x = text === '' ? NaN : Number(text);
    }
    this.value(x, text, buf, start, end, 1);
  }

  number(buf: Uint8Array, start: number, end: number): void {
    if (this.field < 0) return;
    this.value(parseDecimal(buf, start, end), null, buf, start, end, 2);
  }

  literal(value: boolean | null): void {
    if (this.field >= 0 && value !== null) this.value(NaN, String(value), null, 0, 0, 3);
    this.field = NONE;
  }

  /** A value for the current field (`text`: a string's text, or the id text of a non-number). */
  private value(
    x: number,
    text: string | null,
    buf: Uint8Array | null,
    start: number,
    end: number,
    type: number,
  ): void {
    const f = this.field;
    this.field = NONE;
    if (f < 0 || this.fieldRank > this.rank[f]) return;
    this.rank[f] = this.fieldRank;
    if (f !== F_COLLECTION && f !== F_INSTANCE) {
      this.num[f] = x;
      return;
    }
    const part = f === F_COLLECTION ? 0 : 1;
    const key = this.keys[part];
    const n = buf ? end - start : text!.length;
    this.longIds[part] = null;
    if (n + 2 > key.length) {
      this.longIds[part] = text ?? String(x);
      this.keyLengths[part] = 1;
      key[0] = 0;
      return;
    }
    key[0] = type;
    if (buf) key.set(buf.subarray(start, end), 1);
    else for (let i = 0; i < n; i++) key[1 + i] = text!.charCodeAt(i) & 255;
    this.keyLengths[part] = n + 1;
  }

  /** Id part 0 (collection) or 1 (instance) as text, as `String(value)` gives it. */
  idText(part: number): string {
    const long = this.longIds[part];
    if (long !== null) return long;
    const key = this.keys[part];
    const n = this.keyLengths[part];
    if (key[0] === 2) return String(parseDecimal(key, 1, n));
    let escaped = false;
    for (let i = 1; i < n; i++) if (key[i] === 92) escaped = key[0] === 1;
    return jsonString(key, 1, n, escaped, latin1);
  }

  /** The task id, `collection:instance`. */
  taskId(): string {
    return `${this.idText(0)}:${this.idText(1)}`;
  }
}
