/**
 * What holds memory in this page, for the status line: the realization matrices of the pools the
 * runner keeps (shared once, or once per worker in the copying mode), the paper lab's cache, and
 * the main thread's JavaScript heap where the browser tells it (Chromium).
 */
import type { Runner } from '../runtime/runner.ts';
import { LAB_CACHE } from './paperLab.ts';

export interface MemoryReadout {
  /** Bytes of realization matrices held (null when the runner does not say). */
  readonly poolBytes: number | null;
  readonly pools: number | null;
  readonly caches: readonly {
    readonly name: string;
    readonly entries: number;
    readonly bytes: number;
  }[];
  /** The main thread's used JS heap (null where the browser does not expose it). */
  readonly heapBytes: number | null;
}

interface PoolStats {
  poolBytes?: () => number;
  poolCount?: () => number;
}

export function readMemory(runner: Runner | null): MemoryReadout {
  const stats = (runner ?? {}) as PoolStats;
  const heap = (globalThis.performance as { memory?: { usedJSHeapSize?: number } } | undefined)
    ?.memory?.usedJSHeapSize;
  return {
    poolBytes: stats.poolBytes ? stats.poolBytes() : null,
    pools: stats.poolCount ? stats.poolCount() : null,
    caches: [{ name: 'paper lab', entries: LAB_CACHE.size, bytes: LAB_CACHE.bytes }],
    heapBytes: typeof heap === 'number' ? heap : null,
  };
}

const MB = 2 ** 20;
const mb = (bytes: number) => `${(bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0)} MB`;

/** One short line ("pools 48 MB · caches 1.2 MB · heap 21 MB"), a longer one for a tooltip. */
export function describeMemory(m: MemoryReadout): { short: string; long: string } {
  const cacheBytes = m.caches.reduce((sum, c) => sum + c.bytes, 0);
  const parts: string[] = [];
  if (m.poolBytes !== null) parts.push(`pools ${mb(m.poolBytes)}`);
  parts.push(`caches ${mb(cacheBytes)}`);
  if (m.heapBytes !== null) parts.push(`heap ${mb(m.heapBytes)}`);
  const long = [
    m.poolBytes !== null
      ? `Realization matrices: ${mb(m.poolBytes)} in ${m.pools} pool${m.pools === 1 ? '' : 's'}`
      : null,
    ...m.caches.map(
      (c) => `Cache of the ${c.name}: ${c.entries} results, ${mb(c.bytes)} (estimated)`,
    ),
    m.heapBytes !== null ? `JavaScript heap of this page: ${mb(m.heapBytes)}` : null,
  ]
    .filter((x) => x !== null)
    .join('\n');
  return { short: parts.join(' · '), long };
}
