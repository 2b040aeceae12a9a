/**
 * What holds memory in this page, for the status line: the dataset's samples as stored (coded
 * samples take one or two bytes each), the realization matrices of the pools the
 * runner keeps (shared once, or once per worker in the copying mode), the paper lab's cache, and
 * the main thread's JavaScript heap where the browser tells it (Chromium).
 */
import { isCoded, samplesBytes, sampleCount } from '../../../engine/index.ts';
import type { Runner } from '../../../runtime/runner.ts';
import type { Dataset } from '../sources/datasets.ts';
import { LAB_CACHE } from '../../paper/labCache.ts';
import { explorer } from './store.ts';
import { formatCount, formatFixed } from '../../../present/format.ts';

/** The bytes of a dataset's arrays (samples or matrices), its samples, and bytes per inst sample. */
interface DatasetMemory {
  readonly bytes: number;
  readonly samples: number;
  readonly bytesPerSample: number;
}

interface MemoryReadout {
  /** The current dataset's arrays (null without a dataset). */
  readonly dataset: DatasetMemory | null;
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

export function datasetMemory(ds: Dataset | null): DatasetMemory | null {
  if (!ds) return null;
  if (ds.samples) {
    const inst = ds.samples.inst;
    const perSample = isCoded(inst) ? inst.codes.BYTES_PER_ELEMENT : 8;
    const samples = sampleCount(inst) + (ds.samples.avg ? sampleCount(ds.samples.avg) : 0);
    return { bytes: samplesBytes(ds.samples), samples, bytesPerSample: perSample };
  }
  if (!ds.matrices) return null;
  const { inst, avg } = ds.matrices;
  const bytes = inst.data.byteLength + (avg ? avg.data.byteLength : 0);
  return { bytes, samples: bytes / 4, bytesPerSample: 4 };
}

export function readMemory(
  runner: Runner | null,
  dataset: Dataset | null = explorer.getState().data.dataset,
): MemoryReadout {
  const stats = (runner ?? {}) as PoolStats;
  const heap = (globalThis.performance as { memory?: { usedJSHeapSize?: number } } | undefined)
    ?.memory?.usedJSHeapSize;
  return {
    dataset: datasetMemory(dataset),
    poolBytes: stats.poolBytes ? stats.poolBytes() : null,
    pools: stats.poolCount ? stats.poolCount() : null,
    caches: [{ name: 'paper lab', entries: LAB_CACHE.size, bytes: LAB_CACHE.bytes }],
    heapBytes: typeof heap === 'number' ? heap : null,
  };
}

const MB = 2 ** 20;
const mb = (bytes: number) => `${formatFixed(bytes / MB, bytes < 10 * MB ? 1 : 0)} MB`;

/** One short line ("pools 48 MB · caches 1.2 MB · heap 21 MB"), a longer one for a tooltip. */
export function describeMemory(m: MemoryReadout): { short: string; long: string } {
  const cacheBytes = m.caches.reduce((sum, c) => sum + c.bytes, 0);
  const parts: string[] = [];
  if (m.dataset) parts.push(`data ${mb(m.dataset.bytes)}`);
  if (m.poolBytes !== null) parts.push(`pools ${mb(m.poolBytes)}`);
  parts.push(`caches ${mb(cacheBytes)}`);
  if (m.heapBytes !== null) parts.push(`heap ${mb(m.heapBytes)}`);
  const long = [
    m.dataset
      ? `Samples of the dataset: ${mb(m.dataset.bytes)} (${formatCount(m.dataset.samples)} samples, ${m.dataset.bytesPerSample} byte${m.dataset.bytesPerSample === 1 ? '' : 's'} a sample as stored)`
      : null,
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
