/**
 * The current packing's decision trace, rebuilt in the worker pool (job `packTrace`) when `wanted`,
 * checked against the packing shown, with every task's deciding step. Kept per packing, so opening
 * the step-through again or selecting another machine does not recompute.
 */
import { useEffect, useState } from 'react';
import type { PackTrace } from '../engine/index.ts';
import { taskDecisions, type TaskDecision } from '../present/pack/decisions.ts';
import { packKey, packParams } from '../state/common/params.ts';
import { useExplorer } from '../state/common/store.ts';
import { useJobPool } from './tune/useJobPool.ts';
import { formatCount } from '../present/format.ts';

export type PackTraceState =
  | { readonly status: 'idle' | 'running' }
  | { readonly status: 'error'; readonly message: string }
  | {
      readonly status: 'ready';
      readonly trace: PackTrace;
      readonly means: Float64Array;
      readonly labels: readonly string[];
      readonly decisions: readonly TaskDecision[];
    };

/** Above this many recorded slacks (tasks × machines / 2) the trace is not rebuilt. */
const MAX_SLACKS = 30_000_000;

const cache = new Map<string, PackTraceState>();
const CACHE_SIZE = 4;

export function usePackTrace(wanted: boolean): PackTraceState {
  const jobs = useJobPool();
  const params = useExplorer((s) => s.params);
  const pack = useExplorer((s) => s.pack);
  const ids = useExplorer((s) => s.data.dataset?.ids);
  const current = pack.status === 'ready' && pack.key === packKey(params) ? pack : null;
  const key = current?.key ?? null;
  const [, setVersion] = useState(0);

  useEffect(() => {
    if (!wanted || !key || !jobs || !current?.response || cache.has(key)) return;
    const { result, rows } = current.response;
    if ((rows.length * result.mAbs) / 2 > MAX_SLACKS) return;
    const abort = new AbortController();
    const p = packParams(params);
    jobs.runner
      .runJob(jobs.pool, 'packTrace', { rows, params: p }, { signal: abort.signal })
      .then(([out]) => {
        const same = out.mAbs === result.mAbs && out.q === result.q;
        cache.set(
          key,
          same
            ? {
                status: 'ready',
                trace: out.trace,
                means: out.means,
                labels: Array.from(rows, (r) => ids?.[r] ?? String(r)),
                decisions: taskDecisions(out.trace, rows.length, p.packer),
              }
            : {
                status: 'error',
                message:
                  'The rebuilt packing differs from the one shown, so its trace is not shown.',
              },
        );
        if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
        if (!abort.signal.aborted) setVersion((v) => v + 1);
      })
      .catch((e: unknown) => {
        if (abort.signal.aborted) return;
        cache.set(key, { status: 'error', message: e instanceof Error ? e.message : String(e) });
        setVersion((v) => v + 1);
      });
    return () => abort.abort();
    // The trace depends on the packing (its key and response), not on later parameter edits.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted, key, jobs]);

  if (!key || !current?.response) return { status: 'idle' };
  const { result, rows } = current.response;
  if ((rows.length * result.mAbs) / 2 > MAX_SLACKS)
    return {
      status: 'error',
      message: `This packing is too large to step through (${formatCount(rows.length)} tasks on ${formatCount(result.mAbs)} machines); try fewer tasks.`,
    };
  return cache.get(key) ?? { status: wanted ? 'running' : 'idle' };
}
