/**
 * Exact q (the convolution of each machine's task histograms, job `exactQ`) of one packing on its
 * pool, for a side of an A/B comparison; null while it computes. Kept per packing key.
 */
import { useEffect, useState } from 'react';
import { meanExactQ } from '../../state/pack/exactQ.ts';
import type { ExplorerState } from '../../state/common/store.ts';
import { useController } from '../controllerContext.ts';

const cache = new Map<string, number>();

export function useExactQ(
  key: string | null,
  response: ExplorerState['pack']['response'],
  pool: ExplorerState['ab']['pool'],
  capacity: number,
  clairvoyance: number,
): number | null {
  const { runner } = useController();
  const [, setVersion] = useState(0);
  useEffect(() => {
    if (!key || !response || !pool || cache.has(key)) return;
    const abort = new AbortController();
    meanExactQ(runner, pool, response, capacity, clairvoyance, abort.signal)
      .then((q) => {
        cache.set(key, q);
        if (cache.size > 16) cache.delete(cache.keys().next().value!);
        if (!abort.signal.aborted) setVersion((v) => v + 1);
      })
      .catch(() => undefined);
    return () => abort.abort();
  }, [key, response, pool, runner, capacity, clairvoyance]);
  return key === null ? null : (cache.get(key) ?? null);
}
