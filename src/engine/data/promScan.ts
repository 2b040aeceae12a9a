/**
 * The fast path of the Prometheus reader: a byte scanner for a `query_range` matrix response that
 * reads each series' `"metric"` object (by JSON.parse of that small slice) and its `"values"` pairs
 * `[time, "value"]` straight from the bytes, without building the whole document as objects. It
 * returns null at anything unexpected, and the caller falls back to JSON.parse (which names the
 * problem).
 */
import { latin1, parseDecimal } from './bytes.ts';

const QUOTE = 34;
const BACKSLASH = 92;

/** A (time, value) pair of series `series`; `raw` locates the value's text (valid during the call). */
export type ScanPoint = (
  series: number,
  index: number,
  time: number,
  value: number,
  raw: { buf: Uint8Array; start: number; end: number },
) => void;

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

/** Index just past the string starting at `i` (a quote), or -1. */
function stringEnd(b: Uint8Array, i: number): number {
  for (let k = i + 1; k < b.length; k++) {
    if (b[k] === BACKSLASH) k++;
    else if (b[k] === QUOTE) return k + 1;
  }
  return -1;
}

/** Index just past the object starting at `i` (a brace), strings respected, or -1. */
function objectEnd(b: Uint8Array, i: number): number {
  let depth = 0;
  for (let k = i; k < b.length; k++) {
    const c = b[k];
    if (c === QUOTE) {
      k = stringEnd(b, k) - 1;
      if (k < 0) return -1;
    } else if (c === 123) depth++;
    else if (c === 125 && --depth === 0) return k + 1;
  }
  return -1;
}

const RAW: { buf: Uint8Array; start: number; end: number } = {
  buf: new Uint8Array(0),
  start: 0,
  end: 0,
};

const KEY_METRIC = '"metric"';
const KEY_VALUES = '"values"';

function keyAt(b: Uint8Array, i: number, key: string): boolean {
  for (let k = 0; k < key.length; k++) if (b[i + k] !== key.charCodeAt(k)) return false;
  return true;
}

function skipColon(b: Uint8Array, i: number): number {
  while (i < b.length && isSpace(b[i])) i++;
  if (b[i] !== 58) return -1;
  i++;
  while (i < b.length && isSpace(b[i])) i++;
  return i;
}

/**
 * Scans `b` (a whole response); calls `series(labels)` for each series then `point` for its pairs.
 * Null when the bytes are not the plain success/matrix layout this scanner knows.
 */
export function scanMatrix(
  b: Uint8Array,
  series: (labels: Record<string, unknown>) => void,
  point: ScanPoint,
): number | null {
  const headText = latin1(b, 0, Math.min(b.length, 4096));
  const tailText = latin1(b, Math.max(0, b.length - 4096), b.length);
  const both = headText + tailText;
  if (!/"status"\s*:\s*"success"/.test(both) || !/"resultType"\s*:\s*"matrix"/.test(both))
    return null;
  let n = 0;
  let i = 0;
  let pending: Record<string, unknown> | null = null;
  while (i < b.length) {
    const c = b[i];
    if (c === QUOTE) {
      if (keyAt(b, i, KEY_METRIC)) {
        const at = skipColon(b, i + KEY_METRIC.length);
        if (at < 0 || b[at] !== 123) return null;
        const end = objectEnd(b, at);
        if (end < 0) return null;
        try {
          pending = JSON.parse(latin1(b, at, end)) as Record<string, unknown>;
        } catch {
          return null;
        }
        i = end;
        continue;
      }
      if (keyAt(b, i, KEY_VALUES)) {
        if (!pending) return null;
        series(pending);
        pending = null;
        const end = scanValues(b, skipColon(b, i + KEY_VALUES.length), n, point);
        if (end < 0) return null;
        n++;
        i = end;
        continue;
      }
      const end = stringEnd(b, i);
      if (end < 0) return null;
      i = end;
      continue;
    }
    i++;
  }
  return pending ? null : n;
}

/** Reads `[[t,"v"],…]` from `i`; returns the index past it, or -1. */
function scanValues(b: Uint8Array, i: number, s: number, point: ScanPoint): number {
  if (i < 0 || b[i] !== 91) return -1;
  i++;
  let j = 0;
  for (;;) {
    while (i < b.length && isSpace(b[i])) i++;
    if (b[i] === 93) return i + 1;
    if (j > 0) {
      if (b[i] !== 44) return -1;
      i++;
      while (i < b.length && isSpace(b[i])) i++;
    }
    if (b[i] !== 91) return -1;
    i++;
    while (i < b.length && isSpace(b[i])) i++;
    const t0 = i;
    while (i < b.length && b[i] !== 44 && !isSpace(b[i])) i++;
    const time = parseDecimal(b, t0, i);
    while (i < b.length && isSpace(b[i])) i++;
    if (b[i] !== 44) return -1;
    i++;
    while (i < b.length && isSpace(b[i])) i++;
    if (b[i] !== QUOTE) return -1;
    const v0 = i + 1;
    const v1 = stringEnd(b, i);
    if (v1 < 0) return -1;
    i = v1;
    while (i < b.length && isSpace(b[i])) i++;
    if (b[i] !== 93) return -1;
    i++;
    const value = parseDecimal(b, v0, v1 - 1);
    RAW.buf = b;
    RAW.start = v0;
    RAW.end = v1 - 1;
    point(s, j, time, value, RAW);
    j++;
  }
}
