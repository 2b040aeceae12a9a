/**
 * Byte-level CSV primitives shared by every text parser (SPEC §10): lines cut from chunks of any
 * size, decimal numbers read straight from the bytes, and bad lines either thrown as `DataError` or
 * skipped and counted. Parsing bytes (not strings) is what keeps ingestion above 150 MB/s.
 */
import { DataError } from './errors.ts';

export { POW10, cursor, parseDecimal, scanNumber } from './decimal.ts';

const NL = 10;
const CR = 13;
const SPACE = 32;
const TAB = 9;
const COMMA = 44;
const QUOTE = 34;

/** Longest line accepted: a wide row of 100,000 samples fits; a binary or newline-free file does not. */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

/** Where a file's bytes go, chunk by chunk, then `end()` once. */
export interface ChunkSink {
  push(chunk: Uint8Array): void;
  end(): void;
}

/** Receives one line without its terminator: `buf[start..end)`, `line` 1-based. */
type LineHandler = (buf: Uint8Array, start: number, end: number, line: number) => void;

/**
 * Cuts a byte stream into lines whatever the chunk boundaries; only the unfinished last line of a
 * chunk is kept, so memory is bounded by the longest line, not the file.
 */
export class LineReader implements ChunkSink {
  private carry: Uint8Array = new Uint8Array(0);
  private carryLength = 0;
  private started = false;
  /** Bytes of blank lines since the last line with something in it. */
  private blankBytes = 0;
  /** Lines delivered so far. */
  line = 0;
  /** Bytes received so far. */
  bytes = 0;

  constructor(
    readonly file: string,
    private readonly onLine: LineHandler,
    private readonly maxLineBytes = MAX_LINE_BYTES,
  ) {}

  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    let pos = 0;
    if (!this.started) {
      this.started = true;
      if (chunk.length >= 2 && chunk[0] === 0x1f && chunk[1] === 0x8b)
        throw new DataError(this.file, null, 'gzip-compressed data where text was expected');
      pos = textStart(this.file, chunk);
    }
    const nul = chunk.indexOf(0, pos);
    if (nul >= 0) this.binary(chunk, pos, nul);
    this.bytes += chunk.length;
    if (this.carryLength > 0) {
      const nl = chunk.indexOf(NL, pos);
      if (nl < 0) {
        this.append(chunk, pos, chunk.length);
        return;
      }
      this.append(chunk, pos, nl);
      this.emit(this.carry, 0, this.carryLength);
      this.carryLength = 0;
      pos = nl + 1;
    }
    const n = chunk.length;
    while (pos < n) {
      const nl = chunk.indexOf(NL, pos);
      if (nl < 0) break;
      this.emit(chunk, pos, nl);
      pos = nl + 1;
    }
    if (pos < n) this.append(chunk, pos, n);
  }

  /** Delivers a last line that has no terminator. */
  end(): void {
    if (this.carryLength > 0) {
      this.emit(this.carry, 0, this.carryLength);
      this.carryLength = 0;
    }
  }

  private emit(buf: Uint8Array, start: number, end: number): void {
    if (end > start && buf[end - 1] === CR) end--;
    this.line++;
    if (isBlankLine(buf, start, end)) {
      this.blankBytes += end - start + 1;
      if (this.blankBytes > this.maxLineBytes)
        throw new DataError(
          this.file,
          this.line,
          `${this.maxLineBytes} bytes of blank lines without a row (not a CSV text file?)`,
        );
    } else this.blankBytes = 0;
    this.onLine(buf, start, end, this.line);
  }

  private append(chunk: Uint8Array, start: number, end: number): void {
    const add = end - start;
    const need = this.carryLength + add;
    if (need > this.maxLineBytes)
      throw new DataError(
        this.file,
        this.line + 1,
        `line longer than ${this.maxLineBytes} bytes (not a CSV text file?)`,
      );
    if (need > this.carry.length) {
      const grown = new Uint8Array(Math.max(need, this.carry.length * 2, 4096));
      grown.set(this.carry.subarray(0, this.carryLength));
      this.carry = grown;
    }
    this.carry.set(chunk.subarray(start, end), this.carryLength);
    this.carryLength = need;
  }

  private binary(chunk: Uint8Array, from: number, at: number): never {
    let line = this.line + 1;
    for (let i = from; i < at; i++) if (chunk[i] === NL) line++;
    throw new DataError(this.file, line, 'binary data (a NUL byte); expected CSV text');
  }
}

/** Whether `buf[start..end)` holds only spaces and tabs (or nothing). */
function isBlankLine(buf: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (buf[i] !== SPACE && buf[i] !== TAB) return false;
  return true;
}

/** The bytes as text, for ids, headers and messages (ASCII/Latin-1 byte for byte; UTF-8 decoded). */
export function latin1(buf: Uint8Array, start: number, end: number): string {
  if (end - start >= 16 && nativeDecoder) return nativeDecoder.decode(buf.subarray(start, end));
  let ascii = true;
  for (let i = start; i < end; i++)
    if (buf[i] > 127) {
      ascii = false;
      break;
    }
  if (!ascii) return decodeUtf8(buf, start, end);
  let s = '';
  for (let i = start; i < end; i += 4096)
    s += String.fromCharCode.apply(
      null,
      buf.subarray(i, Math.min(end, i + 4096)) as unknown as number[],
    );
  return s;
}

// Every browser, worker and Node has TextDecoder (twice as fast on ids); the engine's lib does not
// declare it, hence the lookup.
const nativeDecoder = (() => {
  const D = (globalThis as { TextDecoder?: new () => { decode(b: Uint8Array): string } })
    .TextDecoder;
  return D ? new D() : null;
})();

/** UTF-8 bytes as text (the engine has no TextDecoder in its lib); invalid UTF-8 reads as Latin-1. */
function decodeUtf8(buf: Uint8Array, start = 0, end = buf.length): string {
  let escaped = '';
  for (let i = start; i < end; i++) {
    const c = buf[i];
    escaped +=
      c < 128 && c !== 37 ? String.fromCharCode(c) : '%' + (c < 16 ? '0' : '') + c.toString(16);
  }
  try {
    return decodeURIComponent(escaped);
  } catch {
    let s = '';
    for (let i = start; i < end; i++) s += String.fromCharCode(buf[i]);
    return s;
  }
}

/** Text as UTF-8 bytes. */
export function encodeUtf8(text: string): Uint8Array {
  const out: number[] = [];
  let ascii = true;
  for (let i = 0; i < text.length && ascii; i++) ascii = text.charCodeAt(i) < 128;
  if (ascii) {
    const a = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) a[i] = text.charCodeAt(i);
    return a;
  }
  const escaped = encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\ufffd'));
  for (let i = 0; i < escaped.length; i++) {
    if (escaped[i] === '%') {
      out.push(parseInt(escaped.slice(i + 1, i + 3), 16));
      i += 2;
    } else out.push(escaped.charCodeAt(i));
  }
  return Uint8Array.from(out);
}

/**
 * Where the text of a file's first chunk starts: past a UTF-8 byte-order mark (dropped, as every
 * reader here does); a UTF-16 one (FF FE or FE FF) is a DataError naming the encoding.
 */
export function textStart(file: string, first: Uint8Array): number {
  if (first.length >= 3 && first[0] === 0xef && first[1] === 0xbb && first[2] === 0xbf) return 3;
  if (
    first.length >= 2 &&
    ((first[0] === 0xff && first[1] === 0xfe) || (first[0] === 0xfe && first[1] === 0xff))
  )
    throw new DataError(
      file,
      null,
      `UTF-16 text (byte-order mark ${first[0] === 0xff ? 'FF FE' : 'FE FF'}): save the file as UTF-8`,
    );
  return 0;
}

/** A field's text for an error message, shortened. */
export function quoteField(buf: Uint8Array, start: number, end: number): string {
  const text = latin1(buf, start, Math.min(end, start + 40));
  return JSON.stringify(end - start > 40 ? text + '…' : text);
}

/** Index just past the field starting at `pos`: the next comma outside quotes, or `end`. */
export function fieldEnd(buf: Uint8Array, pos: number, end: number): number {
  if (pos < end && buf[pos] === QUOTE) {
    let i = pos + 1;
    while (i < end) {
      if (buf[i] === QUOTE) {
        if (i + 1 < end && buf[i + 1] === QUOTE) i += 2;
        else {
          i++;
          break;
        }
      } else i++;
    }
    while (i < end && buf[i] !== COMMA) i++;
    return i;
  }
  const c = buf.indexOf(COMMA, pos);
  return c < 0 || c > end ? end : c;
}

/** A text field without its quotes and surrounding spaces. */
export function fieldText(buf: Uint8Array, start: number, end: number): string {
  while (start < end && (buf[start] === SPACE || buf[start] === TAB)) start++;
  while (end > start && (buf[end - 1] === SPACE || buf[end - 1] === TAB)) end--;
  if (end - start >= 2 && buf[start] === QUOTE && buf[end - 1] === QUOTE)
    return latin1(buf, start + 1, end - 1).replaceAll('""', '"');
  return latin1(buf, start, end);
}

/** Every field of a line as text (headers and other slow paths). */
export function splitFields(buf: Uint8Array, start: number, end: number): string[] {
  const out: string[] = [];
  let pos = start;
  for (;;) {
    const e = fieldEnd(buf, pos, end);
    out.push(fieldText(buf, pos, e));
    if (e >= end) return out;
    pos = e + 1;
  }
}

/** True when the line holds only spaces. */
export function blank(buf: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (buf[i] !== SPACE && buf[i] !== TAB) return false;
  return true;
}

/**
 * What to do with a bad line: throw a `DataError` naming file, line and reason, or (when the user
 * chose to skip bad lines) count it and keep the first few reasons for the report.
 */
export class BadLines {
  skipped = 0;
  readonly examples: string[] = [];

  constructor(readonly skip: boolean) {}

  /** Throws, or records the line as skipped. */
  report(file: string, line: number | null, reason: string): void {
    const error = new DataError(file, line, reason);
    if (!this.skip) throw error;
    this.skipped++;
    if (this.examples.length < 5) this.examples.push(error.message);
  }
}

/**
 * Hands out float64 rows as views into large blocks: one allocation per 8 MB instead of one per
 * row, which is most of the cost of a wide file once parsing is fast.
 */
export class F64Pool {
  private block = new Float64Array(0);
  private used = 0;

  constructor(private readonly blockSize = 1 << 20) {}

  take(n: number): Float64Array {
    if (n > this.blockSize / 4) return new Float64Array(n);
    if (this.used + n > this.block.length) {
      this.block = new Float64Array(this.blockSize);
      this.used = 0;
    }
    const row = this.block.subarray(this.used, this.used + n);
    this.used += n;
    return row;
  }

  /** Returns the last row taken (a bad line), so its space is reused. */
  giveBack(row: Float64Array): void {
    if (row.buffer === this.block.buffer && row.byteOffset / 8 + row.length === this.used)
      this.used -= row.length;
  }
}

/** A growable float64 column. */
export class F64Column {
  data: Float64Array;
  length = 0;
  constructor(capacity = 1024) {
    this.data = new Float64Array(capacity);
  }
  push(v: number): void {
    if (this.length === this.data.length) this.grow();
    this.data[this.length++] = v;
  }
  private grow(): void {
    const next = new Float64Array(this.data.length * 2);
    next.set(this.data);
    this.data = next;
  }
  view(): Float64Array {
    return this.data.subarray(0, this.length);
  }
}

/** A growable int32 column. */
export class I32Column {
  data: Int32Array;
  length = 0;
  constructor(capacity = 1024) {
    this.data = new Int32Array(capacity);
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  view(): Int32Array {
    return this.data.subarray(0, this.length);
  }
}
