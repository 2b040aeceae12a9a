/**
 * Ascending sort of float32 values in place, with the order of `Float32Array.prototype.sort` (−0
 * before +0, NaN last). Percentiles (SPEC §4) sort every observed row once. A realized row holds
 * draws from a task's few hundred samples, so most rows are sorted by counting their distinct values;
 * other rows by least-significant-digit radix sort on order-preserving 32-bit keys. Both are several
 * times faster than the comparison sort on rows of thousands of values.
 */
const BITS = 8;
const BUCKETS = 1 << BITS;
const MASK = BUCKETS - 1;
const SMALL = 256;
// Distinct values up to which a row is sorted by counting (hash table of twice that size).
const FEW = 1024;

export function sortFloat32(values: Float32Array): Float32Array {
  const n = values.length;
  if (n < SMALL) return values.sort();
  const bits = new Uint32Array(values.buffer, values.byteOffset, n);
  if (sortFew(bits)) return values;
  return radixSort(bits);
}

/** Order-preserving key of a float32's bits: negatives flipped entirely, positives' sign bit set. */
function keyOf(u: number): number {
  return u & 0x80000000 ? ~u >>> 0 : (u | 0x80000000) >>> 0;
}

/** Sorts by counting distinct bit patterns; false (nothing changed) past FEW values or on a NaN. */
function sortFew(bits: Uint32Array): boolean {
  const n = bits.length;
  const size = 2 * FEW;
  const table = new Uint32Array(size);
  const used = new Uint8Array(size);
  const count = new Uint32Array(size);
  let distinct = 0;
  for (let i = 0; i < n; i++) {
    const u = bits[i];
    if ((u & 0x7fffffff) > 0x7f800000) return false;
    let h = Math.imul(u, 0x9e3779b1) >>> 21;
    while (used[h] && table[h] !== u) h = (h + 1) & (size - 1);
    if (!used[h]) {
      if (++distinct > FEW) return false;
      used[h] = 1;
      table[h] = u;
    }
    count[h]++;
  }
  const slots = new Uint32Array(distinct);
  let k = 0;
  for (let h = 0; h < size; h++) if (used[h]) slots[k++] = h;
  const keys = new Float64Array(distinct);
  for (let i = 0; i < distinct; i++) keys[i] = keyOf(table[slots[i]]) * size + slots[i];
  keys.sort();
  let at = 0;
  for (let i = 0; i < distinct; i++) {
    const h = keys[i] % size;
    bits.fill(table[h], at, at + count[h]);
    at += count[h];
  }
  return true;
}

function radixSort(bits: Uint32Array): Float32Array {
  const n = bits.length;
  const values = new Float32Array(bits.buffer, bits.byteOffset, n);
  let keys = new Uint32Array(n);
  let spare = new Uint32Array(n);
  const counts = new Uint32Array(4 * BUCKETS);
  for (let i = 0; i < n; i++) {
    const u = bits[i];
    // Every NaN sorts last.
    const k = (u & 0x7fffffff) > 0x7f800000 ? 0xffffffff : keyOf(u);
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
