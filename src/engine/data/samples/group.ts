/** Bookkeeping shared by loaders whose records arrive interleaved across tasks (Google, long CSV). */

/**
 * Dense numbering of numeric keys in order of first appearance: an open-addressing table over
 * float64 keys (any safe integer), with no size limit of its own (a JS Map stops at 2^24 entries).
 */
export class KeyIndex {
  private keys: Float64Array;
  private slots: Int32Array;
  private mask: number;
  /** Keys in order of first appearance. */
  private order: Float64Array;
  size = 0;

  constructor(capacity = 1024) {
    let n = 16;
    while (n < capacity * 2) n *= 2;
    this.keys = new Float64Array(n);
    this.slots = new Int32Array(n).fill(-1);
    this.mask = n - 1;
    this.order = new Float64Array(Math.max(16, capacity));
  }

  /** The key's number, adding it when new. */
  add(key: number): number {
    let h = hash(key) & this.mask;
    for (;;) {
      const s = this.slots[h];
      if (s < 0) break;
      if (this.keys[h] === key) return s;
      h = (h + 1) & this.mask;
    }
    const id = this.size++;
    this.keys[h] = key;
    this.slots[h] = id;
    if (id === this.order.length) {
      const grown = new Float64Array(this.order.length * 2);
      grown.set(this.order);
      this.order = grown;
    }
    this.order[id] = key;
    if (this.size * 2 > this.mask) this.rehash();
    return id;
  }

  /** The key's number, or -1. */
  get(key: number): number {
    let h = hash(key) & this.mask;
    for (;;) {
      const s = this.slots[h];
      if (s < 0) return -1;
      if (this.keys[h] === key) return s;
      h = (h + 1) & this.mask;
    }
  }

  keyOf(id: number): number {
    return this.order[id];
  }

  private rehash(): void {
    const n = (this.mask + 1) * 2;
    const keys = new Float64Array(n);
    const slots = new Int32Array(n).fill(-1);
    const mask = n - 1;
    for (let id = 0; id < this.size; id++) {
      const key = this.order[id];
      let h = hash(key) & mask;
      while (slots[h] >= 0) h = (h + 1) & mask;
      keys[h] = key;
      slots[h] = id;
    }
    this.keys = keys;
    this.slots = slots;
    this.mask = mask;
  }
}

function hash(key: number): number {
  const lo = key >>> 0;
  const hi = (key / 4294967296) >>> 0;
  let h = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 15;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 13)) >>> 0;
}

/**
 * Stable counting sort of records by task: `offsets[t]..offsets[t + 1]` index into `order`, which
 * lists task t's records in arrival order.
 */
export function groupByTask(
  taskOf: Int32Array,
  tasks: number,
): { offsets: Int32Array; order: Int32Array } {
  const offsets = new Int32Array(tasks + 1);
  for (let r = 0; r < taskOf.length; r++) offsets[taskOf[r] + 1]++;
  for (let t = 0; t < tasks; t++) offsets[t + 1] += offsets[t];
  const next = offsets.slice(0, tasks);
  const order = new Int32Array(taskOf.length);
  for (let r = 0; r < taskOf.length; r++) order[next[taskOf[r]]++] = r;
  return { offsets, order };
}
