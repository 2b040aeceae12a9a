import { BoundedCache, type CacheBounds } from '../boundedCache.ts';

/**
 * Results kept by key, bounded (least recently used first out; a figure's numbers are small, its
 * sweeps' rows larger); a failed or cancelled computation is forgotten.
 */
export class LabCache {
  private readonly done: BoundedCache<unknown>;
  private readonly running = new Map<string, Promise<unknown>>();

  constructor(bounds: CacheBounds = { maxEntries: 256, maxBytes: 16 * 2 ** 20 }) {
    this.done = new BoundedCache(bounds);
  }

  peek<T>(key: string): T | undefined {
    return this.done.get(key) as T | undefined;
  }

  async get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (this.done.has(key)) return this.done.get(key) as T;
    const inFlight = this.running.get(key);
    if (inFlight) return inFlight as Promise<T>;
    const p = compute().then(
      (v) => {
        this.done.set(key, v);
        this.running.delete(key);
        return v;
      },
      (e: unknown) => {
        this.running.delete(key);
        throw e;
      },
    );
    this.running.set(key, p);
    return p;
  }

  /** Forgets every result (e.g. when the data change). */
  clear(): void {
    this.done.clear();
  }

  get size(): number {
    return this.done.size;
  }

  /** Estimated bytes of the results held. */
  get bytes(): number {
    return this.done.bytes;
  }
}
