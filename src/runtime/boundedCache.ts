/**
 * A keyed cache bounded by entry count and by (estimated) bytes: the least recently used entries
 * make way. Bytes are estimated by walking the value (typed arrays by their length, numbers 8,
 * strings 2 per character, objects and arrays by their members), so a user can see what it holds.
 */
export interface CacheBounds {
  readonly maxEntries: number;
  readonly maxBytes: number;
}

export class BoundedCache<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private held = 0;

  constructor(private readonly bounds: CacheBounds) {}

  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  set(key: string, value: V): void {
    this.delete(key);
    const bytes = estimateBytes(value);
    this.entries.set(key, { value, bytes });
    this.held += bytes;
    for (const [k] of this.entries) {
      if (this.entries.size <= this.bounds.maxEntries && this.held <= this.bounds.maxBytes) break;
      if (k === key && this.entries.size === 1) break;
      this.delete(k);
    }
  }

  delete(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.held -= e.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.held = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Estimated bytes held. */
  get bytes(): number {
    return this.held;
  }
}

/** A rough size of a structured value in bytes (shared subobjects counted once). */
export function estimateBytes(value: unknown, seen = new Set<object>()): number {
  if (value === null || value === undefined) return 0;
  switch (typeof value) {
    case 'number':
      return 8;
    case 'boolean':
      return 4;
    case 'string':
      return 2 * value.length;
    case 'object':
      break;
    default:
      return 0;
  }
  const o = value as object;
  if (seen.has(o)) return 0;
  seen.add(o);
  if (ArrayBuffer.isView(o)) return o.byteLength;
  if (o instanceof ArrayBuffer) return o.byteLength;
  let bytes = 16;
  if (Array.isArray(o)) for (const v of o) bytes += 8 + estimateBytes(v, seen);
  else if (o instanceof Map)
    for (const [k, v] of o) bytes += estimateBytes(k, seen) + estimateBytes(v, seen);
  else for (const [k, v] of Object.entries(o)) bytes += 2 * k.length + estimateBytes(v, seen);
  return bytes;
}
