/**
 * Packings already made on a pool, so that a ρ (or any other parameter) the user comes back to —
 * a drag back and forth over the slider's positions — is answered in the same frame, with no round
 * trip to the workers. Keyed by the pool handle first (a new pool, e.g. new data or a refreshed
 * live source, starts empty) and then by `packKey`, which holds everything a packing depends on:
 * data and upload hash, scale, realizations, seed, realization mode, tasks, instance, packer, fit
 * with its ρ, capacity, clairvoyance, source, rebalancing. Bounded in entries and bytes.
 */
import { BoundedCache } from '../../runtime/boundedCache.ts';
import type { PoolHandle } from '../../runtime/runner.ts';
import type { PackResponse } from '../../protocol/api.ts';

const BOUNDS = { maxEntries: 256, maxBytes: 128 * 2 ** 20 };

const byPool = new WeakMap<PoolHandle, BoundedCache<PackResponse>>();

export function recentPack(pool: PoolHandle, key: string): PackResponse | undefined {
  return byPool.get(pool)?.get(key);
}

export function keepPack(pool: PoolHandle, key: string, response: PackResponse): void {
  let cache = byPool.get(pool);
  if (!cache) byPool.set(pool, (cache = new BoundedCache(BOUNDS)));
  cache.set(key, response);
}
