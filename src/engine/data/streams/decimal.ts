/**
 * Decimal numbers read straight from bytes, exactly as `Number(text)` reads them (SPEC §10). Up to
 * 19 significant digits and |exponent| ≤ 22 no string is made: a mantissa below 2^53 takes one
 * correctly rounded operation (Clinger's fast path); a longer one is carried as an exact
 * double-double (Dekker's products), and the result is kept only when rounding the approximation
 * widened by far more than its error gives one double either way; otherwise, and for anything
 * longer, `Number` decides.
 */

const SPACE = 32;
const TAB = 9;
const COMMA = 44;

/** Exact powers of ten, 10^0 … 10^22. */
export const POW10 = [
  1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17,
  1e18, 1e19, 1e20, 1e21, 1e22,
];

const TWO53 = 9007199254740992;
/** 2^-90: the widening, relative to the result (the double-double error is below 2^-100). */
const WIDEN = 8.077935669463161e-28;
const SPLITTER = 134217729; // 2^27 + 1

/** Low part of an exact product, set by `twoProduct` (the high part is its return value). */
let productLow = 0;

/** a · b = return value + productLow exactly (Dekker, Veltkamp's split; no overflow here). */
function twoProduct(a: number, b: number): number {
  const p = a * b;
  let c = SPLITTER * a;
  const ah = c - (c - a);
  const al = a - ah;
  c = SPLITTER * b;
  const bh = c - (c - b);
  const bl = b - bh;
  productLow = al * bl - (p - ah * bh - al * bh - ah * bl);
  return p;
}

function text(buf: Uint8Array, start: number, end: number): string {
  let s = '';
  for (let i = start; i < end; i++) s += String.fromCharCode(buf[i]);
  return s;
}

/**
 * `(hi · 10^lowDigits + low) · 10^exponent` correctly rounded, or NaN when it cannot be decided
 * cheaply (|exponent| > 22, or the value too near a rounding boundary).
 */
function longMantissa(hi: number, low: number, lowDigits: number, exponent: number): number {
  const w = hi * POW10[lowDigits] + low;
  if (w < TWO53) {
    if (exponent < 0) return w / POW10[-exponent];
    return w * POW10[exponent];
  }
  if (exponent < -22 || exponent > 22) return NaN;
  const p = twoProduct(hi, POW10[lowDigits]);
  const pLow = productLow;
  const wh = p + low;
  const lowPart = wh - p;
  const wl = p - (wh - lowPart) + (low - lowPart) + pLow;
  let q: number;
  let r: number;
  if (exponent < 0) {
    const P = POW10[-exponent];
    q = wh / P;
    const m = twoProduct(q, P);
    r = (wh - m - productLow + wl) / P;
  } else {
    const P = POW10[exponent];
    q = twoProduct(wh, P);
    r = productLow + wl * P;
  }
  const d = Math.abs(q) * WIDEN;
  const below = q + (r - d);
  return below === q + (r + d) ? below : NaN;
}

/**
 * The decimal number in `buf[start..end)` (spaces around allowed), or NaN when the field is empty
 * or not a plain decimal (`1`, `-0.5`, `2.861e-06`). Always exactly `Number(text)` for those.
 */
export function parseDecimal(buf: Uint8Array, start: number, end: number): number {
  while (start < end && (buf[start] === SPACE || buf[start] === TAB)) start++;
  while (end > start && (buf[end - 1] === SPACE || buf[end - 1] === TAB)) end--;
  if (start === end) return NaN;
  let i = start;
  const c = buf[i];
  let negative = false;
  if (c === 45) {
    negative = true;
    i++;
  } else if (c === 43) i++;
  // Up to 15 digits in hi, 4 more in low; more than 19 (leading zeros aside) go to Number.
  let hi = 0;
  let low = 0;
  let lowDigits = 0;
  let exponent = 0;
  let many = false;
  const intStart = i;
  for (; i < end; i++) {
    const d = buf[i] - 48;
    if (d >>> 0 > 9) break;
    if (hi < 1e14) hi = hi * 10 + d;
    else if (lowDigits < 4) {
      low = low * 10 + d;
      lowDigits++;
    } else many = true;
  }
  let any = i > intStart;
  if (i < end && buf[i] === 46) {
    const fracStart = ++i;
    for (; i < end; i++) {
      const d = buf[i] - 48;
      if (d >>> 0 > 9) break;
      if (hi < 1e14) {
        hi = hi * 10 + d;
        exponent--;
      } else if (lowDigits < 4) {
        low = low * 10 + d;
        lowDigits++;
        exponent--;
      } else many = true;
    }
    any ||= i > fracStart;
  }
  if (!any) return NaN;
  if (i < end && (buf[i] === 101 || buf[i] === 69)) {
    i++;
    let expNegative = false;
    if (i < end && (buf[i] === 45 || buf[i] === 43)) {
      expNegative = buf[i] === 45;
      i++;
    }
    const from = i;
    let e = 0;
    while (i < end) {
      const d = buf[i] - 48;
      if (d < 0 || d > 9) break;
      if (e < 100000) e = e * 10 + d;
      i++;
    }
    if (i === from) return NaN;
    exponent += expNegative ? -e : e;
  }
  if (i !== end) return NaN;
  let v: number;
  if (many) v = NaN;
  else if (lowDigits > 0) v = longMantissa(hi, low, lowDigits, exponent);
  else if (exponent < 0) v = exponent < -22 ? NaN : hi / POW10[-exponent];
  else v = exponent > 22 ? NaN : hi * POW10[exponent];
  if (v !== v) return Number(text(buf, start, end));
  return negative ? -v : v;
}

/** Where `scanNumber` stopped: the index of the comma ending the field, or the line's end. */
export const cursor = { end: 0 };

/**
 * The number in the field starting at `start` (up to the next comma or `end`), with the field's end
 * left in `cursor.end`: one pass over plain decimals whose digits make an integer below 2^53 (exact:
 * one correctly rounded division), `parseDecimal` for anything else. NaN when the field is not a
 * number.
 */
export function scanNumber(buf: Uint8Array, start: number, end: number): number {
  let i = start;
  let m = 0;
  let c = 0;
  while (i < end) {
    c = buf[i];
    if (c < 48 || c > 57) break;
    m = m * 10 + (c - 48);
    i++;
  }
  let digits = i - start;
  let fraction = 0;
  if (i < end && c === 46) {
    const from = ++i;
    while (i < end) {
      c = buf[i];
      if (c < 48 || c > 57) break;
      m = m * 10 + (c - 48);
      i++;
    }
    fraction = i - from;
    digits += fraction;
  }
  if ((i === end || buf[i] === COMMA) && digits > 0 && m < TWO53 && fraction <= 22) {
    cursor.end = i;
    return fraction === 0 ? m : m / POW10[fraction];
  }
  let q = i;
  while (q < end && buf[q] !== COMMA) q++;
  cursor.end = q;
  return parseDecimal(buf, start, q);
}
