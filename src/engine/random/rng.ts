/**
 * Seeded randomness for everything the engine draws (SPEC §2: one seed decides every number).
 * xoshiro128** (Blackman & Vigna) seeded through SplitMix32; independent streams are derived by
 * hashing (seed, purpose, index), so a result never depends on the order or the worker that drew it.
 */

export const STREAM = {
  inst: 1,
  avg: 2,
  instance: 3,
  synthetic: 4,
  analysis: 5,
  kmeans: 6,
  blocks: 7,
} as const;
export type StreamPurpose = keyof typeof STREAM;

const TWO_32 = 4294967296;
const INV_TWO_32 = 1 / TWO_32;

function mix32(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/** Validates a user seed: a non-negative safe integer. */
export function checkSeed(seed: number): number {
  if (!Number.isSafeInteger(seed) || seed < 0) throw new RangeError(`invalid seed: ${seed}`);
  return seed;
}

/** A 32-bit key for the stream (seed, purpose, index...). */
export function streamKey(seed: number, purpose: StreamPurpose, ...indices: number[]): number {
  checkSeed(seed);
  let h = mix32((seed % TWO_32) ^ 0x9e3779b9);
  h = mix32(h ^ Math.floor(seed / TWO_32));
  h = mix32(h ^ Math.imul(STREAM[purpose], 0x27d4eb2f));
  for (const i of indices) h = mix32((h + Math.imul(i >>> 0, 0x165667b1) + 0x632be5ab) >>> 0);
  return h;
}

export class Rng {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  constructor(key: number) {
    let z = key >>> 0;
    const next = () => {
      z = (z + 0x9e3779b9) >>> 0;
      return mix32(z);
    };
    this.s0 = next();
    this.s1 = next();
    this.s2 = next();
    this.s3 = next();
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) this.s0 = 1;
  }

  static stream(seed: number, purpose: StreamPurpose, ...indices: number[]): Rng {
    return new Rng(streamKey(seed, purpose, ...indices));
  }

  nextUint32(): number {
    const result = Math.imul(rotl(Math.imul(this.s1, 5), 7), 9) >>> 0;
    const t = this.s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return result;
  }

  /** Uniform in [0, 1) with 53 random bits. */
  nextFloat(): number {
    const hi = this.nextUint32() >>> 5;
    const lo = this.nextUint32() >>> 6;
    return (hi * 67108864 + lo) / 9007199254740992;
  }

  /** Uniform integer in [0, n), unbiased (Lemire's multiply-and-reject), for 1 <= n <= 2^32. */
  nextInt(n: number): number {
    if (!(n >= 1 && n <= TWO_32 && Number.isInteger(n)))
      throw new RangeError(`invalid range: ${n}`);
    if (n > 2097152) return this.nextIntWide(n);
    // m < 2^53, so m, its high word and its low word are exact doubles; splitting by a
    // multiplication gives the same words as `m % 2^32` at a fraction of its cost.
    let m = this.nextUint32() * n;
    let high = Math.floor(m * INV_TWO_32);
    let low = m - high * TWO_32;
    if (low < n) {
      const threshold = (TWO_32 - n) % n;
      while (low < threshold) {
        m = this.nextUint32() * n;
        high = Math.floor(m * INV_TWO_32);
        low = m - high * TWO_32;
      }
    }
    return high;
  }

  /**
   * `out.length` draws of `nextInt(n)` into `out`, the same numbers in the same order; the state
   * lives in locals through the loop (a realization row is thousands of draws).
   */
  fillInts(n: number, out: Int32Array | Uint32Array): void {
    if (!(n >= 1 && n <= 2097152 && Number.isInteger(n))) {
      for (let t = 0; t < out.length; t++) out[t] = this.nextInt(n);
      return;
    }
    let s0 = this.s0;
    let s1 = this.s1;
    let s2 = this.s2;
    let s3 = this.s3;
    const threshold = (TWO_32 - n) % n;
    for (let t = 0; t < out.length; t++) {
      let high: number;
      for (;;) {
        const x = Math.imul(s1, 5);
        const r = Math.imul((x << 7) | (x >>> 25), 9) >>> 0;
        const u = s1 << 9;
        s2 ^= s0;
        s3 ^= s1;
        s1 ^= s2;
        s0 ^= s3;
        s2 ^= u;
        s3 = (s3 << 11) | (s3 >>> 21);
        const m = r * n;
        high = Math.floor(m * INV_TWO_32);
        if (m - high * TWO_32 >= threshold) break;
      }
      out[t] = high;
    }
    this.s0 = s0;
    this.s1 = s1;
    this.s2 = s2;
    this.s3 = s3;
  }

  private nextIntWide(n: number): number {
    const limit = TWO_32 - (TWO_32 % n);
    for (;;) {
      const r = this.nextUint32();
      if (r < limit) return r % n;
    }
  }

  /** Standard normal (Box–Muller, one value per call). */
  nextGaussian(): number {
    let u = 0;
    while (u === 0) u = this.nextFloat();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.nextFloat());
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** k distinct indices of [0, n), uniformly, in draw order (partial Fisher–Yates). */
export function sampleWithoutReplacement(rng: Rng, n: number, k: number): Int32Array {
  if (k > n) throw new RangeError(`cannot draw ${k} of ${n} without replacement`);
  const pool = new Int32Array(n);
  for (let i = 0; i < n; i++) pool[i] = i;
  const out = new Int32Array(k);
  for (let i = 0; i < k; i++) {
    const j = i + rng.nextInt(n - i);
    const t = pool[j];
    pool[j] = pool[i];
    pool[i] = t;
    out[i] = t;
  }
  return out;
}
