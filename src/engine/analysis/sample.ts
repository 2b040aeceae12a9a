/**
 * k distinct indices of [0, n) in draw order, the same sequence as `sampleWithoutReplacement` for the
 * same generator (partial Fisher–Yates), but in O(k) time and memory: only swapped slots are stored.
 * Table 1 draws 10,000 × 500 tasks from a pool of up to 100,000.
 */
import type { Rng } from '../random/rng.ts';

/** k distinct indices of [0, n) in draw order, as `sampleWithoutReplacement` (SPEC §2). */
export function sampleSparse(rng: Rng, n: number, k: number): Int32Array {
  if (!(Number.isInteger(k) && k >= 0)) throw new RangeError(`invalid sample size: ${k}`);
  if (k > n) throw new RangeError(`cannot draw ${k} of ${n} without replacement`);
  const moved = new Map<number, number>();
  const out = new Int32Array(k);
  for (let i = 0; i < k; i++) {
    const j = i + rng.nextInt(n - i);
    const vj = moved.get(j) ?? j;
    const vi = moved.get(i) ?? i;
    moved.set(j, vi);
    out[i] = vj;
  }
  return out;
}

/**
 * `sampleSparse` for many draws from pools of up to the same size: the same indices for the same
 * generator, with the swapped slots in a reused array (restored after each draw) instead of a Map.
 */
export class SparseSampler {
  private slots = new Int32Array(0);
  private picked = new Int32Array(0);

  draw(rng: Rng, n: number, k: number): Int32Array {
    if (!(Number.isInteger(k) && k >= 0)) throw new RangeError(`invalid sample size: ${k}`);
    if (k > n) throw new RangeError(`cannot draw ${k} of ${n} without replacement`);
    if (this.slots.length < n) this.slots = Int32Array.from({ length: n }, (_, i) => i);
    if (this.picked.length < k) this.picked = new Int32Array(k);
    const slots = this.slots;
    const picked = this.picked;
    const out = new Int32Array(k);
    for (let i = 0; i < k; i++) {
      const j = i + rng.nextInt(n - i);
      const vj = slots[j];
      slots[j] = slots[i];
      out[i] = vj;
      picked[i] = j;
    }
    for (let i = 0; i < k; i++) {
      slots[i] = i;
      slots[picked[i]] = picked[i];
    }
    return out;
  }
}
