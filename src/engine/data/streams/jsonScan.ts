/**
 * An incremental JSON tokenizer over bytes (RFC 8259 grammar, checked): chunks of any size go in,
 * events (open/close a container, key, string, number, literal) come out, and only the token cut
 * by a chunk's end is carried to the next, so memory is bounded by the longest token, not the
 * document. A syntax error is a `DataError` naming line and column; tokens are handed out as byte
 * ranges valid during the call (strings without their quotes, `escaped` when they hold a `\`).
 */
import { DataError } from './errors.ts';

/** What a scan reports; byte ranges are valid only during the call. */
export interface JsonEvents {
  open(array: boolean): void;
  close(array: boolean): void;
  key(buf: Uint8Array, start: number, end: number, escaped: boolean): void;
  string(buf: Uint8Array, start: number, end: number, escaped: boolean): void;
  number(buf: Uint8Array, start: number, end: number): void;
  literal(value: boolean | null): void;
  /**
   * Optional fast path: while `pairs` is true, an array `[number, "string"]` (plain string) is
   * reported by one call instead of open, number, string, close.
   */
  pairs?: boolean;
  pair?(buf: Uint8Array, numStart: number, numEnd: number, strStart: number, strEnd: number): void;
}

const QUOTE = 34;
const BACKSLASH = 92;
const NL = 10;

// What may come next.
const VALUE = 0;
const VALUE_OR_CLOSE = 1;
const KEY_OR_CLOSE = 2;
const KEY = 3;
const COLON = 4;
const COMMA_OR_CLOSE = 5;
const DONE = 6;

const EXPECTED = [
  'a value',
  "a value or ']'",
  "a quoted key or '}'",
  'a quoted key',
  "':' after a key",
  "',' or a closing bracket",
  'nothing more (the document has ended)',
];

const MAX_DEPTH = 512;
const MAX_TOKEN = 64 * 1024 * 1024;

/** Index just past a JSON number starting at `i`, or -1 when the bytes are not one. */
function numberEnd(b: Uint8Array, i: number, n: number): number {
  if (b[i] === 45) i++;
  if (i >= n) return -1;
  if (b[i] === 48) i++;
  else if (b[i] >= 49 && b[i] <= 57) while (i < n && b[i] >= 48 && b[i] <= 57) i++;
  else return -1;
  if (i < n && b[i] === 46) {
    const from = ++i;
    while (i < n && b[i] >= 48 && b[i] <= 57) i++;
    if (i === from) return -1;
  }
  if (i < n && (b[i] === 101 || b[i] === 69)) {
    i++;
    if (i < n && (b[i] === 43 || b[i] === 45)) i++;
    const from = i;
    while (i < n && b[i] >= 48 && b[i] <= 57) i++;
    if (i === from) return -1;
  }
  return i;
}

function isDelimiter(c: number): boolean {
  return (
    c === 32 || c === 10 || c === 13 || c === 9 || c === 44 || c === 93 || c === 125 || c === 58
  );
}

export class JsonScanner {
  private carry = new Uint8Array(0);
  private carryLength = 0;
  private expect = VALUE;
  private readonly stack = new Uint8Array(MAX_DEPTH);
  /** Open containers. */
  depth = 0;
  /** Absolute offset of the current buffer's first byte, and of the first byte not yet scanned. */
  private base = 0;
  private consumed = 0;
  /** 1-based line of the current position, and the absolute offset where it starts. */
  line = 1;
  private lineStart = 0;

  constructor(
    readonly file: string,
    private readonly events: JsonEvents,
    /** Errors are reported on `lineOffset + line` (a JSON line inside a larger file). */
    private lineOffset = 0,
  ) {}

  /** Starts a new document (one JSON line), on line `lineOffset + 1`. */
  reset(lineOffset: number): void {
    this.expect = VALUE;
    this.depth = 0;
    this.base = 0;
    this.consumed = 0;
    this.line = 1;
    this.lineStart = 0;
    this.carryLength = 0;
    this.lineOffset = lineOffset;
  }

  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    let b = chunk;
    if (this.carryLength > 0) {
      const need = this.carryLength + chunk.length;
      if (need > this.carry.length) {
        const grown = new Uint8Array(Math.max(need, this.carry.length * 2));
        grown.set(this.carry.subarray(0, this.carryLength));
        this.carry = grown;
      }
      this.carry.set(chunk, this.carryLength);
      b = this.carry.subarray(0, need);
      this.carryLength = 0;
    }
    this.base = this.consumed;
    const stop = this.scan(b, 0, b.length, false);
    this.consumed = this.base + stop;
    const rest = b.length - stop;
    if (rest === 0) return;
    if (rest > MAX_TOKEN) this.fail(stop, 'a token longer than 64 MiB');
    if (b.buffer === this.carry.buffer) this.carry.copyWithin(0, stop, b.length);
    else {
      if (rest > this.carry.length) this.carry = new Uint8Array(Math.max(rest, 4096));
      this.carry.set(b.subarray(stop));
    }
    this.carryLength = rest;
  }

  /** True while nothing but whitespace has been read. */
  get blank(): boolean {
    return this.expect === VALUE && this.depth === 0 && this.carryLength === 0;
  }

  /** The document is complete: a cut token is finished, an unclosed container is an error. */
  end(): void {
    if (this.carryLength > 0) {
      const b = this.carry.subarray(0, this.carryLength);
      this.carryLength = 0;
      this.base = this.consumed;
      this.scan(b, 0, b.length, true);
      this.consumed += b.length;
    }
    if (this.expect !== DONE)
      throw this.error(
        this.depth > 0 ? `unexpected end of input (${this.depth} unclosed)` : 'no JSON value',
        null,
      );
  }

  /** Scans a whole buffer as one complete document (e.g. one JSON line). */
  scanAll(b: Uint8Array, start: number, end: number): void {
    this.base = -start;
    this.scan(b, start, end, true);
    if (this.expect !== DONE)
      throw this.error(
        this.depth > 0 ? `unexpected end of input (${this.depth} unclosed)` : 'no JSON value',
        null,
      );
  }

  private error(what: string, column: number | null): DataError {
    const line = this.lineOffset + this.line;
    return new DataError(
      this.file,
      line,
      `not JSON: ${what}${column === null ? '' : ` (column ${column})`}`,
    );
  }

  private fail(i: number, what: string): never {
    throw this.error(what, this.base + i - this.lineStart + 1);
  }

  private unexpected(b: Uint8Array, i: number): never {
    const c = b[i];
    const shown = c >= 32 && c < 127 ? `'${String.fromCharCode(c)}'` : `byte ${c}`;
    this.fail(i, `expected ${EXPECTED[this.expect]}, found ${shown}`);
  }

  /** Scans `b[start..end)`; returns where an unfinished token starts (or `end`). */
  private scan(b: Uint8Array, start: number, end: number, final: boolean): number {
    const ev = this.events;
    const stack = this.stack;
    let i = start;
    while (i < end) {
      const c = b[i];
      if (c === 32 || c === 9 || c === 13) {
        i++;
        continue;
      }
      if (c === NL) {
        this.line++;
        this.lineStart = this.base + i + 1;
        i++;
        continue;
      }
      const expect = this.expect;
      if (c === QUOTE) {
        if (expect === COLON || expect === COMMA_OR_CLOSE || expect === DONE) this.unexpected(b, i);
        let k = i + 1;
        let escaped = false;
        for (; k < end; k++) {
          const d = b[k];
          if (d === QUOTE) break;
          if (d === BACKSLASH) {
            escaped = true;
            k++;
          } else if (d < 32) this.fail(k, 'a control character inside a string');
        }
        if (k >= end) {
          if (final) this.fail(i, 'unterminated string');
          return i;
        }
        if (escaped) this.checkEscapes(b, i + 1, k);
        if (expect === KEY_OR_CLOSE || expect === KEY) {
          ev.key(b, i + 1, k, escaped);
          this.expect = COLON;
        } else {
          ev.string(b, i + 1, k, escaped);
          this.expect = this.depth === 0 ? DONE : COMMA_OR_CLOSE;
        }
        i = k + 1;
        continue;
      }
      switch (c) {
        case 44: // ,
          if (expect !== COMMA_OR_CLOSE) this.unexpected(b, i);
          this.expect = stack[this.depth - 1] === 1 ? VALUE : KEY;
          i++;
          continue;
        case 58: // :
          if (expect !== COLON) this.unexpected(b, i);
          this.expect = VALUE;
          i++;
          continue;
        case 91: // [
        case 123: // {
          if (c === 91 && ev.pairs && (expect === VALUE || expect === VALUE_OR_CLOSE)) {
            const k = this.pairAt(b, i, end);
            if (k > 0) {
              i = k;
              this.expect = COMMA_OR_CLOSE;
              continue;
            }
          }
          if (expect !== VALUE && expect !== VALUE_OR_CLOSE) this.unexpected(b, i);
          if (this.depth === MAX_DEPTH) this.fail(i, `nested deeper than ${MAX_DEPTH}`);
          stack[this.depth++] = c === 91 ? 1 : 2;
          this.expect = c === 91 ? VALUE_OR_CLOSE : KEY_OR_CLOSE;
          ev.open(c === 91);
          i++;
          continue;
        case 93: // ]
        case 125: {
          // }
          const array = c === 93;
          const ok = array
            ? expect === VALUE_OR_CLOSE || expect === COMMA_OR_CLOSE
            : expect === KEY_OR_CLOSE || expect === COMMA_OR_CLOSE;
          if (!ok || stack[this.depth - 1] !== (array ? 1 : 2)) this.unexpected(b, i);
          this.depth--;
          this.expect = this.depth === 0 ? DONE : COMMA_OR_CLOSE;
          ev.close(array);
          i++;
          continue;
        }
      }
      if (expect !== VALUE && expect !== VALUE_OR_CLOSE) this.unexpected(b, i);
      if (c === 45 || (c >= 48 && c <= 57)) {
        const k = numberEnd(b, i, end);
        if (k > 0 && k < end && isDelimiter(b[k])) {
          ev.number(b, i, k);
          this.expect = this.depth === 0 ? DONE : COMMA_OR_CLOSE;
          i = k;
          continue;
        }
      }
      // A number or a literal: it ends at a delimiter, which a chunk's end may not be.
      let k = i;
      while (k < end && !isDelimiter(b[k])) k++;
      if (k >= end && !final) return i;
      if (c === 45 || (c >= 48 && c <= 57)) {
        if (numberEnd(b, i, k) !== k) this.fail(i, 'a malformed number');
        ev.number(b, i, k);
      } else {
        const v = this.literal(b, i, k);
        ev.literal(v);
      }
      this.expect = this.depth === 0 ? DONE : COMMA_OR_CLOSE;
      i = k;
    }
    return end;
  }

  /**
   * At `[`: when `[number,"string"]` (spaces allowed, no escapes) lies whole in the buffer, reports
   * it as a pair and returns the index past it; else 0 (the general path takes it).
   */
  private pairAt(b: Uint8Array, i: number, end: number): number {
    let k = i + 1;
    while (k < end && (b[k] === 32 || b[k] === 9)) k++;
    const n0 = k;
    const n1 = numberEnd(b, k, end);
    if (n1 < 0 || n1 >= end) return 0;
    k = n1;
    while (k < end && (b[k] === 32 || b[k] === 9)) k++;
    if (b[k] !== 44) return 0;
    k++;
    while (k < end && (b[k] === 32 || b[k] === 9)) k++;
    if (b[k] !== QUOTE) return 0;
    const s0 = ++k;
    for (; k < end; k++) {
      const d = b[k];
      if (d === QUOTE) break;
      if (d === BACKSLASH || d < 32) return 0;
    }
    if (k >= end) return 0;
    const s1 = k++;
    while (k < end && (b[k] === 32 || b[k] === 9)) k++;
    if (k >= end || b[k] !== 93) return 0;
    this.events.pair!(b, n0, n1, s0, s1);
    return k + 1;
  }

  private literal(b: Uint8Array, i: number, k: number): boolean | null {
    const n = k - i;
    if (n === 4 && b[i] === 116 && b[i + 1] === 114 && b[i + 2] === 117 && b[i + 3] === 101)
      return true;
    if (n === 4 && b[i] === 110 && b[i + 1] === 117 && b[i + 2] === 108 && b[i + 3] === 108)
      return null;
    if (
      n === 5 &&
      b[i] === 102 &&
      b[i + 1] === 97 &&
      b[i + 2] === 108 &&
      b[i + 3] === 115 &&
      b[i + 4] === 101
    )
      return false;
    this.unexpected(b, i);
  }

  private checkEscapes(b: Uint8Array, start: number, end: number): void {
    for (let k = start; k < end; k++) {
      if (b[k] !== BACKSLASH) continue;
      const e = b[k + 1];
      if (e === 117) {
        for (let h = k + 2; h < k + 6; h++) {
          const x = b[h] | 32;
          if (!((x >= 48 && x <= 57) || (x >= 97 && x <= 102)))
            this.fail(k, 'a bad \\u escape in a string');
        }
        k += 5;
      } else if (
        e === 34 ||
        e === 92 ||
        e === 47 ||
        e === 98 ||
        e === 102 ||
        e === 110 ||
        e === 114 ||
        e === 116
      )
        k++;
      else this.fail(k, 'a bad escape in a string');
    }
  }
}

/** A string token's text (escapes decoded). */
export function jsonString(
  b: Uint8Array,
  start: number,
  end: number,
  escaped: boolean,
  decode: (b: Uint8Array, s: number, e: number) => string,
): string {
  const raw = decode(b, start, end);
  return escaped ? (JSON.parse(`"${raw}"`) as string) : raw;
}
