/**
 * Ascending sort of float32 values in place, with the order of `Float32Array.prototype.sort` (−0
 * before +0, NaN last), by least-significant-digit radix sort on order-preserving 32-bit keys:
 * percentiles (SPEC §4) sort every observed row once, and this is several times faster than the
 * comparison sort on rows of thousands of values.
 */
const BITS = 8;
const BUCKETS = 1 << BITS;
const MASK = BUCKETS - 1;
const SMALL = 256;

export function sortFloat32(values: Float32Array): Float32Array {
  const n = values.length;
  if (n < SMALL) return values.sort();
  const bits = new Uint32Array(values.buffer, values.byteOffset, n);
  let keys = new Uint32Array(n);
  let spare = new Uint32Array(n);
  const counts = new Uint32Array(4 * BUCKETS);
  for (let i = 0; i < n; i++) {
    const u = bits[i];
    // Flip negatives entirely and positives' sign bit; every NaN sorts last.
    const k =
      (u & 0x7fffffff) > 0x7f800000
        ? 0xffffffff
        : u & 0x80000000
          ? ~u >>> 0
          : (u | 0x80000000) >>> 0;
    keys[i] = k;
    counts[k & MASK]++;
    counts[BUCKETS + ((k >>> BITS) & MASK)]++;
    counts[2 * BUCKETS + ((k >>> (2 * BITS)) & MASK)]++;
    counts[3 * BUCKETS + (k >>> (3 * BITS))]++;
  }
  for (let pass = 0; pass < 4; pass++) {
    const base = pass * BUCKETS;
    const shift = pass * BITS;
    // A pass where every key falls in one bucket would not move anything.
    if (counts[base + ((keys[0] >>> shift) & MASK)] === n) continue;
    let sum = 0;
    for (let b = 0; b < BUCKETS; b++) {
      const c = counts[base + b];
      counts[base + b] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const k = keys[i];
      spare[counts[base + ((k >>> shift) & MASK)]++] = k;
    }
    const t = keys;
    keys = spare;
    spare = t;
  }
  for (let i = 0; i < n; i++) {
    const k = keys[i];
    bits[i] = k & 0x80000000 ? k ^ 0x80000000 : ~k >>> 0;
  }
  return values;
}
