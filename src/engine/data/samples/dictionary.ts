/**
 * A dictionary of distinct float64 values keyed by their bits (so -0 and 0, or two NaN payloads,
 * stay apart): the exact compact storage of samples that take few distinct values, as integer
 * percents do. Decoding a code gives back the very float64 that was encoded.
 */

/** The most values a dictionary holds: codes fit two bytes. */
export const MAX_DICTIONARY = 65536;
/** Integer keys a dictionary remembers codes for (`byKey`). */
const KEYS = 10000;

/** The top `bits` bits of a multiplicative hash of a float64's two words. */
const hashOf = (l: number, h: number, shift: number) =>
  Math.imul(l ^ Math.imul(h, 0x9e3779b1), 0x85ebca6b) >>> shift;

export class ValueDictionary {
  /**
   * Open addressing, four words a slot (the value's low and high bits, code + 1 or 0 when empty):
   * at least 4 slots a value, so the table of a small dictionary stays in the fastest cache.
   */
  private table = new Uint32Array(4 * 1024);
  private mask = 1023;
  private shift = 22;
  private valuesBuffer = new Float64Array(256);
  /**
   * Code + 1 of the value a loader computed from each integer key below `KEYS` (e.g. the integer a
   * field's text spelled, converted the same way each time), 0 when not seen: the loader's way to
   * code such a field without computing or hashing its value (`SeriesBuilder.pushPartlyCoded`).
   */
  readonly byKey = new Int32Array(KEYS);
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
    let table = this.table;
    let mask = this.mask;
    let shift = this.shift;
    for (let k = from; k < to; k++) {
      const l = bits[2 * k];
      const h = bits[2 * k + 1];
      let s = hashOf(l, h, shift);
      let c = table[4 * s + 2];
      while (c !== 0 && (table[4 * s] !== l || table[4 * s + 1] !== h)) {
        s = (s + 1) & mask;
        c = table[4 * s + 2];
      }
      if (c === 0) {
        if (this.size >= limit || this.size >= MAX_DICTIONARY) return k;
        c = this.add(values[k]) + 1;
        table[4 * s] = l;
        table[4 * s + 1] = h;
        table[4 * s + 2] = c;
        if (4 * this.size > mask) {
          this.grow();
          table = this.table;
          mask = this.mask;
          shift = this.shift;
        }
      }
      out[at + k - from] = c - 1;
    }
    return to;
  }

  /** Doubles the table (rehashing every value) to keep at least 4 slots a value. */
  private grow(): void {
    const old = this.table;
    this.mask = this.mask * 2 + 1;
    this.shift--;
    this.table = new Uint32Array(4 * (this.mask + 1));
    for (let o = 0; o < old.length; o += 4) {
      if (old[o + 2] === 0) continue;
      let s = hashOf(old[o], old[o + 1], this.shift);
      while (this.table[4 * s + 2] !== 0) s = (s + 1) & this.mask;
      this.table.set(old.subarray(o, o + 4), 4 * s);
    }
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

  /** The value of `code`. */
  valueOf(code: number): number {
    return this.valuesBuffer[code];
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
