/**
 * Field cutting for the headerless trace CSVs (Alibaba, Azure V2) and Bitbrains' `;\t` files: one
 * pass of `indexOf` per field (these formats have no quoted fields), and a clear message when a
 * line is cut by another delimiter than the format's.
 */
import { latin1 as importedLatin1, parseDecimal as importedParseDecimal } from './bytes.ts';

// Under tsx (the CLI, the Node bench) an imported binding is read through a getter at every use;
// the ones used per value are bound once here.
const latin1 = importedLatin1;
const parseDecimal = importedParseDecimal;
/** Index of the first `delim` in `buf[start..end)`, or `end`. */
export function nextDelimiter(buf: Uint8Array, start: number, end: number, delim: number): number {
  let i = start;
  while (i < end && buf[i] !== delim) i++;
  return i;
}

/** Field boundaries of the current line: field i is `buf[starts[i]..ends[i])`. */
export class Cuts {
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  count = 0;
  buf: Uint8Array = new Uint8Array(0);
  constructor(readonly max: number) {
    this.starts = new Int32Array(max);
    this.ends = new Int32Array(max);
  }

  /**
   * Cuts `buf[start..end)` at `delim` (one byte), at most `max` fields; returns the count. With
   * `need`, stops once fields 0 … need − 1 are cut and another follows (the count is then need + 1).
   */
  cut(buf: Uint8Array, start: number, end: number, delim: number, need = Infinity): number {
    this.buf = buf;
    const { starts, ends, max } = this;
    let n = 0;
    let p = start;
    for (let i = start; i < end; i++)
      if (buf[i] === delim) {
        if (n < max) {
          starts[n] = p;
          ends[n] = i;
        }
        n++;
        p = i + 1;
        if (n >= need) break;
      }
    if (n < max) {
      starts[n] = p;
      ends[n] = end;
    }
    this.count = n + 1;
    return n + 1;
  }

  /** Field i's bounds without surrounding spaces or tabs, in `this.s`/`this.e`. */
  trim(i: number): void {
    let s = this.starts[i];
    let e = this.ends[i];
    while (s < e && (this.buf[s] === 32 || this.buf[s] === 9)) s++;
    while (e > s && (this.buf[e - 1] === 32 || this.buf[e - 1] === 9)) e--;
    this.s = s;
    this.e = e;
  }
  s = 0;
  e = 0;

  num(i: number): number {
    return parseDecimal(this.buf, this.starts[i], this.ends[i]);
  }

  text(i: number): string {
    this.trim(i);
    return latin1(this.buf, this.s, this.e);
  }
}

const DELIMITERS: readonly [number, string][] = [
  [44, 'comma'],
  [59, 'semicolon'],
  [9, 'tab'],
  [124, 'vertical bar'],
];

/**
 * Why a line with too few fields was probably cut by the wrong delimiter, or null: it holds
 * another common delimiter often enough to give the expected field count.
 */
export function wrongDelimiter(
  buf: Uint8Array,
  start: number,
  end: number,
  expected: number,
  want: number,
): string | null {
  const wantName = DELIMITERS.find(([c]) => c === want)?.[1] ?? String.fromCharCode(want);
  for (const [c, name] of DELIMITERS) {
    if (c === want) continue;
    let n = 1;
    for (let i = start; i < end; i++) if (buf[i] === c) n++;
    if (n >= expected)
      return `fields are separated by ${name}s, not ${wantName}s (wrong delimiter: this format uses ${wantName}s)`;
  }
  return null;
}
