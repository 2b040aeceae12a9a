/**
 * A dictionary of distinct float64 values keyed by their bits (so -0 and 0, or two NaN payloads,
 * stay apart): the exact compact storage of samples that take few distinct values, as integer
 * percents do. Decoding a code gives back the very float64 that was encoded.
 */

/** The most values a dictionary holds: codes fit two bytes. */
export const MAX_DICTIONARY = 65536;
const TABLE = 1 << 17;
const MASK = TABLE - 1;

export class ValueDictionary {
  private readonly lo = new Uint32Array(TABLE);
  private readonly hi = new Uint32Array(TABLE);
  /** Code + 1 at each slot of the open-addressing table; 0 when empty. */
  private readonly slot = new Int32Array(TABLE);
  private valuesBuffer = new Float64Array(256);
  size = 0;

  /**
   * Writes the code of each of `values[from..to)` into `out` from `at`, adding new values; returns
   * `to`, or the index of the first value that would make the dictionary exceed `limit` values
   * (at most `MAX_DICTIONARY`), which is left unwritten with those after it.
   */
  encode(
    values: Float64Array,
    from: number,
    to: number,
    out: Uint8Array | Uint16Array,
    at: number,
    limit = MAX_DICTIONARY,
  ): number {
    const bits = new Uint32Array(values.buffer, values.byteOffset, values.length * 2);
    const { lo, hi, slot } = this;
    for (let k = from; k < to; k++) {
      const l = bits[2 * k];
      const h = bits[2 * k + 1];
      let s = (Math.imul(l ^ Math.imul(h, 0x9e3779b1), 0x85ebca6b) >>> 15) & MASK;
      let code = -1;
      for (;;) {
        const c = slot[s];
        if (c === 0) break;
        if (lo[s] === l && hi[s] === h) {
          code = c - 1;
          break;
        }
        s = (s + 1) & MASK;
      }
      if (code < 0) {
        if (this.size >= limit || this.size >= MAX_DICTIONARY) return k;
        code = this.add(values[k]);
        lo[s] = l;
        hi[s] = h;
        slot[s] = code + 1;
      }
      out[at + k - from] = code;
    }
    return to;
  }

  private add(v: number): number {
    if (this.size === this.valuesBuffer.length) {
      const next = new Float64Array(this.size * 2);
      next.set(this.valuesBuffer);
      this.valuesBuffer = next;
    }
    this.valuesBuffer[this.size] = v;
    return this.size++;
  }

  /** The values by code (a copy of exactly `size` values). */
  values(): Float64Array {
    return this.valuesBuffer.slice(0, this.size);
  }
}

/**
 * `values` as codes into a dictionary of their distinct values (one byte a value when there are at
 * most 256, two when at most 65,536), or null when there are more.
 */
export function dictionaryEncode(
  values: Float64Array,
): { dictionary: Float64Array; codes: Uint8Array | Uint16Array } | null {
  const dict = new ValueDictionary();
  const codes = new Uint16Array(values.length);
  if (dict.encode(values, 0, values.length, codes, 0) < values.length) return null;
  return { dictionary: dict.values(), codes: dict.size <= 256 ? Uint8Array.from(codes) : codes };
}
