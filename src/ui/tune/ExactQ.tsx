/**
 * Pack's exact q: the convolution of each machine's task histograms gives its overflow
 * probability without Monte Carlo noise, so q far below 1/|E| shows; computed in the worker pool when
 * the packing changes, marked as computing until it lands. One <div> of the headline's <dl>.
 */
import { useEffect, useState } from 'react';
import { DEFAULT_BIN } from '../../engine/index.ts';
import { meanExactQ } from '../../state/pack/exactQ.ts';
import { packKey } from '../../state/common/params.ts';
import { useExplorer } from '../../state/common/store.ts';
import { useJobPool } from './useJobPool.ts';
import { formatFixed } from '../../present/format.ts';

/** q = mean P(S > B) and its bracket mean P(S ≥ B), S a machine's total in bins of width w. */
interface Exact {
  readonly q: number;
  readonly atLeast: number;
}

/** Recent results by packing key, so returning to Pack does not recompute. */
const cache = new Map<string, Exact>();
const CACHE_SIZE = 32;

export function formatExactQ(q: number): string {
  if (q === 0) return '0';
  return formatFixed(q, 4);
}

export function ExactQ() {
  const jobs = useJobPool();
  const pack = useExplorer((s) => s.pack);
  const capacity = useExplorer((s) => s.params.capacity);
  const clairvoyance = useExplorer((s) => s.params.clairvoyance);
  const current = useExplorer((s) => s.pack.status === 'ready' && s.pack.key === packKey(s.params));
  const [shown, setShown] = useState<{ key: string; exact: Exact } | null>(null);
  const [error, setError] = useState<{ key: string; message: string } | null>(null);
  const key = current ? pack.key : null;
  const response = pack.response;

  useEffect(() => {
    if (!key || !jobs || !response) return;
    if (cache.has(key)) return;
    const abort = new AbortController();
    // P(S ≥ B) = P(S > B − 1): the same convolution at capacity c − w (⌊(c − w)/w⌋ = B − 1).
    const meanOver = (c: number) =>
      meanExactQ(jobs.runner, jobs.pool, response, c, clairvoyance, abort.signal);
    const below = capacity > DEFAULT_BIN ? meanOver(capacity - DEFAULT_BIN) : Promise.resolve(1);
    Promise.all([meanOver(capacity), below])
      .then(([q, atLeast]) => {
        const exact = { q, atLeast };
        cache.set(key, exact);
        if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
        if (!abort.signal.aborted) setShown({ key, exact });
      })
      .catch((e: unknown) => {
        if (!abort.signal.aborted)
          setError({ key, message: e instanceof Error ? e.message : String(e) });
      });
    return () => abort.abort();
  }, [key, jobs, response, capacity, clairvoyance]);

  const cached = key !== null ? cache.get(key) : undefined;
  const value = cached ?? shown?.exact;
  const computing = cached === undefined;
  const failed = computing && error !== null && error.key === key;
  return (
    <div
      title={`P(machine total > c) from the convolution of its tasks' histograms of the evaluation columns (values rounded to bins of width w = ${DEFAULT_BIN}, B = ⌊c/w⌋ bins), averaged over machines; resolves q below 1/|E|. Off the w-grid the rounding biases it: the bracket is P(total ≥ B bins).`}
    >
      <dt>exact q (convolution)</dt>
      <dd
        data-testid="exact-q"
        data-state={failed ? 'error' : computing ? 'computing' : 'ready'}
        className={computing ? 'stale' : undefined}
      >
        {failed ? `— (${error!.message})` : value !== undefined ? formatExactQ(value.q) : '…'}
        {computing && !failed && <small> computing…</small>}
      </dd>
      {!failed && value !== undefined && (
        <dd data-testid="exact-q-bracket" className={computing ? 'stale' : undefined}>
          <small>
            w = {DEFAULT_BIN}; P(total ≥ B bins) = {formatExactQ(value.atLeast)}
          </small>
        </dd>
      )}
    </div>
  );
}
